import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BoundedReadError, readFileBounded, readListedFile } from "./read-bounded.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "roster-bounded-"));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

function refusal(path: string, maxBytes: number): BoundedReadError {
  try {
    readFileBounded(path, maxBytes);
  } catch (error) {
    if (error instanceof BoundedReadError) return error;
    throw error;
  }
  throw new Error(`expected ${path} to be refused`);
}

describe("readFileBounded", () => {
  it("reads a regular file whole", () => {
    const file = join(dir, "a.md");
    writeFileSync(file, "hello");
    expect(readFileBounded(file, 5).toString()).toBe("hello");
  });

  it("refuses a file over the limit by its stat size", () => {
    const file = join(dir, "big.md");
    writeFileSync(file, "x".repeat(11));
    const error = refusal(file, 10);
    expect(error.code).toBe("too-large");
    expect(error.size).toBe(11);
  });

  it.skipIf(!existsSync("/proc/self/pagemap"))(
    "stops just past the limit of a /proc file that reports size 0",
    () => {
      const link = join(dir, "pagemap.md");
      symlinkSync("/proc/self/pagemap", link);
      const error = refusal(link, 4096);
      expect(error.code).toBe("too-large");
      expect(error.size).toBeGreaterThan(4096);
      expect(error.size).toBeLessThanOrEqual(4096 + 64 * 1024);
    },
  );

  it.skipIf(!existsSync("/dev/zero"))("refuses a symlink to a device before opening it", () => {
    const link = join(dir, "zero.md");
    symlinkSync("/dev/zero", link);
    expect(refusal(link, 1024).code).toBe("not-regular");
  });

  it("refuses a FIFO without blocking", () => {
    const fifo = join(dir, "pipe.md");
    try {
      execFileSync("mkfifo", [fifo]);
    } catch {
      return expect.soft(true, "mkfifo unavailable: FIFO case not run").toBe(true);
    }
    const error = refusal(fifo, 1024);
    expect(error.code).toBe("not-regular");
    expect(error.message).toContain("FIFO");
  });

  it("refuses a folder", () => {
    expect(refusal(dir, 1024).code).toBe("not-regular");
  });

  it("passes file-system errors through", () => {
    expect(() => readFileBounded(join(dir, "missing.md"), 10)).toThrow(
      expect.objectContaining({ code: "ENOENT" }),
    );
  });
});

function listedRefusal(path: string, maxBytes: number): BoundedReadError {
  try {
    readListedFile(path, maxBytes);
  } catch (error) {
    if (error instanceof BoundedReadError) return error;
    throw error;
  }
  throw new Error(`expected ${path} to be refused`);
}

describe("readListedFile (a path a listing called a regular file: checked on the descriptor)", () => {
  it("reads the bytes and returns the descriptor's stat", () => {
    const file = join(dir, "a.md");
    writeFileSync(file, "hello");
    const { bytes, stats } = readListedFile(file, 5);
    expect(bytes.toString()).toBe("hello");
    const path = statSync(file);
    expect([stats.size, stats.ino, stats.mtimeMs, stats.ctimeMs]).toEqual([
      path.size,
      path.ino,
      path.mtimeMs,
      path.ctimeMs,
    ]);
  });

  it("reads into a scratch buffer when one is given, and beyond it when the file is larger", () => {
    const file = join(dir, "a.md");
    writeFileSync(file, "0123456789");
    const scratch = Buffer.alloc(64);
    const small = readListedFile(file, 100, scratch);
    expect(small.bytes.buffer).toBe(scratch.buffer);
    expect(small.bytes.toString()).toBe("0123456789");
    const big = readListedFile(file, 100, Buffer.alloc(4));
    expect(big.bytes.toString()).toBe("0123456789");
  });

  it("refuses a file over the limit, with its stat", () => {
    const file = join(dir, "big.md");
    writeFileSync(file, "x".repeat(20));
    const error = listedRefusal(file, 10);
    expect(error.code).toBe("too-large");
    expect(error.size).toBe(20);
    expect(error.stats?.size).toBe(20);
  });

  it("refuses a FIFO swapped in for a listed file, without blocking", () => {
    const fifo = join(dir, "pipe.md");
    try {
      execFileSync("mkfifo", [fifo]);
    } catch {
      return expect.soft(true, "mkfifo unavailable: FIFO case not run").toBe(true);
    }
    expect(listedRefusal(fifo, 1024).code).toBe("not-regular");
  });

  it.skipIf(!existsSync("/dev/zero"))("refuses a device linked in, reading nothing from it", () => {
    const link = join(dir, "zero.md");
    symlinkSync("/dev/zero", link);
    expect(listedRefusal(link, 1024).code).toBe("not-regular");
  });

  it("refuses a folder, and passes file-system errors through", () => {
    expect(listedRefusal(dir, 1024).code).toBe("not-regular");
    expect(() => readListedFile(join(dir, "missing.md"), 10)).toThrow(
      expect.objectContaining({ code: "ENOENT" }),
    );
  });
});
