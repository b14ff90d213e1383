import type { RunResult, TaskResult } from "@roster/executor";
import { QueueUsageError } from "./errors.js";
import { hostOfJobId } from "./names.js";
import type { JobOutcome } from "./types.js";

/** A queued task's result: the runner's fields and the job's own (kept in `--json` results). */
export type QueuedRunResult = RunResult & { jobId: string; worker?: string; notes?: string[] };

/**
 * A job's outcome as a runner's result (the executor checks it again, schema included): the
 * job's id, the worker's name and its notes ride along (printed with the header, kept in `--json`).
 */
export function resultOf(outcome: JobOutcome): QueuedRunResult {
  const base = { exitCode: null, output: "", stderr: "", truncated: false, jobId: outcome.jobId };
  if (outcome.state === "gone") return { ...base, error: outcome.reason };
  if (outcome.state === "failed")
    return {
      ...base,
      error: `the worker could not run it: ${outcome.reason}`,
      ...(outcome.worker ? { worker: outcome.worker } : {}),
    };
  const { id: _id, agent: _agent, source: _source, durationMs: _duration, ...result } = outcome.result;
  return {
    ...result,
    jobId: outcome.jobId,
    worker: outcome.worker,
    ...(outcome.notes.length > 0 ? { notes: outcome.notes } : {}),
  };
}

/**
 * What `queue wait` reports for a job: its outcome as a task's result, with the task's id,
 * agent, source and duration when it completed (else the job id, `?`, project and 0).
 */
export function waitedResult(id: string, outcome: JobOutcome): TaskResult & QueuedRunResult {
  const completed = outcome.state === "completed" ? outcome.result : undefined;
  return {
    id: completed ? completed.id : id,
    agent: completed ? completed.agent : "?",
    source: completed ? completed.source : "project",
    durationMs: completed ? completed.durationMs : 0,
    ...resultOf(outcome),
  };
}

/** The host (queue) of each job id, or a {@link QueueUsageError} naming the first id that is not roster's. */
export function hostsOfJobIds(ids: readonly string[]): Map<string, string> {
  const hosts = new Map<string, string>();
  for (const id of ids) {
    const host = hostOfJobId(id);
    if (host === undefined)
      throw new QueueUsageError(
        `"${id.slice(0, 80)}" is not a roster job id (they read like claude.3f9a0c12e4.1).`,
      );
    hosts.set(id, host);
  }
  return hosts;
}
