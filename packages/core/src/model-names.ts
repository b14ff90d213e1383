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
 * `undefined`. One table for `roster run` (the hosts) and `roster export`/`sync` (the writers).
 */
export function acceptModel(tool: ModelTool, model: string): string | undefined {
  let m = model.trim();
  if (!m) return undefined;
  if (tool === "opencode") {
    if (/^[\w.-]+\/\S+$/.test(m)) return m;
    if (/^claude-/.test(m)) return `anthropic/${m}`;
    if (/^(gpt-|o\d|codex-)/.test(m)) return `openai/${m}`;
    if (/^gemini-/.test(m)) return `google/${m}`;
    return undefined;
  }
  for (const prefix of PREFIXES[tool]) if (m.startsWith(prefix)) m = m.slice(prefix.length);
  if (m.includes("/")) return undefined;
  switch (tool) {
    case "claude":
      return /^claude-/.test(m) ||
        ["opus", "sonnet", "haiku", "fable", "opusplan", "best", "default"].includes(m)
        ? m
        : undefined;
    case "codex":
      return /^(gpt-|o\d|codex-|chatgpt-)/.test(m) ? m : undefined;
    case "gemini":
      return /^gemini-/.test(m) || ["auto", "pro", "flash", "flash-lite"].includes(m) ? m : undefined;
    case "copilot":
      return /^(claude-|gpt-|gemini-|o\d|grok-)/.test(m) || m === "auto" ? m : undefined;
  }
}

/** The first model of the list the tool takes (in its spelling), and the ones skipped before it. */
export function chooseModel(
  tool: ModelTool,
  models: readonly string[] | null | undefined,
): { model?: string; skipped: string[] } {
  const skipped: string[] = [];
  for (const m of models ?? []) {
    const accepted = acceptModel(tool, m);
    if (accepted !== undefined) return { model: accepted, skipped };
    skipped.push(m);
  }
  return { skipped };
}
