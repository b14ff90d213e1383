import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readListedFile } from "@roster/core";
import { nodeFileSystem } from "@roster/core/provider-kit";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { readingWritten } from "./read-written.js";

let root: string;
beforeEach(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), "roster-written-")));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** The bytes as text, or the error's code and message. */
function outcome(read: () => { bytes: Buffer }): string {
  try {
    return read().bytes.toString("utf8");
  } catch (error) {
    return `${(error as { code?: string }).code} ${(error as Error).message}`;
  }
}

describe("readingWritten", () => {
  test("answers a path just written from the bytes written, with the disk's stats", () => {
    const file = join(root, "a.md");
    writeFileSync(file, "on disk");
    // Same length as the disk's: the layer cannot tell them apart but by where it read.
    const layer = readingWritten(nodeFileSystem, new Map([[file, "written"]]));
    const read = layer.readListed!(file, 1024);
    expect(read.bytes.toString()).toBe("written");
    expect(read.stats.size).toBe(7);
    expect(read.stats.isFile()).toBe(true);
  });

  test("reads the disk when it no longer holds what was written: other size, gone, a folder, or over the bound", () => {
    const other = join(root, "other.md");
    writeFileSync(other, "changed since");
    const gone = join(root, "gone.md");
    const folder = join(root, "folder.md");
    mkdirSync(folder);
    const big = join(root, "big.md");
    writeFileSync(big, "x".repeat(40));
    const unknown = join(root, "unknown.md");
    writeFileSync(unknown, "never written");
    const written = new Map<string, string | Uint8Array>([
      [other, "written"],
      [gone, "written"],
      [folder, "written"],
      [big, new TextEncoder().encode("x".repeat(40))],
    ]);
    const layer = readingWritten(nodeFileSystem, written);
    for (const path of [other, gone, folder, big, unknown])
      expect({ path, got: outcome(() => layer.readListed!(path, 16)) }).toEqual({
        path,
        got: outcome(() => readListedFile(path, 16)),
      });
  });
});
