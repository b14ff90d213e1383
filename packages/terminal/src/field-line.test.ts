import { describe, expect, it } from "vitest";
import { fieldLine } from "./field-line.js";
import { draw } from "./styled-text.js";

describe("fieldLine", () => {
  it("pads the key, joins lists, says an empty one and writes objects as JSON", () => {
    expect(draw(fieldLine("tools", ["Read", "Grep"], 8)!, false)).toBe("tools:  Read, Grep");
    expect(draw(fieldLine("tools", [], 8)!, false)).toBe("tools:  (none)");
    expect(draw(fieldLine("meta", { a: 1 }, 6)!, false)).toBe('meta: {"a":1}');
    expect(draw(fieldLine("n", 3, 0)!, false)).toBe("n:3");
  });

  it("skips an absent value", () => {
    expect(fieldLine("model", undefined, 8)).toBeUndefined();
  });
});
