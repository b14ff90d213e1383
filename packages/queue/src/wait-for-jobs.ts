import type { TaskResult } from "@roster/executor";
import type { RedisTarget } from "./connection.js";
import { hostsOfJobIds, type QueuedRunResult, waitedResult } from "./result-of.js";
import { openSubmitter } from "./submit.js";

/** What {@link waitForJobs} waits for, and where each result goes. */
export interface WaitForJobsOptions {
  target: RedisTarget;
  /** Job ids, as `run --detach` printed them (each waited for once). */
  ids: readonly string[];
  /** Redis answered: the results follow (`count` of them). */
  onReady?(count: number): void;
  /** Each job's result as it arrives, with its index among the unique ids and its host. */
  onResult(result: TaskResult & QueuedRunResult, index: number, host: string): void;
}

/**
 * `roster queue wait`: each job's outcome, once, as a task's result, as it arrives. An id
 * that is not roster's is a `QueueUsageError` before anything connects. Resolves once every
 * job answered, with whether one failed.
 */
export async function waitForJobs(options: WaitForJobsOptions): Promise<{ failed: boolean }> {
  const hostOf = hostsOfJobIds(options.ids);
  const unique = [...new Set(options.ids)];
  const submitter = await openSubmitter(options.target);
  let failed = false;
  options.onReady?.(unique.length);
  try {
    await submitter.listen([...new Set(hostOf.values())]);
    await Promise.all(
      unique.map(async (id, index) => {
        const host = hostOf.get(id)!;
        const result = waitedResult(id, await submitter.outcome(id, host, { check: true }));
        if (result.error !== undefined || result.exitCode !== 0) failed = true;
        options.onResult(result, index, host);
      }),
    );
  } finally {
    await submitter.close();
  }
  return { failed };
}
