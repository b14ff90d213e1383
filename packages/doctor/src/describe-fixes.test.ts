import { draw } from "@roster/terminal";
import { describe, expect, test } from "vitest";
import { fixesFail, fixLines, fixSummary } from "./describe-fixes.js";
import type { FileFix } from "./plan-fixes.js";

const fix = { code: "fix/quote-value" as const, line: 3, message: "quoted the value" };
const file = (action: FileFix["action"], reason?: string): FileFix => ({
  filePath: "/p/a.md",
  fixes: [fix, { ...fix, line: 4 }],
  action,
  ...(reason ? { reason } : {}),
  diff: '--- a/a.md\n+++ b/a.md\n@@ -3,1 +3,1 @@\n-x: a: b\n+x: "a: b"\n',
});

describe("fixLines", () => {
  test("the diff coloured by kind of line, each fix at path:line, why it was left, a blank line", () => {
    const lines = fixLines(file("left", "not tracked"), { cwd: "/p" });
    expect(lines.map((t) => draw(t, false))).toEqual([
      "--- a/a.md",
      "+++ b/a.md",
      "@@ -3,1 +3,1 @@",
      "-x: a: b",
      '+x: "a: b"',
      "a.md:3  fix/quote-value  quoted the value",
      "a.md:4  fix/quote-value  quoted the value",
      "left a.md: not tracked",
      "",
    ]);
    expect(
      lines.slice(0, 5).map((t) => (typeof t === "string" ? undefined : "style" in t ? t.style : undefined)),
    ).toEqual(["bold", "bold", "cyan", "red", "green"]);
  });
});

describe("fixSummary and fixesFail", () => {
  test("what was fixed and left, counted; nothing to fix", () => {
    expect(fixSummary([file("fixed"), file("left", "why")], false)).toBe(
      "fixed 1 file (2 fixes); 1 file with fixes left as it is; roster doctor shows what is left",
    );
    expect(fixSummary([file("would-fix")], true)).toBe(
      "would fix 1 file (2 fixes) (dry run: nothing written); roster doctor shows what is left",
    );
    expect(fixSummary([], false)).toBe("nothing to fix");
  });

  test("fails when a file was left, or a dry run would change one", () => {
    expect(fixesFail([file("fixed")], false)).toBe(false);
    expect(fixesFail([file("fixed"), file("left", "why")], false)).toBe(true);
    expect(fixesFail([file("would-fix")], true)).toBe(true);
    expect(fixesFail([], true)).toBe(false);
  });
});
