import type { FamilyVocabulary } from "@roster/family";
import { GEMINI_BUILTIN_TOOLS } from "./gemini-tools.js";

/**
 * Gemini CLI's words: its built-in tool names (0.61), no thinking level and no permission
 * mode for an agent, and its model aliases. The writer (`export --to gemini`) and the host
 * (`run --host gemini`) both read this table.
 */
export const geminiVocabulary: FamilyVocabulary = {
  tools: {
    read: ["read_file", "read_many_files"],
    grep: ["grep_search"],
    find: ["glob"],
    ls: ["list_directory"],
    lsp: [],
    web_search: ["google_web_search"],
    fetch: ["web_fetch"],
    bash: ["run_shell_command"],
    edit: ["replace"],
    write: ["write_file"],
    task: ["invoke_agent"],
    todo: ["write_todos"],
  },
  // `grep_search`'s older name, still met in agent files.
  toolAliases: { grep: ["search_file_content"] },
  effort: {},
  permissionModes: {},
  modelAliases: ["auto", "pro", "flash", "flash-lite"],
  // `google/gemini-x` (or `gemini/gemini-x`) is `gemini-x` to Gemini CLI; it takes `gemini-…` ids and its aliases.
  models: { strip: ["google/", "gemini/"], takes: [/^gemini-[^/]*$/] },
  builtInTools: GEMINI_BUILTIN_TOOLS,
};
