import { PassThrough } from "node:stream";
import { createRegistry, defineProvider } from "@roster/core";
import { describe, expect, test } from "vitest";
import { createRosterMcpServer } from "./create-server.js";
import { answerUnreadableLine, INVALID_REQUEST, PARSE_ERROR, serveStdio } from "./serve-stdio.js";

describe("answerUnreadableLine", () => {
  test("a line that is not JSON: -32700, id null", () => {
    let error: unknown;
    try {
      JSON.parse("hello");
    } catch (e) {
      error = e;
    }
    expect(answerUnreadableLine(error)).toEqual({
      jsonrpc: "2.0",
      id: null,
      error: { code: PARSE_ERROR, message: "Parse error: the line is not JSON" },
    });
  });

  test("JSON that is no message: -32600; any other transport error: no answer", () => {
    const zod = Object.assign(new Error("bad"), { name: "ZodError" });
    expect(answerUnreadableLine(zod)).toMatchObject({ id: null, error: { code: INVALID_REQUEST } });
    expect(answerUnreadableLine(new Error("ReadBuffer exceeded maximum size"))).toBeUndefined();
    expect(answerUnreadableLine("EPIPE")).toBeUndefined();
  });
});

describe("serveStdio", () => {
  test("answers a line that is not JSON, then serves the next request as usual", async () => {
    const registry = createRegistry([defineProvider({ id: "mem", load: () => [] })]);
    const server = await createRosterMcpServer({
      registry,
      ctx: { cwd: "/nowhere", home: "/nowhere-home", env: {} },
      runnerFor: () => {
        throw new Error("no runs here");
      },
    });
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    let written = "";
    stdout.on("data", (chunk: Buffer) => (written += chunk.toString("utf8")));
    const serving = serveStdio(server, { stdin, stdout });
    const lines = () =>
      written
        .split("\n")
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Record<string, unknown>);
    stdin.write("this is not json\n");
    stdin.write('{"not":"a message"}\n');
    stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id: 7, method: "ping" })}\n`);
    await expect.poll(() => lines().length).toBe(3);
    expect(lines()).toEqual([
      { jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error: the line is not JSON" } },
      {
        jsonrpc: "2.0",
        id: null,
        error: { code: -32600, message: "Invalid Request: the line is not a JSON-RPC 2.0 message" },
      },
      { jsonrpc: "2.0", id: 7, result: {} },
    ]);
    stdin.end();
    await serving;
  });
});
