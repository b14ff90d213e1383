import type { Capability } from "@roster/family";

/** Copilot CLI's tool names as `--excluded-tools` takes them (its agent files take the aliases of `copilotVocabulary`). */
export const COPILOT_TOOL_IDS: Record<Capability, readonly string[]> = {
  read: ["view"],
  grep: ["grep"],
  find: ["glob"],
  ls: [],
  lsp: [],
  web_search: [],
  fetch: ["web_fetch"],
  bash: ["bash"],
  edit: ["edit"],
  write: ["create"],
  task: ["task"],
  todo: [],
};
