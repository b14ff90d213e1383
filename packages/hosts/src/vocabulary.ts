import { type Capability, capabilityOf } from "@roster/family";

// The mapping of a tool list onto a vocabulary is the family's: `export` and `run` share it.
export { leftOutNotes, type MappedTools, type MapToolsOptions, mapTools } from "@roster/family";

/** Copilot's tool names as `--excluded-tools` takes them. */
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

/** True when any tool changes files or runs commands. */
export function writesOrRuns(tools: readonly string[]): boolean {
  return tools.some((t) => {
    const cap = capabilityOf(t);
    return cap === "edit" || cap === "write" || cap === "bash";
  });
}

// The model table is core's: `roster export` and `sync` leave out the same models (SPEC §16).
export { acceptModel, chooseModel } from "@roster/family";
