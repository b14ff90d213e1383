import { Readable } from "node:stream";
import { describe, expect, test } from "vitest";
import { readBounded } from "./read-bounded.js";
import { RunUsageError } from "./run-usage-error.js";

const stdin = (...chunks: string[]) => Readable.from(chunks.map((c) => Buffer.from(c)));

describe("readBounded", () => {
  test("trailing newlines go, leading ones and inner ones stay", async () => {
    expect(await readBounded("--task", stdin("\n\nfix it\n\nnow", "\n\n\n"))).toBe("\n\nfix it\n\nnow");
    expect(await readBounded("--task", stdin("a\r\n"))).toBe("a\r");
  });

  test("nothing but newlines or white space is a usage error", async () => {
    await expect(readBounded("--task", stdin("\n\n\n"))).rejects.toThrow(RunUsageError);
    await expect(readBounded("--task", stdin(" \n \t\n"))).rejects.toThrow(RunUsageError);
  });

  test("more than the limit is a usage error that says the limit", async () => {
    await expect(readBounded("--context", stdin("x".repeat(600_000), "y".repeat(600_000)))).rejects.toThrow(
      "--context - reads at most 1 MiB from stdin; it held more.",
    );
  });

  test("many newlines before the text are read in one pass (a regex took half a minute)", async () => {
    const text = await readBounded("--task", stdin("\n".repeat(300_000), "do it", "\n".repeat(300_000)));
    expect(text).toBe(`${"\n".repeat(300_000)}do it`);
  });
});
