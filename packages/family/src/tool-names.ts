import {
  type FileFormat,
  type FormatResult,
  markdownFormat,
  reshapeParsed,
  type SourceFile,
} from "@roster/core";

/** What a tool does, whatever a vocabulary calls it: roster's canonical tool names. */
export type Capability =
  | "read"
  | "grep"
  | "find"
  | "ls"
  | "lsp"
  | "web_search"
  | "fetch"
  | "bash"
  | "edit"
  | "write"
  | "task"
  | "todo";

/** Every capability, in the order vocabularies list them. */
export const CAPABILITIES: readonly Capability[] = [
  "read",
  "grep",
  "find",
  "ls",
  "lsp",
  "web_search",
  "fetch",
  "bash",
  "edit",
  "write",
  "task",
  "todo",
];

/**
 * Every spelling roster meets in agent files (after lower-casing), by capability: the one
 * table of synonyms. Claude Code's `glob` is roster's `find`, its `webfetch` is `fetch`,
 * Gemini CLI's `run_shell_command` is `bash`, Copilot's `execute` is `bash`, and so on.
 */
const SYNONYMS: Readonly<Record<Capability, readonly string[]>> = {
  read: ["read", "read_file", "read_many_files", "view", "notebookread"],
  grep: ["grep", "grep_search", "search_file_content", "search"],
  find: ["find", "glob"],
  ls: ["ls", "list", "list_directory"],
  lsp: ["lsp"],
  web_search: ["web_search", "websearch", "google_web_search", "web"],
  fetch: ["fetch", "web_fetch", "webfetch"],
  bash: ["bash", "shell", "execute", "run_shell_command", "powershell"],
  edit: ["edit", "multiedit", "replace", "str_replace", "patch", "apply_patch", "notebookedit"],
  write: ["write", "write_file", "create"],
  task: ["task", "agent", "invoke_agent", "custom-agent"],
  todo: ["todo", "todowrite", "todoread", "write_todos"],
};

const BY_NAME = new Map<string, Capability>();
for (const cap of CAPABILITIES) for (const name of SYNONYMS[cap]) BY_NAME.set(name, cap);

/**
 * The capability a tool name stands for, in any vocabulary, or undefined (an MCP tool,
 * roster's `submit_result`, …).
 *
 * @example capabilityOf("run_shell_command") // "bash"
 */
export function capabilityOf(tool: string): Capability | undefined {
  return BY_NAME.get(tool.trim().toLowerCase());
}

/**
 * roster's canonical name of a tool (`Glob` → `find`, `WebFetch` → `fetch`); names it does
 * not know come back lower-cased.
 *
 * @example canonicalToolName("WebSearch") // "web_search"
 */
export function canonicalToolName(name: string): string {
  return capabilityOf(name) ?? name.trim().toLowerCase();
}

/** An MCP tool name taken apart: its server and tool (`undefined`: every tool of the server). */
export interface McpToolName {
  server: string;
  tool?: string;
}

/**
 * Reads an MCP tool name in any vocabulary: Claude Code's `mcp__server__tool` and
 * `mcp__server`, Gemini CLI's `mcp_server_tool` and `mcp_server_*`, Copilot's
 * `server/tool` and `server/*`; `undefined` for other names.
 *
 * @example mcpToolParts("mcp__github__search") // { server: "github", tool: "search" }
 */
export function mcpToolParts(name: string): McpToolName | undefined {
  const claude = /^mcp__([^_]+(?:_[^_]+)*?)(?:__(.+))?$/.exec(name);
  const match = claude ?? /^mcp_([^_]+)_(.+)$/.exec(name) ?? /^([\w.-]+)\/([\w.*-]+)$/.exec(name);
  if (!match) return undefined;
  const tool = match[2];
  return tool === undefined || tool === "*" ? { server: match[1]! } : { server: match[1]!, tool };
}

/** Index of the first `char` not escaped by an odd run of backslashes, from the start or (`fromEnd`) the end. */
function unescapedIndex(rule: string, char: string, fromEnd: boolean): number {
  const step = fromEnd ? -1 : 1;
  for (let i = fromEnd ? rule.length - 1 : 0; i >= 0 && i < rule.length; i += step) {
    if (rule[i] !== char) continue;
    let slashes = 0;
    for (let j = i - 1; j >= 0 && rule[j] === "\\"; j--) slashes++;
    if (slashes % 2 === 0) return i;
  }
  return -1;
}

/**
 * The tool a permission rule names, as Claude Code reads a rule (2.1.197's rule parser, read from
 * its binary): a rule without an unescaped `(` is a tool's name; `Tool(content)` names `Tool`
 * when its last unescaped `)` ends the rule, line breaks in the content included. Any other rule
 * (`Bash(git status` without its `)`, `(x)`) is read as the name of a tool no one has:
 * `undefined`, so it enables no tool.
 *
 * @example ruleToolName("Bash(git diff:*)") // "Bash"
 */
export function ruleToolName(rule: string): string | undefined {
  const open = unescapedIndex(rule, "(", false);
  if (open === -1) return rule;
  const close = unescapedIndex(rule, ")", true);
  if (close <= open || close !== rule.length - 1 || open === 0) return undefined;
  return rule.slice(0, open);
}

/**
 * A `tools` value written but naming no tool: `[]`, no value, `""` or spaces (`[""]` too).
 * Claude Code 2.1.197, Gemini CLI 0.61.0 and Copilot CLI 1.0.102 give an agent whose `tools`
 * is `[]` no tool at all, not every tool as when the key is absent (each checked offline:
 * `integration/test/hosts`); Claude Code and Copilot CLI read `""` so too, and Claude Code a
 * key without a value, which Gemini CLI and Copilot CLI refuse. A family whose tool reads it
 * so gives such an agent a list of no tools ({@link withEmptyToolsAsNone}).
 *
 * @example listsNoTool([]) // true; listsNoTool(undefined) // false (the key is absent)
 */
export function listsNoTool(value: unknown): boolean {
  // What `splitToolList` would make no item of, told without splitting (every agent file of
  // these families asks): a string of commas and spaces only, a list without a written name.
  if (value === null) return true;
  if (typeof value === "string") return !NAME_CHARACTER.test(value);
  if (Array.isArray(value)) return value.every((item) => typeof item !== "string" || item.trim() === "");
  return false;
}

/** A character of a tool's name in a list: anything but a comma or white space. */
const NAME_CHARACTER = /[^,\s]/;

/**
 * `format`, reading a `tools` key that names no tool ({@link listsNoTool}) as a list of no
 * tools: only roster's own `submit_result`, so `roster run` never gives that agent a tool its
 * file denies it. Any other value is left to the format and core.
 */
export function withEmptyToolsAsNone(format: FileFormat): FileFormat {
  return {
    ...format,
    // The name is the inner format's, untouched: a lookup of one name may pass a file whose
    // bytes cannot hold it as it passes core's markdown parser's (`nameInText`).
    nameInText: format.parse === markdownFormat.parse || format.nameInText === true,
    parse(file: SourceFile): FormatResult {
      const parsed = format.parse(file);
      if (parsed.kind === "unusable" || !Object.hasOwn(parsed.frontmatter, "tools")) return parsed;
      if (!listsNoTool(parsed.frontmatter.tools)) return parsed;
      return reshapeParsed(parsed, { frontmatter: { ...parsed.frontmatter, ...noToolFields() } });
    },
  };
}

/** The list an agent allowed no tool has: roster's own result tool, which core adds to any list. */
export const NO_TOOL = "submit_result";

/**
 * The frontmatter of an agent whose file lists no tool ({@link listsNoTool}): `tools` is
 * {@link NO_TOOL} alone, and the list as written stays empty, so `show --json` and the
 * writers see `[]`, not roster's own tool, as what the file wrote.
 */
export function noToolFields(): { tools: string[]; toolsAsWritten: string[] } {
  return { tools: [NO_TOOL], toolsAsWritten: [] };
}

/** Where the tool list of an invocation maps to, for one host. */
export interface MappedTools {
  names: string[];
  /** Tools the host has no name for. */
  dropped: string[];
}

/** Options of {@link mapTools}. */
export interface MapToolsOptions {
  /** The tools as the agent's file wrote them, when the host is of the file's own family. */
  asWritten?: readonly string[] | undefined;
  /** A permission rule in a list of allowed tools is left out; in a list of denied ones it denies its whole tool. Default `leave-out`. */
  rules?: "leave-out" | "whole-tool";
  /** `written`: every tool the file wrote keeps its spelling. Default `host`: only what the vocabulary has no name for. */
  spelling?: "host" | "written";
}

/**
 * Maps roster tool names onto a host's vocabulary (`run --host`, and the writers that write a
 * tool's own names: `export`). When the agent comes from the host's
 * own family and its file spelled a tool (`mcp__github__create_issue`, `Bash(git *)`), that
 * spelling is kept. Otherwise a permission rule (`Bash(git *)`: a tool with what it allows)
 * reaches no host that cannot be told what it allows: in a list of tools an agent may use
 * (`rules: "leave-out"`) it is left out (`dropped`), as `roster export` leaves it out of the
 * files it writes, never widened to the whole tool; in a list of tools it may not use
 * (`"whole-tool"`) it denies its whole tool, more than the rule and never less. With
 * `spelling: "written"`, every tool the file wrote keeps its spelling (a host of the file's own
 * family reads it as its own tool does); tools roster added (plan mode's, the task tool) take
 * the vocabulary's.
 */
export function mapTools(
  tools: readonly string[],
  vocabulary: Record<Capability, readonly string[]>,
  options: MapToolsOptions = {},
): MappedTools {
  const { asWritten, rules = "leave-out", spelling = "host" } = options;
  const written = new Map<string, string>();
  for (const t of asWritten ?? []) written.set(t.trim().toLowerCase(), t.trim());
  const names: string[] = [];
  const dropped: string[] = [];
  for (const tool of tools) {
    if (tool === "submit_result") continue;
    const own = written.get(tool.trim().toLowerCase());
    const rule = tool.indexOf("(");
    const cap =
      rule === -1
        ? capabilityOf(tool)
        : rules === "whole-tool"
          ? capabilityOf(tool.slice(0, rule))
          : undefined;
    // The file's own spelling wins for a rule with arguments (`Bash(git *)`), a tool roster has
    // no name for, or every tool the file wrote (`spelling: "written"`: the host reads the
    // file's names itself, as Claude Code does `read` or `MultiEdit`, which it has no tool for).
    if (own !== undefined && (spelling === "written" || own.includes("(") || !cap)) {
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

/**
 * The plan's notes on what {@link mapTools} left out for `host` (its display name): tools it
 * has no name for, and permission rules, which it cannot be told and which the whole tool
 * would widen.
 *
 * @example leftOutNotes("Gemini CLI", ["Bash(git *)"]) // ["permission rules … were left out: Bash(git *)"]
 */
export function leftOutNotes(host: string, dropped: readonly string[]): string[] {
  const rules = dropped.filter((tool) => tool.includes("("));
  const unnamed = dropped.filter((tool) => !tool.includes("("));
  const notes: string[] = [];
  if (unnamed.length > 0) notes.push(`tools ${host} has no name for were left out: ${unnamed.join(", ")}`);
  if (rules.length > 0)
    notes.push(
      `permission rules were left out (a rule goes only to the tool whose agent wrote it, and ${host}'s whole tool would allow more): ${rules.join(", ")}`,
    );
  return notes;
}
