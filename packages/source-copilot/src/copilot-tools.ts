/**
 * Copilot's tool aliases (and the host tool names it accepts for each) mapped onto
 * roster's tool vocabulary (`read, grep, find, ls, edit, write, bash, task, web_search, …`).
 */
export const COPILOT_TOOL_ALIASES: Readonly<
  Record<string, { names: readonly string[]; roster: readonly string[] }>
> = {
  execute: { names: ["shell", "bash", "powershell"], roster: ["bash"] },
  read: { names: ["notebookread"], roster: ["read"] },
  edit: { names: ["multiedit", "write", "notebookedit"], roster: ["edit", "write"] },
  search: { names: ["grep", "glob"], roster: ["grep", "find", "ls"] },
  agent: { names: ["custom-agent", "task"], roster: ["task"] },
  web: { names: ["websearch", "webfetch"], roster: ["web_search", "fetch"] },
  todo: { names: ["todowrite"], roster: ["todo"] },
};

const BY_NAME = new Map<string, readonly string[]>();
for (const [alias, { names, roster }] of Object.entries(COPILOT_TOOL_ALIASES)) {
  BY_NAME.set(alias, roster);
  for (const name of names) BY_NAME.set(name, roster);
}

/**
 * Maps a Copilot `tools` list onto roster's names: an alias (case-insensitive) becomes its
 * roster tools; `server/tool` and `server/*` (MCP) stay as written; `*` (every tool)
 * gives `undefined`, meaning no restriction.
 *
 * @example mapCopilotTools(["read", "search"]) // ["read", "grep", "find", "ls"]
 */
export function mapCopilotTools(tools: readonly string[]): string[] | undefined {
  if (tools.some((tool) => tool.trim() === "*")) return undefined;
  const out: string[] = [];
  for (const tool of tools) {
    const key = tool.trim().toLowerCase();
    for (const name of BY_NAME.get(key) ?? [tool.trim()]) if (!out.includes(name)) out.push(name);
  }
  return out;
}
