import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { displayWidth, indentedLines, wrapToWidth } from "./index.js";

describe("wrapToWidth", () => {
  const word = fc.constantFrom("a", "bb", "word", "longerword", "漢字", "🙂", "e\u0301", "x".repeat(30), "");
  test("every line fits, broken at spaces, and holds the text's words in order", () => {
    fc.assert(
      fc.property(fc.array(word, { maxLength: 20 }), fc.integer({ min: 1, max: 40 }), (words, width) => {
        const text = words.join(" ");
        const lines = wrapToWidth(text, width);
        for (const line of lines)
          if (line.includes(" ") || [...line].length > 1)
            expect(displayWidth(line)).toBeLessThanOrEqual(Math.max(width, 2));
        expect(lines.join("").replaceAll(" ", "")).toBe(text.replaceAll(" ", ""));
        if (displayWidth(text) <= width) expect(lines).toEqual([text]);
      }),
      { numRuns: 1000 },
    );
  });
});

describe("indentedLines", () => {
  test("on a terminal: wrapped to the width left beside the indent, each line indented", () => {
    expect(indentedLines({ columns: 12 }, "one two three four", "  ")).toEqual(["  one two", "  three four"]);
  });

  test("piped: one line, indented", () => {
    expect(indentedLines({}, "one two three four", "  ")).toEqual(["  one two three four"]);
    expect(indentedLines({}, "as it is")).toEqual(["as it is"]);
  });
});
