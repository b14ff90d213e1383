import { RunUsageError, type UnknownValue } from "@roster/executor";

/**
 * A queue flag or value given wrong (`--detach` without `--queue`, a job id that is not
 * roster's, an unknown `--hosts` name): the caller's usage mistake, with the fix in the
 * message. `unknown` is set for a value that is not one of a known list, so a CLI can say it
 * with its own did-you-mean. A {@link RunUsageError}: a caller maps the one class.
 */
export class QueueUsageError extends RunUsageError {
  override readonly name: string = "QueueUsageError";
  constructor(message: string, unknown?: UnknownValue) {
    super(message, unknown);
  }
}

/**
 * A queued run that cannot go on (no repository to check out, a `--repo` git cannot resolve,
 * no host installed for a worker): the environment's problem, said in one sentence.
 */
export class QueueRunError extends Error {
  override readonly name = "QueueRunError";
}
