import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { parseArrayOrCSV, parseBoolean, parseCSV } from "./coerce.js";

describe("parseCSV", () => {
  test("splits on commas, trims items and drops empty ones", () => {
    expect(parseCSV(" Read, Grep ,,Glob , ")).toEqual(["Read", "Grep", "Glob"]);
  });

  test("an empty or blank string gives an empty list", () => {
    expect(parseCSV("")).toEqual([]);
    expect(parseCSV(" , ")).toEqual([]);
  });

  test("equals split, trim and drop-empty on any string (every kind of white space trimmed)", () => {
    const piece = fc.constantFrom(
      ",",
      " ",
      "\t",
      "\n",
      "\u00a0",
      "\ufeff",
      "\u2028",
      "a",
      "Read",
      "é",
      "(",
      ")",
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 24 }), (pieces) => {
        const value = pieces.join("");
        const plain = value
          .split(",")
          .map((item) => item.trim())
          .filter((item) => item.length > 0);
        expect(parseCSV(value)).toEqual(plain);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("parseArrayOrCSV", () => {
  test("an array gives its trimmed, non-empty string items and drops other types", () => {
    expect(parseArrayOrCSV([" Read ", 3, "Grep", null, "", { a: 1 }])).toEqual(["Read", "Grep"]);
  });

  test("a string is read as CSV", () => {
    expect(parseArrayOrCSV("Read, Grep")).toEqual(["Read", "Grep"]);
  });

  test("an empty result is undefined, for arrays and strings alike", () => {
    expect(parseArrayOrCSV([])).toBeUndefined();
    expect(parseArrayOrCSV([1, 2, " "])).toBeUndefined();
    expect(parseArrayOrCSV("")).toBeUndefined();
    expect(parseArrayOrCSV(" , ,")).toBeUndefined();
  });

  test("any other type is undefined", () => {
    for (const value of [undefined, null, 42, true, { tools: "Read" }]) {
      expect(parseArrayOrCSV(value)).toBeUndefined();
    }
  });
});

describe("parseBoolean", () => {
  test("booleans pass through", () => {
    expect(parseBoolean(true)).toBe(true);
    expect(parseBoolean(false)).toBe(false);
  });

  test("true/false strings are read case-insensitively, surrounding spaces allowed", () => {
    expect(parseBoolean("TRUE")).toBe(true);
    expect(parseBoolean("True")).toBe(true);
    expect(parseBoolean(" false ")).toBe(false);
    expect(parseBoolean("FaLsE")).toBe(false);
  });

  test("anything else is undefined", () => {
    for (const value of ["yes", "no", "1", "0", "", 1, 0, null, undefined, ["true"]]) {
      expect(parseBoolean(value)).toBeUndefined();
    }
  });
});
