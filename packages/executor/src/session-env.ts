import type { Diagnostic } from "./types.js";

/** A child session's depth and spawn policy, read back from its environment. */
export interface SessionFromEnv {
  /** `ROSTER_TASK_DEPTH`, or 0. */
  depth: number;
  /** `ROSTER_SPAWNS` as given (`"*"`, `""` or CSV); absent when the variable is unset. */
  spawns?: string;
  diagnostics: Diagnostic[];
}

/**
 * Reads `ROSTER_TASK_DEPTH` and `ROSTER_SPAWNS`, so a child that is itself a roster
 * session keeps its parent's guardrails. `PI_BLOCKED_AGENT` is read by the task tool.
 */
export function readSessionFromEnv(env: Record<string, string | undefined>): SessionFromEnv {
  const diagnostics: Diagnostic[] = [];
  const result: SessionFromEnv = { depth: 0, diagnostics };
  const raw = env.ROSTER_TASK_DEPTH;
  if (raw !== undefined && raw.trim() !== "") {
    if (/^\s*\d+\s*$/.test(raw)) result.depth = Number(raw);
    else {
      diagnostics.push({
        severity: "warning",
        code: "executor/bad-task-depth",
        message: `ROSTER_TASK_DEPTH=${JSON.stringify(raw)} is not a non-negative integer; depth 0 is used`,
      });
    }
  }
  if (env.ROSTER_SPAWNS !== undefined) result.spawns = env.ROSTER_SPAWNS;
  return result;
}
