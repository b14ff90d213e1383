import type { FamilyVocabulary } from "@roster/family";

/**
 * Claude Code's words, checked against `@anthropic-ai/claude-code` 2.1.197 (its `--help` and
 * its bundle): the sub-agent tool is `Agent` (`Task` is its old alias), there is no `LS` (a
 * listing is `Glob`), `--effort` and an agent's `effort` take `low, medium, high, xhigh, max`,
 * `--permission-mode` and an agent's `permissionMode` take the six modes below. The writer
 * (`export --to claude`) and the host (`run --host claude`) both read this table.
 */
export const claudeVocabulary: FamilyVocabulary = {
  tools: {
    read: ["Read"],
    grep: ["Grep"],
    find: ["Glob"],
    ls: ["Glob"],
    lsp: [],
    web_search: ["WebSearch"],
    fetch: ["WebFetch"],
    bash: ["Bash"],
    edit: ["Edit"],
    write: ["Write"],
    task: ["Agent"],
    todo: ["TodoWrite"],
  },
  // Retired names Claude Code's older agent files carry, read by what they do.
  toolAliases: {
    read: ["NotebookRead"],
    ls: ["LS"],
    edit: ["MultiEdit", "NotebookEdit"],
    task: ["Task"],
    todo: ["TodoRead"],
  },
  // roster's `minimal` is Claude Code's lowest; its `max` has no roster level above xhigh.
  effort: { minimal: "low", low: "low", medium: "medium", high: "high", xhigh: "xhigh" },
  permissionModes: {
    acceptEdits: "acceptEdits",
    auto: "auto",
    bypassPermissions: "bypassPermissions",
    default: "default",
    dontAsk: "dontAsk",
    plan: "plan",
  },
  modelAliases: ["opus", "sonnet", "haiku", "fable", "opusplan", "best", "default"],
  // `anthropic/claude-x` is `claude-x` to Claude Code; it takes `claude-…` ids and its aliases.
  models: { strip: ["anthropic/"], takes: [/^claude-[^/]*$/] },
};
