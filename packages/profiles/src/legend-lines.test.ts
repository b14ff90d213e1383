import { draw } from "@roster/terminal";
import { describe, expect, test } from "vitest";
import { legendLines } from "./legend-lines.js";

describe("legendLines", () => {
  test("each outcome shown once, in core's order (winner first), padded to the longest, after a blank line", () => {
    const lines = legendLines(["absent", "winner", "absent", "not-a-word"]).map((t) => draw(t, false));
    expect(lines).toEqual(["", "winner  the definition used", "absent  searched: no file of the name there"]);
  });

  test("no line when no outcome has a meaning", () => {
    expect(legendLines(["not-a-word"])).toEqual([]);
    expect(legendLines([])).toEqual([]);
  });
});
