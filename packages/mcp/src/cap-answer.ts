import type { TaskResult } from "@roster/executor";

/**
 * The most tasks one `run_task` call takes: each may answer half a megabyte of output and
 * its structured data, and the whole answer goes back in one message.
 */
export const MAX_TASKS_PER_CALL = 16;

/**
 * The most bytes of one `run_task` answer's results (its structured content; the text
 * content says the same again). A larger answer is shortened: each result keeps the tail
 * of its output and stderr and its data while they fit its share, and says what was cut.
 */
export const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

/** The refusal text of a call with more than {@link MAX_TASKS_PER_CALL} tasks. */
export function tooManyTasks(count: number): string {
  return `run_task takes at most ${MAX_TASKS_PER_CALL} tasks per call (its answer carries every result at once); got ${count}. Split them over several calls.`;
}

/** The last `maxBytes` bytes of `text` (whole characters). */
function tailBytes(text: string, maxBytes: number): string {
  if (Buffer.byteLength(text) <= maxBytes) return text;
  // A UTF-16 unit is at most 3 bytes of UTF-8: start from as many units, then trim.
  let tail = text.slice(-Math.max(0, maxBytes));
  while (tail.length > 0 && Buffer.byteLength(tail) > maxBytes) {
    tail = tail.slice(Math.max(1, Math.ceil((Buffer.byteLength(tail) - maxBytes) / 3)));
  }
  return tail;
}

const jsonBytes = (value: unknown): number => Buffer.byteLength(JSON.stringify(value) ?? "");

/**
 * Fits the results of one call into {@link MAX_ANSWER_BYTES} (SPEC §17): when they are larger,
 * each result gets an equal share; output and stderr keep their tails (`truncated: true`),
 * and data larger than its share is dropped with an `error` that says why. `shortened` says
 * whether anything was cut.
 */
export function capResults(
  results: readonly TaskResult[],
  maxBytes = MAX_ANSWER_BYTES,
): { results: TaskResult[]; shortened: boolean } {
  if (jsonBytes(results) <= maxBytes) return { results: [...results], shortened: false };
  // JSON escapes (a control character takes six bytes) can outgrow a share: halve it until all fit.
  let share = Math.floor(maxBytes / Math.max(1, results.length));
  let capped = shareOut(results, share, maxBytes);
  while (jsonBytes(capped) > maxBytes && share > 0) {
    share = Math.floor(share / 2);
    capped = shareOut(results, share, maxBytes);
  }
  return { results: capped, shortened: true };
}

function shareOut(results: readonly TaskResult[], share: number, maxBytes: number): TaskResult[] {
  return results.map((result): TaskResult => {
    if (jsonBytes(result) <= share) return result;
    const next: TaskResult = { ...result };
    const limit = `the answer of one run_task call is capped at ${maxBytes} bytes (${share} per task here): run fewer tasks per call`;
    // The data first: it is cut whole or not at all.
    if (next.data !== undefined && jsonBytes(next.data) > share / 2) {
      delete next.data;
      next.error = `${next.error ? `${next.error}; ` : ""}structured data dropped: ${limit}`;
    }
    // Then the texts: the tail of each, where a run's conclusion is.
    const room = Math.max(0, share - jsonBytes({ ...next, output: "", stderr: "" }));
    const output = tailBytes(next.output, Math.floor((room * 3) / 4));
    const stderr = tailBytes(next.stderr, Math.floor(room / 4));
    if (output !== next.output || stderr !== next.stderr) {
      next.output = output;
      next.stderr = stderr;
      next.truncated = true;
    }
    return next;
  });
}
