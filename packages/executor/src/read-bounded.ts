// `--task -`, `--context -`, `--prompt -`: a flag's text read from a stream (the CLI hands in
// stdin), bounded so that a pipe never grows the process without limit.
import { RunUsageError } from "./run-usage-error.js";

/** The most a flag reads from stdin (`--task -`, `--context -`): 1 MiB. */
export const MAX_STDIN_BYTES = 1024 * 1024;

/**
 * Reads `stream` to its end for a flag given as `-`, at most `limit` bytes: more is a
 * {@link RunUsageError}, never a process that grows without bound. Invalid UTF-8 becomes
 * U+FFFD; trailing newlines are dropped; nothing but white space is a usage error.
 *
 * @example await readBounded("--task", process.stdin) // "fix the flaky test"
 */
export async function readBounded(
  flag: string,
  stream: NodeJS.ReadableStream,
  limit = MAX_STDIN_BYTES,
): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer);
    size += bytes.length;
    if (size > limit) {
      (stream as NodeJS.ReadableStream & { destroy?: () => void }).destroy?.();
      throw new RunUsageError(`${flag} - reads at most ${limit / 1024 / 1024} MiB from stdin; it held more.`);
    }
    chunks.push(bytes);
  }
  // Trailing newlines go, as in a shell's $(…): `echo "…" | roster run …` sends the line.
  // Counted back from the end: /\n+$/ would try every run of newlines to its end.
  const read = Buffer.concat(chunks).toString("utf8");
  let end = read.length;
  while (end > 0 && read.charCodeAt(end - 1) === 10) end--;
  const text = read.slice(0, end);
  if (text.trim() === "") throw new RunUsageError(`${flag} - read nothing from stdin.`);
  return text;
}
