/**
 * Spellings of the same tool across vocabularies, by roster's name (after lower-casing):
 * Claude Code's `glob` is roster's `find`, its `webfetch` is `fetch`, and so on.
 */
const SYNONYMS: Readonly<Record<string, string>> = {
  glob: "find",
  webfetch: "fetch",
  web_fetch: "fetch",
  websearch: "web_search",
  google_web_search: "web_search",
  agent: "task",
  todowrite: "todo",
  write_todos: "todo",
  multiedit: "edit",
  notebookedit: "edit",
  replace: "edit",
  notebookread: "read",
  read_file: "read",
  read_many_files: "read",
  grep_search: "grep",
  list_directory: "ls",
  run_shell_command: "bash",
  write_file: "write",
  shell: "bash",
};

/**
 * roster's canonical name of a tool (`Glob` → `find`, `WebFetch` → `fetch`); names it does
 * not know come back lower-cased.
 *
 * @example canonicalToolName("WebSearch") // "web_search"
 */
export function canonicalToolName(name: string): string {
  const lower = name.trim().toLowerCase();
  return SYNONYMS[lower] ?? lower;
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
