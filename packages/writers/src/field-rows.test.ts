import { draw } from "@roster/terminal";
import { describe, expect, test } from "vitest";
import { fieldRows } from "./field-rows.js";

describe("fieldRows", () => {
  test("losses first: dropped (with its value), changed (with what is lost), then kept", () => {
    const rows = fieldRows({}, [
      { field: "name", fate: "kept", to: "name" },
      { field: "model", fate: "changed", to: "model", note: "mapped", lost: "opus" },
      { field: "hooks", fate: "dropped", value: { on: "x".repeat(70) } },
    ]);
    const lines = draw(rows, false).split("\n");
    expect(lines.map((l) => l.trim().split(/\s+/).slice(0, 2))).toEqual([
      ["dropped", "hooks"],
      ["changed", "model"],
      ["kept", "name"],
    ]);
    expect(lines[0]).toMatch(/= \{"on":"x{50}…$/);
    expect(lines[1]).toMatch(/→ model\s+mapped; lost: "opus"$/);
    expect(draw(rows, true)).toContain("\u001b[31mdropped");
  });
});
