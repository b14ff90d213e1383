import type { Diagnostic } from "./types.js";

/** A child session's depth and spawn policy, read back from its environment. */
export interface SessionFromEnv {
  /** `ROSTER_TASK_DEPTH`, or 0 when it is unset. */
  depth: number;
  /**
   * `ROSTER_SPAWNS` as given (`"*"`, `""` or CSV); absent when the variable is unset.
   * `""` (nothing may be spawned) whenever the depth could not be read.
   */
  spawns?: string;
  /** `executor/bad-task-depth` (error) when `ROSTER_TASK_DEPTH` is set but malformed. */
  diagnostics: Diagnostic[];
}

/**
 * Reads `ROSTER_TASK_DEPTH` and `ROSTER_SPAWNS`, so a child that is itself a roster
 * session keeps its parent's guardrails. `PI_BLOCKED_AGENT` is read by the task tool.
 *
 * Fails closed: a depth that is set but is not a plain non-negative integer (`-1`, `abc`,
 * `1e3`, empty) gives an error diagnostic, and the session's spawn policy becomes `""`, so
 * a caller that ignores the diagnostic still starts nothing. A caller should refuse to run
 * and show the diagnostic.
 */
export function readSessionFromEnv(env: Record<string, string | undefined>): SessionFromEnv {
  const diagnostics: Diagnostic[] = [];
  const result: SessionFromEnv = { depth: 0, diagnostics };
  if (env.ROSTER_SPAWNS !== undefined) result.spawns = env.ROSTER_SPAWNS;
  const raw = env.ROSTER_TASK_DEPTH;
  if (raw === undefined) return result;
  const depth = /^\s*\d+\s*$/.test(raw) ? Number(raw) : Number.NaN;
  if (Number.isSafeInteger(depth)) result.depth = depth;
  else {
    diagnostics.push({
      severity: "error",
      code: "executor/bad-task-depth",
      message: `ROSTER_TASK_DEPTH=${JSON.stringify(raw.slice(0, 40))} is not a non-negative integer, so this session's depth is unknown: refusing to run (a parent roster sets it; unset it at the top level)`,
    });
    result.spawns = "";
  }
  return result;
}
