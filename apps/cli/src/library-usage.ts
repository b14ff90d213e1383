// The usage mistakes the run and queue libraries find, said as the CLI says every usage
// mistake (exit 2; a value not in a list with its did-you-mean). The queue's extend the
// executor's RunUsageError, so nothing here loads the queue (BullMQ, ioredis).
import { RunUsageError } from "@roster/executor";
import { UsageError } from "./errors.js";
import { unknownValue } from "./unknown-name.js";

/**
 * `error` as the CLI raises it: a library's usage error (a `RunUsageError`, the queue's
 * included) becomes a {@link UsageError}; anything else stays as it is.
 */
export function asUsage(error: unknown): unknown {
  if (!(error instanceof RunUsageError)) return error;
  const u = error.unknown;
  return u ? unknownValue(u.kind, u.flag, u.wanted, u.known) : new UsageError(error.message);
}

/** Runs `step`, raising a library's usage error as the CLI's (see {@link asUsage}). */
export async function usageOf<T>(step: () => Promise<T> | T): Promise<T> {
  try {
    return await step();
  } catch (error) {
    throw asUsage(error);
  }
}
