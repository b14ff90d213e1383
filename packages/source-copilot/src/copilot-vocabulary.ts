import type { FamilyVocabulary } from "@roster/family";
/**
 * Copilot's words: the tool aliases of a custom agent's `tools`, its `--reasoning-effort`
 * levels, no permission modes for an agent. The writer (`export --to copilot`) and the host
 * (`run --host copilot`) both read this table.
 */
export const copilotVocabulary: FamilyVocabulary = {
  tools: {
    read: ["read"],
    grep: ["search"],
    find: ["search"],
    ls: ["search"],
    lsp: [],
    web_search: ["web"],
    fetch: ["web"],
    bash: ["execute"],
    edit: ["edit"],
    write: ["edit"],
    task: ["agent"],
    todo: ["todo"],
  },
  // Copilot CLI's own tool names (`view`, `create`, `str_replace`) and the
  // names its aliases fold in (`execute`: `shell`, `powershell`; `agent`: `custom-agent`).
  toolAliases: {
    read: ["view"],
    bash: ["shell", "powershell"],
    edit: ["str_replace"],
    write: ["create"],
    task: ["custom-agent"],
  },
  effort: { off: "none", minimal: "minimal", low: "low", medium: "medium", high: "high", xhigh: "xhigh" },
  permissionModes: {},
  modelAliases: ["auto"],
  // Copilot CLI takes the ids of the vendors it offers, without their provider prefix.
  models: {
    strip: ["github-copilot/", "copilot/", "anthropic/", "openai/", "google/"],
    takes: [/^(claude-|gpt-|gemini-|o\d|grok-)[^/]*$/],
  },
};
