import { QueueUsageError } from "./errors.js";

/** The queue flags of `roster run` (SPEC §21). */
export interface QueueRunFlags {
  queue?: string;
  detach?: boolean;
  repo?: string[];
}

/**
 * Refuses queue flags used without `--queue`, and flags a queued run cannot take (`--runner`,
 * `--dry-run`), in that order, with a {@link QueueUsageError} that says the fix.
 */
export function checkQueueFlags(flags: QueueRunFlags & { runner?: string; dryRun?: boolean }): void {
  if (flags.queue === undefined) {
    if (flags.detach)
      throw new QueueUsageError(
        "--detach needs --queue URL: only a queued run can return before its results.",
      );
    if ((flags.repo ?? []).length > 0)
      throw new QueueUsageError(
        "--repo needs --queue URL: the repositories are checked out by the queue's workers.",
      );
    return;
  }
  if (flags.runner !== undefined)
    throw new QueueUsageError(
      "--runner and --queue cannot be used together: a queued task runs on a worker's host.",
    );
  if (flags.dryRun)
    throw new QueueUsageError(
      "--dry-run and --queue cannot be used together: drop --queue to see the commands.",
    );
}

/**
 * The queue URL of a command: the one given, else `ROSTER_QUEUE`; neither is a
 * {@link QueueUsageError} saying how to give it (`--queue URL`, or the command's argument
 * when `argument` is set: `roster queue status URL`).
 */
export function queueUrlOf(options: {
  given: string | undefined;
  env: Record<string, string | undefined>;
  command: string;
  argument?: boolean;
}): string {
  const url = options.given ?? options.env.ROSTER_QUEUE;
  if (url === undefined || url.trim() === "") {
    const how = options.argument === true ? `${options.command} URL` : "--queue URL";
    throw new QueueUsageError(`${options.command} needs the queue's URL: ${how} (or ROSTER_QUEUE=URL).`);
  }
  return url;
}

/**
 * `--rate N/DURATION` split at its slash: the two texts, each for the caller to read as a
 * number and a duration; anything else is a {@link QueueUsageError}.
 */
export function splitRate(value: string): { max: string; duration: string } {
  const [max, duration] = value.split("/");
  if (max === undefined || duration === undefined)
    throw new QueueUsageError(
      `--rate takes JOBS/DURATION, like 50/1m (at most 50 jobs a minute), got "${value.slice(0, 40)}".`,
    );
  return { max, duration };
}
