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
