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
 * spelling is kept. Otherwise a permission rule (`Bash(git *)`: a tool with what it allows)
 * reaches no host that cannot be told what it allows: in a list of tools an agent may use
 * (`rules: "leave-out"`) it is left out (`dropped`), as `roster export` leaves it out of the
 * files it writes, never widened to the whole tool; in a list of tools it may not use
 * (`"whole-tool"`) it denies its whole tool, more than the rule and never less.
 */
export function mapTools(
  tools: readonly string[],
  vocabulary: Record<Capability, readonly string[]>,
  asWritten?: readonly string[],
  rules: "leave-out" | "whole-tool" = "leave-out",
): MappedTools {
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
      `permission rules were left out (${host} cannot be told what a rule allows, and the whole tool would allow more): ${rules.join(", ")}`,
    );
  return notes;
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
