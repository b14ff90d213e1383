/** Gemini CLI's built-in tool names (0.61), checked by its agent schema. */
export const GEMINI_BUILTIN_TOOLS: readonly string[] = [
  "glob",
  "write_todos",
  "write_file",
  "google_web_search",
  "web_fetch",
  "replace",
  "run_shell_command",
  "grep_search",
  "read_many_files",
  "read_file",
  "list_directory",
  "activate_skill",
  "ask_user",
  "tracker_create_task",
  "tracker_update_task",
  "tracker_get_task",
  "tracker_list_tasks",
  "tracker_add_dependency",
  "tracker_visualize",
  "get_internal_docs",
  "enter_plan_mode",
  "exit_plan_mode",
  "update_topic",
  "complete_task",
  "invoke_agent",
  "read_mcp_resource",
  "list_mcp_resources",
];

/** Older names Gemini CLI still accepts. */
export const GEMINI_LEGACY_TOOLS: Readonly<Record<string, string>> = { search_file_content: "grep_search" };

/** Gemini tool names → roster's tool vocabulary; names not listed are kept as written. */
export const GEMINI_TO_ROSTER: Readonly<Record<string, readonly string[]>> = {
  read_file: ["read"],
  read_many_files: ["read"],
  glob: ["find"],
  grep_search: ["grep"],
  search_file_content: ["grep"],
  list_directory: ["ls"],
  run_shell_command: ["bash"],
  write_file: ["write"],
  replace: ["edit"],
  web_fetch: ["fetch"],
  google_web_search: ["web_search"],
  invoke_agent: ["task"],
  write_todos: ["todo"],
};

const SLUG = /^[a-z0-9_.:-]+$/i;

/**
 * Whether Gemini CLI accepts a tool name in an agent's `tools` (its `isValidToolName`
 * with wildcards): a built-in or legacy name, `discovered_tool_*`, `*`, `mcp_*`,
 * `mcp_<server>_*` or `mcp_<server>_<tool>`.
 */
export function isGeminiToolName(name: string): boolean {
  if (GEMINI_BUILTIN_TOOLS.includes(name) || name in GEMINI_LEGACY_TOOLS) return true;
  if (name.startsWith("discovered_tool_") || name === "*" || name === "mcp_*") return true;
  if (!name.startsWith("mcp_") || name.startsWith("mcp__")) return false;
  const match = /^([^_]+)_(.+)$/.exec(name.slice(4));
  if (!match) return false;
  const [, server, tool] = match as unknown as [string, string, string];
  if (!SLUG.test(server)) return false;
  if (tool === "*") return true;
  return !/^_*$/.test(tool) && SLUG.test(tool);
}

/**
 * Maps a Gemini `tools` list onto roster's names: `*` (every tool) gives `undefined`;
 * known names map ({@link GEMINI_TO_ROSTER}); MCP names (`mcp_*`, `mcp_github_*`) stay.
 *
 * @example mapGeminiTools(["read_file", "grep_search", "mcp_*"]) // ["read", "grep", "mcp_*"]
 */
export function mapGeminiTools(tools: readonly string[]): string[] | undefined {
  if (tools.includes("*")) return undefined;
  const out: string[] = [];
  for (const tool of tools)
    for (const name of GEMINI_TO_ROSTER[tool] ?? [tool]) if (!out.includes(name)) out.push(name);
  return out;
}
