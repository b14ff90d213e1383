import pLimit from "p-limit";

/**
 * Runs at most `limit` async functions at a time, started in the order given (p-limit).
 * A limit that is not a finite number of at least 1 means one at a time.
 */
export function createLimiter(limit: number): <T>(fn: () => Promise<T>) => Promise<T> {
  const max = Number.isFinite(limit) && limit >= 1 ? Math.floor(limit) : 1;
  const run = pLimit(max);
  return <T>(fn: () => Promise<T>) => run(fn);
}
