import type { HostId } from "./types.js";

/** What a tool does, whatever a host calls it. */
export type Capability =
  | "read"
  | "grep"
  | "find"
  | "ls"
  | "lsp"
  | "web_search"
  | "web_fetch"
  | "bash"
  | "edit"
  | "write"
  | "task"
  | "todo";

/** Every spelling roster meets in agent files (lower-cased), by capability. */
const SYNONYMS: Record<Capability, readonly string[]> = {
  read: ["read", "read_file", "read_many_files", "view", "notebookread"],
  grep: ["grep", "grep_search", "search_file_content", "search"],
  find: ["find", "glob"],
  ls: ["ls", "list", "list_directory"],
  lsp: ["lsp"],
  web_search: ["web_search", "websearch", "google_web_search", "web"],
  web_fetch: ["web_fetch", "webfetch", "fetch"],
  bash: ["bash", "shell", "execute", "run_shell_command", "powershell"],
  edit: ["edit", "multiedit", "replace", "str_replace", "patch", "apply_patch", "notebookedit"],
  write: ["write", "write_file", "create"],
  task: ["task", "agent", "invoke_agent", "custom-agent"],
  todo: ["todo", "todowrite", "todoread", "write_todos"],
};

const BY_NAME = new Map<string, Capability>();
for (const [cap, names] of Object.entries(SYNONYMS)) for (const n of names) BY_NAME.set(n, cap as Capability);

/** The capability a tool name stands for, or undefined (an MCP tool, roster's `submit_result`, …). */
export function capabilityOf(tool: string): Capability | undefined {
  return BY_NAME.get(tool.trim().toLowerCase());
}

/** Each host's own names for each capability (`[]`: the host has no such tool). */
export const HOST_TOOL_NAMES: Record<Exclude<HostId, "codex">, Record<Capability, readonly string[]>> = {
  claude: {
    read: ["Read"],
    grep: ["Grep"],
    find: ["Glob"],
    ls: ["Glob"],
    lsp: [],
    web_search: ["WebSearch"],
    web_fetch: ["WebFetch"],
    bash: ["Bash"],
    edit: ["Edit"],
    write: ["Write"],
    task: ["Task"],
    todo: ["TodoWrite"],
  },
  gemini: {
    read: ["read_file", "read_many_files"],
    grep: ["grep_search"],
    find: ["glob"],
    ls: ["list_directory"],
    lsp: [],
    web_search: ["google_web_search"],
    web_fetch: ["web_fetch"],
    bash: ["run_shell_command"],
    edit: ["replace"],
    write: ["write_file"],
    task: ["invoke_agent"],
    todo: ["write_todos"],
  },
  // opencode permission keys.
  opencode: {
    read: ["read"],
    grep: ["grep"],
    find: ["glob"],
    ls: ["list"],
    lsp: ["lsp"],
    web_search: ["websearch"],
    web_fetch: ["webfetch"],
    bash: ["bash"],
    edit: ["edit"],
    write: ["edit"],
    task: ["task"],
    todo: ["todowrite"],
  },
  // Copilot custom-agent tool aliases (the `tools:` of an .agent.md).
  copilot: {
    read: ["read"],
    grep: ["search"],
    find: ["search"],
    ls: ["search"],
    lsp: [],
    web_search: ["web"],
    web_fetch: ["web"],
    bash: ["execute"],
    edit: ["edit"],
    write: ["edit"],
    task: ["agent"],
    todo: ["todo"],
  },
};

/** Copilot's tool names as `--excluded-tools` takes them. */
export const COPILOT_TOOL_IDS: Record<Capability, readonly string[]> = {
  read: ["view"],
  grep: ["grep"],
  find: ["glob"],
  ls: [],
  lsp: [],
  web_search: [],
  web_fetch: ["web_fetch"],
  bash: ["bash"],
  edit: ["edit"],
  write: ["create"],
  task: ["task"],
  todo: [],
};

/** Gemini CLI's built-in tools, all of them: an allow-list is written as "deny the rest". */
export const GEMINI_BUILTIN_TOOLS: readonly string[] = [
  ...new Set(Object.values(HOST_TOOL_NAMES.gemini).flat()),
  "save_memory",
  "activate_skill",
];

/** Where the tool list of an invocation maps to, for one host. */
export interface MappedTools {
  names: string[];
  /** Tools the host has no name for. */
  dropped: string[];
}

/**
 * Maps roster tool names onto a host's vocabulary. When the agent comes from the host's
 * own family and its file spelled a tool (`mcp__github__create_issue`, `Bash(git *)`), that
 * spelling is kept.
 */
export function mapTools(
  tools: readonly string[],
  vocabulary: Record<Capability, readonly string[]>,
  asWritten?: readonly string[],
): MappedTools {
  const written = new Map<string, string>();
  for (const t of asWritten ?? []) written.set(t.trim().toLowerCase(), t.trim());
  const names: string[] = [];
  const dropped: string[] = [];
  for (const tool of tools) {
    if (tool === "submit_result") continue;
    const own = written.get(tool.trim().toLowerCase());
    const cap = capabilityOf(tool.replace(/\(.*$/s, ""));
    // The file's own spelling wins for a rule with arguments (`Bash(git *)`) or a tool roster has no name for.
    if (own !== undefined && (own.includes("(") || !cap)) {
      names.push(own);
      continue;
    }
    const mapped = cap ? vocabulary[cap] : [];
    if (mapped.length > 0) names.push(...mapped);
    else if (own !== undefined) names.push(own);
    else dropped.push(tool);
  }
  return { names: [...new Set(names)], dropped };
}

/** True when any tool changes files or runs commands. */
export function writesOrRuns(tools: readonly string[]): boolean {
  return tools.some((t) => {
    const cap = capabilityOf(t);
    return cap === "edit" || cap === "write" || cap === "bash";
  });
}

// The model table is core's: `roster export` and `sync` leave out the same models (SPEC §16).
export { acceptModel, chooseModel } from "@roster/core";
