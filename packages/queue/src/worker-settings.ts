import { DEFAULT_CEILING, PERMISSION_CEILINGS } from "./ceiling.js";
import { QueueUsageError } from "./errors.js";
import type { PermissionCeiling } from "./types.js";

/** `--max-permission`: one of {@link PERMISSION_CEILINGS} (default {@link DEFAULT_CEILING}), else a {@link QueueUsageError} listing them. */
export function workerCeiling(value: string | undefined): PermissionCeiling {
  const ceiling = (value ?? DEFAULT_CEILING) as PermissionCeiling;
  if (!PERMISSION_CEILINGS.includes(ceiling))
    throw new QueueUsageError(`unknown permission mode ${JSON.stringify(ceiling)} for --max-permission`, {
      kind: "permission mode",
      flag: "--max-permission",
      wanted: ceiling,
      known: PERMISSION_CEILINGS,
    });
  return ceiling;
}

/** The shortest lock a worker takes on a job (`--lock-duration`): renewing more often only loads Redis. */
export const MIN_LOCK_DURATION_MS = 500;

/** Refuses a `--lock-duration` under {@link MIN_LOCK_DURATION_MS}. */
export function checkLockDuration(ms: number | undefined): void {
  if (ms !== undefined && ms < MIN_LOCK_DURATION_MS)
    throw new QueueUsageError(
      "--lock-duration takes at least 500ms: a lock renewed more often than that only loads Redis.",
    );
}

/** Refuses a worker `--name` other than 1 to 100 letters, digits, dots, dashes and underscores. */
export function checkWorkerName(name: string | undefined): void {
  if (name !== undefined && !/^[\w.-]{1,100}$/.test(name))
    throw new QueueUsageError("--name takes letters, digits, dots, dashes and underscores (at most 100).");
}
