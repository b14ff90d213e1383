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
