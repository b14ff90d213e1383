import { UsageError } from "./errors.js";

/** The most a flag reads from stdin (`--task -`, `--context -`): 1 MiB. */
export const MAX_STDIN_BYTES = 1024 * 1024;

/**
 * Reads stdin to its end for a flag given as `-`, at most `limit` bytes: more is a usage
 * error, never a process that grows without bound. Invalid UTF-8 becomes U+FFFD; trailing
 * newlines are dropped; nothing but white space is a usage error.
 */
export async function readStdinBounded(
  flag: string,
  stdin: NodeJS.ReadableStream = process.stdin,
  limit = MAX_STDIN_BYTES,
): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stdin) {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer);
    size += bytes.length;
    if (size > limit) {
      (stdin as NodeJS.ReadableStream & { destroy?: () => void }).destroy?.();
      throw new UsageError(`${flag} - reads at most ${limit / 1024 / 1024} MiB from stdin; it held more.`);
    }
    chunks.push(bytes);
  }
  // Trailing newlines go, as in a shell's $(…): `echo "…" | roster run …` sends the line.
  // Counted back from the end: /\n+$/ would try every run of newlines to its end.
  const read = Buffer.concat(chunks).toString("utf8");
  let end = read.length;
  while (end > 0 && read.charCodeAt(end - 1) === 10) end--;
  const text = read.slice(0, end);
  if (text.trim() === "") throw new UsageError(`${flag} - read nothing from stdin.`);
  return text;
}
