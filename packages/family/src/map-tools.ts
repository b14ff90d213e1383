import type { Capability, ToolTable } from "./tool-names.js";

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
  /** The app's tool table (its family set's `tools`): what each name in `tools` stands for. */
  table: ToolTable;
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
  options: MapToolsOptions,
): MappedTools {
  const { asWritten, rules = "leave-out", spelling = "host", table } = options;
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
        ? table.capabilityOf(tool)
        : rules === "whole-tool"
          ? table.capabilityOf(tool.slice(0, rule))
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
