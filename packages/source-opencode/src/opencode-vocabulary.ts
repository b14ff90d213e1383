import type { FamilyVocabulary } from "@roster/family";
/**
 * opencode's words: its permission keys for each capability, its reasoning variants
 * (`--variant`), no permission modes of its own. The writer (`export --to opencode`) and the
 * host (`run --host opencode`) both read this table.
 */
export const opencodeVocabulary: FamilyVocabulary = {
  tools: {
    read: ["read"],
    grep: ["grep"],
    find: ["glob"],
    ls: ["list"],
    lsp: ["lsp"],
    web_search: ["websearch"],
    fetch: ["webfetch"],
    bash: ["bash"],
    edit: ["edit"],
    write: ["edit"],
    task: ["task"],
    todo: ["todowrite"],
  },
  // opencode's patch tool, its `todoread`.
  toolAliases: { edit: ["patch"], todo: ["todoread"] },
  effort: { minimal: "minimal", low: "low", medium: "medium", high: "high", xhigh: "xhigh" },
  permissionModes: {},
  modelAliases: [],
  // opencode takes `provider/model` as written; a bare id of a known vendor gets its provider.
  models: {
    takes: [/^[\w.-]+\/\S+$/],
    respell: [
      { match: /^claude-/, prefix: "anthropic/" },
      { match: /^(gpt-|o\d|codex-)/, prefix: "openai/" },
      { match: /^gemini-/, prefix: "google/" },
    ],
  },
};
