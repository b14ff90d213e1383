import type { Readable, Writable } from "node:stream";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import type { RosterMcpServer } from "./create-server.js";

/** Streams of {@link serveStdio}. */
export interface ServeStdioOptions {
  /** Where requests arrive (the client's end of the pipe): usually `process.stdin`. */
  stdin: Readable;
  /** The protocol channel: nothing else may write to it. */
  stdout: Writable;
}

/** JSON-RPC 2.0's codes for a line that is no request: not JSON at all, or JSON that is no message. */
export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;

/**
 * The JSON-RPC answer to a line the transport could not read as a message (the error it
 * reported), or undefined for any other transport error. JSON-RPC 2.0 says a line that is not
 * JSON gets `-32700` (Parse error) and JSON that is no message `-32600` (Invalid Request), both
 * with `id: null`, since no id could be read. The SDK's stdio transport drops such a line
 * without a word.
 */
export function answerUnreadableLine(error: unknown): JSONRPCMessage | undefined {
  const answer = (code: number, message: string) =>
    // `id: null` is JSON-RPC's own answer when the request's id could not be read; the SDK's
    // message type has no room for it.
    ({ jsonrpc: "2.0", id: null, error: { code, message } }) as unknown as JSONRPCMessage;
  // JSON.parse's own error: the line is not JSON.
  if (error instanceof SyntaxError) return answer(PARSE_ERROR, "Parse error: the line is not JSON");
  // The SDK's schema check (zod): JSON, but not a JSON-RPC message.
  if (error instanceof Error && error.name === "ZodError")
    return answer(INVALID_REQUEST, "Invalid Request: the line is not a JSON-RPC 2.0 message");
  return undefined;
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
  // A line that is not a message gets JSON-RPC's error answer (the protocol layer keeps its
  // own handler beside this one).
  transport.onerror = (error) => {
    const answer = answerUnreadableLine(error);
    if (answer) void transport.send(answer).catch(() => {});
  };
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
