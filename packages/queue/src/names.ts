import { randomBytes } from "node:crypto";

/** The BullMQ key prefix of roster's queues: `roster:<host>:…` in Redis. */
export const QUEUE_PREFIX = "roster";

/** Each worker's record (`roster-worker:<name>`): what `queue status` lists per worker. */
export const WORKER_RECORD_PREFIX = "roster-worker:";

/** How long a worker's record outlives its last refresh: a killed worker leaves the list after this. */
export const WORKER_RECORD_TTL_S = 45;

/** A host id as a queue name: what a job's `host` and the queue it sits in must both be. */
export const HOST_ID = /^[a-z0-9][a-z0-9_-]{0,63}$/;

/** A job id: its host (a {@link HOST_ID}), its run, its number. */
const JOB_ID = new RegExp(`^(${HOST_ID.source.slice(1, -1)})\\.[0-9a-f]{6,32}\\.\\d{1,7}$`);

/** A run's id: the middle part of its jobs' ids. */
export function newRunId(): string {
  return randomBytes(5).toString("hex");
}

/**
 * A job's id: `<host>.<run>.<n>` (`claude.3f9a0c12e4.1`). It names its queue, so `queue wait ID`
 * finds the job from the id alone.
 */
export function jobIdOf(host: string, run: string, n: number): string {
  return `${host}.${run}.${n}`;
}

/** The host (queue) a job id names, or undefined when the id is not one of roster's. */
export function hostOfJobId(id: string): string | undefined {
  const match = JOB_ID.exec(id);
  return match?.[1];
}
