import { Readable } from "node:stream";
import { describe, expect, test } from "vitest";
import { UsageError } from "./errors.js";
import { readStdinBounded } from "./read-stdin.js";

const stdin = (...chunks: string[]) => Readable.from(chunks.map((c) => Buffer.from(c)));

describe("readStdinBounded", () => {
  test("trailing newlines go, leading ones and inner ones stay", async () => {
    expect(await readStdinBounded("--task", stdin("\n\nfix it\n\nnow", "\n\n\n"))).toBe("\n\nfix it\n\nnow");
    expect(await readStdinBounded("--task", stdin("a\r\n"))).toBe("a\r");
  });

  test("nothing but newlines or white space is a usage error", async () => {
    await expect(readStdinBounded("--task", stdin("\n\n\n"))).rejects.toThrow(UsageError);
    await expect(readStdinBounded("--task", stdin(" \n \t\n"))).rejects.toThrow(UsageError);
  });

  test("many newlines before the text are read in one pass (a regex took half a minute)", async () => {
    const text = await readStdinBounded("--task", stdin("\n".repeat(300_000), "do it", "\n".repeat(300_000)));
    expect(text).toBe(`${"\n".repeat(300_000)}do it`);
  });
});
