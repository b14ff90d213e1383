/** The tools whose model names roster knows: each host's `--model` and each writer's `model`. */
export type ModelTool = "claude" | "codex" | "gemini" | "opencode" | "copilot";

const PREFIXES: Record<ModelTool, readonly string[]> = {
  claude: ["anthropic/"],
  codex: ["openai/"],
  gemini: ["google/", "gemini/"],
  opencode: [],
  copilot: ["github-copilot/", "copilot/", "anthropic/", "openai/", "google/"],
};

/** True for a tool {@link acceptModel} knows. */
export function isModelTool(tool: string): tool is ModelTool {
  return Object.hasOwn(PREFIXES, tool);
}

/**
 * Whether a tool takes a model name, and in which spelling (`anthropic/claude-x` is
 * `claude-x` for Claude Code; `gemini-2.5-pro` is `google/gemini-2.5-pro` for opencode), or
 * `undefined`. One table for `roster run` (the hosts) and `roster export`/`sync` (the writers);
 * `aliases` are the short names the tool's family vocabulary lists (`opus`, `flash`). A tool
 * roster has no table for (a config family's) takes the name as given.
 */
export function acceptModel(
  tool: string,
  model: string,
  aliases: readonly string[] = [],
): string | undefined {
  let m = model.trim();
  if (!m) return undefined;
  if (tool === "opencode") {
    if (/^[\w.-]+\/\S+$/.test(m)) return m;
    if (/^claude-/.test(m)) return `anthropic/${m}`;
    if (/^(gpt-|o\d|codex-)/.test(m)) return `openai/${m}`;
    if (/^gemini-/.test(m)) return `google/${m}`;
    return undefined;
  }
  if (!isModelTool(tool)) return m;
  for (const prefix of PREFIXES[tool]) if (m.startsWith(prefix)) m = m.slice(prefix.length);
  if (m.includes("/")) return undefined;
  switch (tool) {
    case "claude":
      return /^claude-/.test(m) || aliases.includes(m) ? m : undefined;
    case "codex":
      return /^(gpt-|o\d|codex-|chatgpt-)/.test(m) ? m : undefined;
    case "gemini":
      return /^gemini-/.test(m) || aliases.includes(m) ? m : undefined;
    case "copilot":
      return /^(claude-|gpt-|gemini-|o\d|grok-)/.test(m) || aliases.includes(m) ? m : undefined;
  }
}

/** The first model of the list the tool takes (in its spelling), and the ones skipped before it. */
export function chooseModel(
  tool: string,
  models: readonly string[] | null | undefined,
  aliases: readonly string[] = [],
): { model?: string; skipped: string[] } {
  const skipped: string[] = [];
  for (const m of models ?? []) {
    const accepted = acceptModel(tool, m, aliases);
    if (accepted !== undefined) return { model: accepted, skipped };
    skipped.push(m);
  }
  return { skipped };
}
