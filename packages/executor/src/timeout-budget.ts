// One timeout bounds a whole run (issue 50): every task of a call and a host's own checks share
// it, and a host is asked to wind down (SIGTERM) before the end, so that its wind-down fits
// inside the budget; at the end its process group is killed (SIGKILL).

/** The most a host is given to wind down after SIGTERM, before SIGKILL at the timeout. */
export const TERM_GRACE_MS = 1000;

/**
 * How long before the timeout a host gets SIGTERM: {@link TERM_GRACE_MS}, or a quarter of
 * the timeout when that is shorter (a 2 s timeout: SIGTERM at 1.5 s, SIGKILL at 2 s).
 */
export function terminationGrace(timeoutMs: number): number {
  return Math.min(TERM_GRACE_MS, Math.floor(timeoutMs / 4));
}

/** When a child is asked to stop (SIGTERM) and killed (SIGKILL), in ms from now. */
export interface KillSchedule {
  termInMs: number;
  killInMs: number;
}

/**
 * The schedule of a child that may run until `deadline` (on `performance.now()`'s clock) of a
 * run whose whole timeout is `timeoutMs`: SIGTERM {@link terminationGrace} before the deadline
 * (at once when it started later than that), SIGKILL at the deadline (at once when it is past).
 */
export function killSchedule(options: { deadline: number; timeoutMs: number; now: number }): KillSchedule {
  const killInMs = Math.max(0, options.deadline - options.now);
  const termInMs = Math.max(0, killInMs - terminationGrace(options.timeoutMs));
  return { termInMs, killInMs };
}

/** The end of a run on `performance.now()`'s clock: its `deadline`, else `timeoutMs` from now, else none. */
export function deadlineOf(run: { deadline?: number; timeoutMs?: number }, now: number): number | undefined {
  if (run.deadline !== undefined) return run.deadline;
  return run.timeoutMs !== undefined && run.timeoutMs > 0 ? now + run.timeoutMs : undefined;
}
