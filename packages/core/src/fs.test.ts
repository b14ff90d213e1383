import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { isPathTooLong, PATH_MAX } from "./fs.js";

describe("isPathTooLong", () => {
  test("counts UTF-8 bytes, not characters: at PATH_MAX bytes a path is too long", () => {
    expect(isPathTooLong("a".repeat(PATH_MAX - 1))).toBe(false);
    expect(isPathTooLong("a".repeat(PATH_MAX))).toBe(true);
    // 1,365 three-byte characters are 4,095 bytes; one more is over.
    expect(isPathTooLong("日".repeat(1365))).toBe(false);
    expect(isPathTooLong("日".repeat(1366))).toBe(true);
    expect(isPathTooLong(`${"é".repeat(2047)}a`)).toBe(false);
    expect(isPathTooLong("é".repeat(2048))).toBe(true);
    expect(isPathTooLong("\u{1F600}".repeat(1024))).toBe(true);
    expect(isPathTooLong("\uD800".repeat(1365))).toBe(false);
    expect(isPathTooLong("\uD800".repeat(1366))).toBe(true);
  });

  test("agrees with Buffer.byteLength on any string (property)", () => {
    const path = fc.oneof(
      fc.string({ unit: "binary", minLength: 1300, maxLength: 4200 }),
      fc.string({ unit: "grapheme", minLength: 1000, maxLength: 4200 }),
      fc.string({ maxLength: 200 }),
    );
    fc.assert(
      fc.property(path, (p) => {
        expect(isPathTooLong(p)).toBe(Buffer.byteLength(p) >= PATH_MAX);
      }),
      { seed: 20261203, numRuns: 300 },
    );
  });
});
