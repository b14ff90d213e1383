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
 * What the families of a set call each tool, as one table: a tool's name in any of their
 * vocabularies (after lower-casing) stands for one capability. Built by `toolTable`;
 * the app's is its family set's `tools`.
 */
export interface ToolTable {
  /**
   * The capability a tool name stands for, in any vocabulary of the set, or undefined (an MCP
   * tool, roster's `submit_result`, …).
   *
   * @example tools.capabilityOf("run_shell_command") // "bash"
   */
  capabilityOf(tool: string): Capability | undefined;
  /**
   * roster's canonical name of a tool (`Glob` → `find`, `WebFetch` → `fetch`); names the set
   * does not know come back lower-cased.
   */
  canonicalToolName(name: string): string;
  /**
   * Whether a tool name is read-only (`READ_ONLY_CAPABILITIES`: reading, searching, listing, the todo list); a permission rule
   * (`Read(src/**)`) by the tool it names. A name no family knows (an MCP tool) is not.
   *
   * @example tools.isReadOnlyTool("Glob") // true; tools.isReadOnlyTool("Bash(git status)") // false
   */
  isReadOnlyTool(name: string): boolean;
  /**
   * The tools of a list (`Read, Grep`, `Bash(git add:*) Edit`, an array) that do more than read:
   * what a command's or skill's `allowed-tools` would pre-approve beyond reading. A tool no
   * family knows counts as more.
   *
   * @example tools.toolsBeyondReading("Read Bash(git status:*)") // ["Bash(git status:*)"]
   */
  toolsBeyondReading(value: unknown): string[];
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
