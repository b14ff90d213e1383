import { describe, expect, test } from "vitest";
import { fieldLine, fieldLines } from "./field-line.js";
import { draw } from "./styled-text.js";

describe("fieldLine", () => {
  test("the key dimmed and padded, a list joined with commas, an empty one `(none)`, an object as JSON", () => {
    expect(draw(fieldLine("tools", ["Read", "Grep"], 8)!, false)).toBe("tools:  Read, Grep");
    expect(draw(fieldLine("tools", [], 8)!, false)).toBe("tools:  (none)");
    expect(draw(fieldLine("extra", { a: 1 }, 8)!, false)).toBe('extra:  {"a":1}');
    expect(draw(fieldLine("turns", 0, 8)!, false)).toBe("turns:  0");
    expect(draw(fieldLine("tools", ["Read"], 8)!, true)).toBe("\u001b[2mtools:  \u001b[22mRead");
  });

  test("an absent value is no line; a value is escaped for the terminal", () => {
    expect(fieldLine("model", undefined, 8)).toBeUndefined();
    expect(draw(fieldLine("name", "a\u001b[31mb", 8)!, false)).not.toContain("\u001b");
  });
});

describe("fieldLines", () => {
  test("the fields in order, absent ones left out", () => {
    const lines = fieldLines(
      [
        ["name", "a"],
        ["model", undefined],
        ["blocking", false],
      ],
      10,
    );
    expect(lines.map((l) => draw(l, false))).toEqual(["name:     a", "blocking: false"]);
  });
});
