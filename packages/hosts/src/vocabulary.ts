import { type Capability, capabilityOf } from "@roster/family";

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

// The model table is core's: `roster export` and `sync` leave out the same models (SPEC §16).
export { acceptModel, chooseModel } from "@roster/family";
