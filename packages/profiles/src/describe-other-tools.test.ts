import { draw } from "@roster/terminal";
import { describe, expect, test } from "vitest";
import { otherToolLines, otherToolsLines } from "./describe-other-tools.js";
import type { OtherTool } from "./report-why.js";

const others: OtherTool[] = [
  {
    tool: "demo",
    displayName: "Demo",
    outcome: "not-loaded",
    message: "rejects /p/.demo/agents/a.md: no description",
  },
];

describe("otherToolLines", () => {
  test("one line per tool, paths under the cwd relative", () => {
    expect(otherToolLines(others, "/p")).toEqual(["Demo: rejects .demo/agents/a.md: no description"]);
  });
});

describe("otherToolsLines", () => {
  test("a blank line, a heading naming NAME, each tool indented and wrapped to the screen", () => {
    const lines = otherToolsLines(others, { name: "a", cwd: "/p", screen: { cwd: "/p", columns: 30 } });
    expect(lines.map((t) => draw(t, false))).toEqual([
      "",
      'Other tools see "a" differently (roster why a --as <tool>):',
      "  Demo: rejects",
      "  .demo/agents/a.md: no",
      "  description",
    ]);
  });

  test("nothing when every tool agrees", () => {
    expect(otherToolsLines([], { name: "a", cwd: "/p", screen: { cwd: "/p" } })).toEqual([]);
  });
});
