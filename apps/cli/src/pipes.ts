import { writeSync } from "node:fs";

/**
 * A reader that stops early (`roster list | head`) closes the pipe: that is not an error.
 * The run ends with `exitCode()` as soon as stdout or stderr says so.
 */
export function endQuietlyOnClosedPipe(exitCode: () => number): void {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "EPIPE") process.exit(exitCode());
      throw error;
    });
  }
}

/**
 * Ends the process as soon as everything written to stdout and stderr is out: at once when
 * nothing waits (a file, a terminal, a pipe that took it all), else once the last of it is.
 * For a command that has finished: what is left is the heap, which a natural exit would tear
 * down piece by piece (about 15 ms after a listing of 10,000 agents). `exit` listeners run
 * as with any exit; the code is `process.exitCode`.
 */
export async function exitWhenWritten(): Promise<void> {
  const waiting = [process.stdout, process.stderr].filter((stream) => stream.writableLength > 0);
  let left = waiting.length;
  if (left === 0) process.exit();
  // An empty write's callback runs once every write before it is out. The stream's own
  // `write`: `roster mcp` sends what is written to `process.stdout` to stderr. (Loaded here:
  // the bin's shortcut, which shares this file, never loads the stream module.)
  const { Writable } = await import("node:stream");
  for (const stream of waiting)
    Writable.prototype.write.call(stream, "", "utf8", () => {
      left -= 1;
      if (left === 0) process.exit();
    });
}

/**
 * Writes to stdout with write(2) on its descriptor, without Node's stdout stream, whose setup
 * costs a short process about 1.5 ms (a stored `list --json` takes about 6 ms in all). What it
 * does on the way is what the stream does for a file or a pipe: a reader that closed the pipe
 * ends the run quietly with `exitCode`, and a descriptor that cannot take more now (a
 * non-blocking pipe a parent shares) gets the rest through the stream, which waits for it.
 */
export function writeStdoutSync(chunks: ReadonlyArray<string | Uint8Array>, exitCode: number): void {
  for (let i = 0; i < chunks.length; i++) {
    const chunk = chunks[i]!;
    const bytes = typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk;
    let offset = 0;
    while (offset < bytes.length) {
      try {
        offset += writeSync(1, bytes, offset);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === "EPIPE") process.exit(exitCode);
        if (code !== "EAGAIN") throw error;
        endQuietlyOnClosedPipe(() => exitCode);
        process.stdout.write(bytes.subarray(offset));
        for (const rest of chunks.slice(i + 1)) process.stdout.write(rest);
        return;
      }
    }
  }
}
