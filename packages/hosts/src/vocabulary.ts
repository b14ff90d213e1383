import { type Capability, capabilityOf } from "@roster/core";
import type { HostId } from "./types.js";

/** Copilot's tool names as `--excluded-tools` takes them. */
export const COPILOT_TOOL_IDS: Record<Capability, readonly string[]> = {
  read: ["view"],
  grep: ["grep"],
  find: ["glob"],
  ls: [],
  lsp: [],
  web_search: [],
  fetch: ["web_fetch"],
  bash: ["bash"],
  edit: ["edit"],
  write: ["create"],
  task: ["task"],
  todo: [],
};

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

const PREFIXES: Readonly<Record<string, readonly string[]>> = {
  claude: ["anthropic/"],
  codex: ["openai/"],
  gemini: ["google/", "gemini/"],
  opencode: [],
  copilot: ["github-copilot/", "copilot/", "anthropic/", "openai/", "google/"],
};

/**
 * Whether a host takes a model name, and in which spelling; `aliases` are the short names its
 * family's vocabulary lists (`opus`, `flash`).
 */
export function acceptModel(
  host: HostId,
  model: string,
  aliases: readonly string[] = [],
): string | undefined {
  let m = model.trim();
  if (!m) return undefined;
  if (host === "opencode") {
    if (/^[\w.-]+\/\S+$/.test(m)) return m;
    if (/^claude-/.test(m)) return `anthropic/${m}`;
    if (/^(gpt-|o\d|codex-)/.test(m)) return `openai/${m}`;
    if (/^gemini-/.test(m)) return `google/${m}`;
    return undefined;
  }
  for (const prefix of PREFIXES[host] ?? []) if (m.startsWith(prefix)) m = m.slice(prefix.length);
  if (m.includes("/")) return undefined;
  switch (host) {
    case "claude":
      return /^claude-/.test(m) || aliases.includes(m) ? m : undefined;
    case "codex":
      return /^(gpt-|o\d|codex-|chatgpt-)/.test(m) ? m : undefined;
    case "gemini":
      return /^gemini-/.test(m) || aliases.includes(m) ? m : undefined;
    case "copilot":
      return /^(claude-|gpt-|gemini-|o\d|grok-)/.test(m) || aliases.includes(m) ? m : undefined;
    default:
      // A config family's host: the name as given.
      return m;
  }
}

/** The first model of the list the host takes, and the ones it skipped. */
export function chooseModel(
  host: HostId,
  models: readonly string[] | null,
  aliases: readonly string[] = [],
): { model?: string; skipped: string[] } {
  const skipped: string[] = [];
  for (const m of models ?? []) {
    const accepted = acceptModel(host, m, aliases);
    if (accepted !== undefined) return { model: accepted, skipped };
    skipped.push(m);
  }
  return { skipped };
}
