import { createHash } from "node:crypto";
import type { Stats } from "node:fs";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { Fingerprint } from "./fingerprint.js";

/** The bytes `Fingerprint.file` hashes, made the plain way: UTF-8 by `Buffer.from`, doubles by `writeDoubleLE`. */
function fileRecord(filePath: string, stats: Pick<Stats, "size" | "mtimeMs" | "ctimeMs" | "ino">): Buffer {
  const numbers = Buffer.alloc(32);
  [stats.size, stats.mtimeMs, stats.ctimeMs, stats.ino].forEach((n, i) => {
    numbers.writeDoubleLE(n, i * 8);
  });
  return Buffer.concat([
    Buffer.from("F\0"),
    Buffer.from(filePath, "utf8"),
    Buffer.from([0]),
    numbers,
    Buffer.from("\n"),
  ]);
}

const stat = fc.record({
  size: fc.nat(),
  mtimeMs: fc.double({ noNaN: true }),
  ctimeMs: fc.double(),
  ino: fc.nat(),
});

describe("Fingerprint", () => {
  test("a file's record is its path as UTF-8 and four little-endian doubles, whatever the characters (property)", () => {
    // Paths of any characters (ASCII, accents, emoji, lone surrogates), long enough to cross
    // the 64 KiB chunk now and then.
    const path = fc.oneof(
      fc.string({ unit: "grapheme", maxLength: 80 }),
      fc.string({ unit: "binary", maxLength: 80 }),
      fc.string({ maxLength: 40 }).map((s) => `/tmp/${s}/agents/${"x".repeat(3000)}.md`),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(path, stat), { maxLength: 40 }), (files) => {
        const fingerprint = new Fingerprint();
        const reference = createHash("sha1");
        for (const [filePath, stats] of files) {
          fingerprint.file(filePath, stats as Stats);
          reference.update(fileRecord(filePath, stats));
        }
        expect(fingerprint.digest()).toBe(reference.digest("hex"));
      }),
      { seed: 20261203, numRuns: 400 },
    );
  });

  test("a path that is ASCII up to a character and not after is encoded whole", () => {
    for (const filePath of ["/a/é.md", "é", "/a/b\u{1F600}.md", "/a/\uD800.md", "/ascii/only.md"]) {
      const stats = { size: 1, mtimeMs: 2.5, ctimeMs: 3, ino: 4 };
      const fingerprint = new Fingerprint();
      fingerprint.file(filePath, stats as Stats);
      expect(fingerprint.digest()).toBe(createHash("sha1").update(fileRecord(filePath, stats)).digest("hex"));
    }
  });
});
