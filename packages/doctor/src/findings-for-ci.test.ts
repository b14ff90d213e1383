import type { Diagnostic } from "@roster/core";
import { describe, expect, test } from "vitest";
import { groupRepeats, toGithubAnnotations, toSarif } from "./index.js";

const cwd = "/work/p";

describe("toGithubAnnotations", () => {
  test("escapes %, CR and LF in the message, and : and , in properties too; control characters show", () => {
    const d: Diagnostic = {
      severity: "info",
      code: "x/y",
      message: "100% sure\r\nsecond line: a, b \u001b[31m",
      filePath: "/work/p/a:b,c.md",
      line: 3,
    };
    expect(toGithubAnnotations([d], { cwd })).toEqual([
      "::notice file=a%3Ab%2Cc.md,line=3,title=x/y::100%25 sure%0D%0Asecond line: a, b \\x1b[31m",
    ]);
  });

  test("paths under the cwd in a message are relative, as the file property is", () => {
    const d: Diagnostic = {
      severity: "error",
      code: "a/b",
      message: "see /work/p/x/y.md",
      filePath: "/work/p/x/y.md",
    };
    expect(toGithubAnnotations([d], { cwd })).toEqual(["::error file=x/y.md,title=a/b::see x/y.md"]);
    expect(toSarif([d], { cwd, version: "1" }).runs[0]!.results[0]!.message).toEqual({ text: "see x/y.md" });
  });

  test("a file outside the cwd keeps its absolute path; no file, no file property", () => {
    const lines = toGithubAnnotations(
      [
        { severity: "error", code: "a/b", message: "m", filePath: "/elsewhere/x.md" },
        { severity: "warning", code: "c/d", message: "n" },
      ],
      { cwd },
    );
    expect(lines).toEqual(["::error file=/elsewhere/x.md,title=a/b::m", "::warning title=c/d::n"]);
  });
});

describe("toSarif", () => {
  test("a line is region.startLine; a file outside the cwd is an absolute file URI", () => {
    const log = toSarif(
      [
        { severity: "error", code: "a/b", message: "m", filePath: "/work/p/d ir/x.md", line: 7 },
        { severity: "info", code: "c/d", message: "n", filePath: "/elsewhere/y.md" },
        { severity: "info", code: "a/b", message: "o" },
      ],
      { cwd, version: "1.2.3" },
    );
    const [run] = log.runs;
    expect(run!.tool.driver.rules.map((r) => r.id)).toEqual(["a/b", "c/d"]);
    expect(run!.results).toEqual([
      {
        ruleId: "a/b",
        ruleIndex: 0,
        level: "error",
        message: { text: "m" },
        locations: [
          {
            physicalLocation: {
              artifactLocation: { uri: "d%20ir/x.md", uriBaseId: "%SRCROOT%" },
              region: { startLine: 7 },
            },
          },
        ],
      },
      {
        ruleId: "c/d",
        ruleIndex: 1,
        level: "note",
        message: { text: "n" },
        locations: [{ physicalLocation: { artifactLocation: { uri: "file:///elsewhere/y.md" } } }],
      },
      { ruleId: "a/b", ruleIndex: 0, level: "note", message: { text: "o" } },
    ]);
  });
});

describe("groupRepeats", () => {
  const at = (file: string, message = "m"): Diagnostic => ({
    severity: "warning",
    code: "t/x",
    message,
    filePath: `/p/${file}`,
  });

  test("three alike stay three lines; four are one, at the first one's place", () => {
    const three = [at("a"), at("b"), at("c")];
    expect(groupRepeats(three)).toHaveLength(3);
    const other: Diagnostic = { severity: "error", code: "t/y", message: "other", filePath: "/p/z" };
    const lines = groupRepeats([other, at("a"), at("b"), at("c"), at("d")]);
    expect(lines.map((l) => [l.diagnostic.code, l.files])).toEqual([
      ["t/y", ["/p/z"]],
      ["t/x", ["/p/a", "/p/b", "/p/c", "/p/d"]],
    ]);
  });

  test("messages that differ in a quoted value or the file share a shape, shown with …", () => {
    const lines = groupRepeats(["a", "b", "c", "d"].map((n) => at(n, `name "${n}" in /p/${n} is odd`)));
    expect(lines).toHaveLength(1);
    expect(lines[0]!.diagnostic.message).toBe('name "…" in … is odd');
  });

  test("a file with two findings of one shape counts and shows once", () => {
    const key = (file: string, k: string) => at(file, `unknown key "${k}"`);
    // Four findings in three files: as many files as are shown, so each stays a line.
    const three = [key("a", "x"), key("b", "y"), key("b", "z"), key("c", "x")];
    expect(groupRepeats(three)).toHaveLength(4);
    const lines = groupRepeats([...three, key("d", "x")]);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.files).toEqual(["/p/a", "/p/b", "/p/c", "/p/d"]);
  });
});
