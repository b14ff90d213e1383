import type { FamilyVocabulary } from "@roster/family";
/**
 * Codex's words: it has no per-agent tool list (a tool list decides the sandbox), its
 * `model_reasoning_effort` and `-c model_reasoning_effort=` take `none, minimal, low, medium,
 * high, xhigh`, and a permission mode becomes its nearest `sandbox_mode` / `-s`. The writer (`export --to
 * codex`) and the host (`run --host codex`) both read this table.
 */
export const codexVocabulary: FamilyVocabulary = {
  tools: {
    read: [],
    grep: [],
    find: [],
    ls: [],
    lsp: [],
    web_search: [],
    fetch: [],
    bash: [],
    edit: [],
    write: [],
    task: [],
    todo: [],
  },
  // Codex's own editing tool: it takes no list of tools, but another tool's file may name it.
  toolAliases: { edit: ["apply_patch"] },
  effort: { off: "none", minimal: "minimal", low: "low", medium: "medium", high: "high", xhigh: "xhigh" },
  // Codex has sandboxes, not permission modes: the nearest sandbox of each.
  permissionModes: {
    plan: "read-only",
    acceptEdits: "workspace-write",
    bypassPermissions: "danger-full-access",
  },
  modelAliases: [],
  // `openai/gpt-5` is `gpt-5` to Codex; it takes OpenAI's ids.
  models: { strip: ["openai/"], takes: [/^(gpt-|o\d|codex-|chatgpt-)[^/]*$/] },
  // A role file's own settings that let it write or run without asking (the audit of a source, SPEC §20).
  raisingSettings: {
    sandbox_mode: ["workspace-write", "danger-full-access"],
    approval_policy: ["never"],
  },
};
