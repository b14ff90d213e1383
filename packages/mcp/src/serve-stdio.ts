import type { Readable, Writable } from "node:stream";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import type { RosterMcpServer } from "./create-server.js";

/** Streams of {@link serveStdio}. */
export interface ServeStdioOptions {
  /** Where requests arrive (the client's end of the pipe): usually `process.stdin`. */
  stdin: Readable;
  /** The protocol channel: nothing else may write to it. */
  stdout: Writable;
}

/**
 * Serves `server` over newline-delimited JSON-RPC on the given streams and resolves once
 * the client is gone: stdin ended or closed, the output pipe broke, or the connection was
 * closed. Running tasks are aborted (their process groups killed) and awaited first.
 *
 * @example
 * await serveStdio(server, { stdin: process.stdin, stdout: process.stdout });
 */
export async function serveStdio(server: RosterMcpServer, streams: ServeStdioOptions): Promise<void> {
  const transport = new StdioServerTransport(streams.stdin, streams.stdout);
  let done!: () => void;
  const finished = new Promise<void>((resolve) => {
    done = resolve;
  });
  let closing: Promise<void> | undefined;
  const shutdown = (reason: string) => {
    closing ??= server.close(reason).then(done, done);
    return closing;
  };
  const onEnd = () => void shutdown("the client closed stdin");
  const onBrokenPipe = () => void shutdown("the client's end of stdout closed");
  streams.stdin.once("end", onEnd);
  streams.stdin.once("close", onEnd);
  streams.stdout.once("error", onBrokenPipe);
  server.mcp.server.onclose = () => void shutdown("the connection closed");
  await server.mcp.connect(transport);
  try {
    await finished;
  } finally {
    streams.stdin.off("end", onEnd);
    streams.stdin.off("close", onEnd);
    streams.stdout.off("error", onBrokenPipe);
  }
}
