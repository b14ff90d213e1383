import type { TaskResult } from "./types.js";

/** What a finished task says, sorted for a caller to print (see {@link summarizeResult}). */
export interface ResultSummary {
  /** An error, or an exit code other than 0. */
  failed: boolean;
  /** `failed: REASON` (the error, else `exit N`), or `exit 0`. */
  status: string;
  /** Beside the status, in order: the queue's worker, the host's session, the cost (none for a failure that cost nothing). */
  extras: string[];
  /** What a queue's worker held back from the task (a permission mode above its ceiling). */
  notes: string[];
  /** The answer, its end trimmed; undefined when empty or already in the error. */
  answer?: string;
  /** The last 10 lines of stderr, for a failure the runner has no one-line reason (`code`) for. */
  stderrTail?: string[];
}

/**
 * The parts of one finished task's report: the status and its extras, a queued task's notes,
 * the answer (not repeated when the error holds it), and the tail of stderr when nothing
 * else says why it failed.
 */
export function summarizeResult(r: TaskResult): ResultSummary {
  const failed = r.error !== undefined || r.exitCode !== 0;
  const extras: string[] = [];
  // A queued task names the worker that ran it.
  const { worker, notes } = r as { worker?: unknown; notes?: unknown };
  if (typeof worker === "string") extras.push(`worker ${worker}`);
  if (r.sessionId) extras.push(`session ${r.sessionId}`);
  // A cost of nothing on a failure is noise: nothing ran.
  if (r.cost && !(failed && r.cost.amount === 0))
    extras.push(r.cost.unit === "usd" ? `$${r.cost.amount.toFixed(4)}` : `${r.cost.amount} premium requests`);
  const summary: ResultSummary = {
    failed,
    status: failed ? `failed: ${r.error ?? `exit ${r.exitCode}`}` : `exit ${r.exitCode}`,
    extras,
    notes: Array.isArray(notes) ? notes.map(String) : [],
  };
  const answer = r.output.trimEnd();
  const repeated = failed && answer !== "" && (r.error ?? "").includes(answer.trim());
  if (answer && !repeated) summary.answer = answer;
  if (failed && r.code === undefined && r.stderr.trim())
    summary.stderrTail = r.stderr.trimEnd().split("\n").slice(-10);
  return summary;
}
