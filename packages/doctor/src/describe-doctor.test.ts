import type { Diagnostic } from "@roster/core";
import type { ToolView } from "@roster/profiles";
import { draw, type Text } from "@roster/terminal";
import { describe, expect, test } from "vitest";
import { doctorLines, RULES_TABLE, toolDoctorLines, toolLine } from "./describe-doctor.js";
import type { DoctorSummary } from "./run-doctor.js";
import type { ToolFinding } from "./tool-finding.js";

const plain = (lines: readonly Text[]) => lines.map((t) => draw(t, false)).join("\n");
const none = { loaded: 0, shadowed: 0, skipped: 0, "not-an-agent": 0, copy: 0 };
const summary = (errors: number, warnings: number): DoctorSummary => ({
  files: 2,
  outcomes: { ...none, loaded: 2 },
  kinds: { agents: { ...none, loaded: 2 }, commands: none, skills: none },
  readingAgentFiles: 0,
  agents: 2,
  commands: 0,
  skills: 0,
  errors,
  warnings,
});
const finding = (severity: Diagnostic["severity"], filePath: string, line?: number): Diagnostic => ({
  severity,
  code: `x/${severity}`,
  message: `a ${severity} in ${filePath}`,
  filePath,
  ...(line !== undefined ? { line } : {}),
});
const tool = (name: string, errors: number, warnings: number): ToolFinding => ({
  tool: name,
  displayName: name,
  errors,
  warnings,
  errorDiagnostics: [],
});

describe("doctorLines", () => {
  test("each file's findings under its place (path:line when known, messages with paths shown from the cwd), the totals, one line per tool", () => {
    const lines = doctorLines([finding("error", "/p/a.md", 3), finding("warning", "/p/b.md")], {
      summary: summary(1, 1),
      tools: [tool("demo", 0, 0), tool("other", 2, 1)],
      failed: true,
      screen: { cwd: "/p" },
    });
    expect(plain(lines)).toBe(
      [
        "a.md:3",
        "  error  x/error  a error in a.md",
        "",
        "b.md",
        "  warning  x/warning  a warning in b.md",
        "",
        "2 files (agents: 2 loaded): 1 error, 1 warning",
        "demo: ok",
        "other: 2 errors, 1 warning → roster doctor --as other",
      ].join("\n"),
    );
  });

  test("quiet: only the tools that fail, their errors only; a run that passes ends `— ok` in green", () => {
    const lines = doctorLines([], {
      summary: summary(0, 0),
      tools: [tool("demo", 0, 3), tool("other", 1, 1)],
      failed: false,
      quiet: true,
      screen: { cwd: "/p" },
    });
    expect(plain(lines)).toBe(
      [
        "2 files (agents: 2 loaded): 0 errors, 0 warnings — ok",
        "other: 1 error → roster doctor --as other",
      ].join("\n"),
    );
    expect(draw(lines[0]!, true)).toContain("\u001b[32m");
  });
});

describe("toolLine", () => {
  test("a tool that refuses everything loads nothing (red); warnings alone are yellow", () => {
    const refused = {
      ...tool("oc", 0, 0),
      refusedBy: { filePath: "/p/oc.json", reason: { code: "c", message: "m" } },
    };
    expect(toolLine(refused, false).text).toBe("oc: loads nothing → roster doctor --as oc");
    expect(toolLine(refused, false).style).toBe("red");
    expect(toolLine(tool("w", 0, 2), false).style).toBe("yellow");
    expect(toolLine(tool("w", 0, 2), true).text).toBe("w: ok");
  });
});

describe("toolDoctorLines", () => {
  const view = { tool: "demo", displayName: "Demo", checkedAgainst: "demo 1" } as ToolView;
  const toolSummary = { tool: "demo", files: 5, agents: 4, errors: 0, warnings: 0 };

  test("the header, a finding more than three files share as one line, the counts, where the rules stand", () => {
    const shared = ["a", "b", "c", "d"].map((n) => ({
      ...finding("warning", `/p/${n}.md`),
      message: "same",
    }));
    const lines = toolDoctorLines(
      { view, diagnostics: shared, summary: { ...toolSummary, warnings: 4 } },
      { failed: false, screen: { cwd: "/p" } },
    );
    expect(plain(lines).split("\n")).toEqual([
      "as Demo (rules checked against demo 1)",
      "warning  x/warning  4 files  same (a.md, b.md, c.md … and 1 more)",
      "",
      "5 files, 4 agents for Demo: 0 errors, 4 warnings — ok",
      `Demo's rules beside the other tools': ${RULES_TABLE}`,
    ]);
  });

  test("no finding: no table; a failed run has no `ok`", () => {
    const lines = toolDoctorLines(
      { view, diagnostics: [], summary: toolSummary },
      { failed: true, screen: { cwd: "/p" } },
    );
    expect(plain(lines).split("\n")[1]).toBe("5 files, 4 agents for Demo: 0 errors, 0 warnings");
  });
});
