import type { Diagnostic, DiscoveryContext } from "@roster/core";
import type { ToolProfile } from "@roster/family";
import type { ToolView, ToolViewFile } from "@roster/profiles";
import type { SkillDiscovery } from "@roster/skills";
import { describe, expect, test } from "vitest";
import { testTool } from "../test/test-tool.js";
import { findToolProblems } from "./index.js";

const tool = testTool;
const strict = tool("strict", { unknownKeys: "reject" });
const lax = tool("lax");
const other = tool("other", { extensions: [".toml"] });
const ctx = { cwd: "/p", home: "/h", env: {} } as unknown as DiscoveryContext;

const file = (relativePath: string, extra: Partial<ToolViewFile>): ToolViewFile => ({
  filePath: `/p/.strict/agents/${relativePath}`,
  relativePath,
  scope: "project",
  outcome: "loaded",
  ...extra,
});

const viewOf = (files: ToolViewFile[]): ToolView => ({
  tool: "strict",
  displayName: "Strict Tool",
  checkedAgainst: "its docs",
  places: [],
  files,
  agents: [],
});

const colored = "---\nname: a\ndescription: An agent.\ncolor: red\n---\nPrompt.\n";

describe("findToolProblems", () => {
  test("a rejected file is an error that names the other tools whose rules accept it as it is", () => {
    const view = viewOf([
      file("a.md", {
        outcome: "rejected",
        id: "a",
        reason: { code: "tool/unknown-key", message: "Strict Tool rejects key `color`", field: "color" },
      }),
    ]);
    const report = findToolProblems(view, {
      profile: strict,
      // Its own rules and a tool of other extensions are never asked.
      profiles: [strict, lax, other],
      ctx,
      textOf: () => colored,
    });
    expect(report.diagnostics).toEqual([
      {
        severity: "error",
        code: "tool/unknown-key",
        message: "valid for Lax Tool, but Strict Tool rejects key `color`",
        filePath: "/p/.strict/agents/a.md",
        field: "color",
      },
    ]);
    expect(report.summary).toEqual({ tool: "strict", files: 1, agents: 0, errors: 1, warnings: 0 });
  });

  test("a file that cannot be read is named by no other tool, and its finding stays", () => {
    const view = viewOf([
      file("a.md", { outcome: "rejected", reason: { code: "tool/unknown-key", message: "rejects `color`" } }),
    ]);
    const report = findToolProblems(view, {
      profile: strict,
      profiles: [strict, lax],
      ctx,
      textOf: () => undefined,
    });
    expect(report.diagnostics.map((d) => d.message)).toEqual(["rejects `color`"]);
  });

  test("each reason has its severity: a shadowed file is a note, a symlink a warning, any other an error", () => {
    const reason = (code: string) => ({ code: code as "tool/symlink", message: code });
    const view = viewOf([
      file("a.md", { outcome: "shadowed", reason: reason("tool/shadowed") }),
      file("b.md", { outcome: "ignored", reason: reason("tool/symlink") }),
      file("c.md", { outcome: "ignored", reason: reason("tool/something-new") }),
      file("d.md", { outcome: "rejected", reason: reason("tool/no-frontmatter") }),
    ]);
    const severities = (profile: ToolProfile) =>
      findToolProblems(view, { profile, profiles: [profile], ctx, textOf: () => undefined }).diagnostics.map(
        (d) => `${d.code} ${d.severity}`,
      );
    expect(severities(strict)).toEqual([
      "tool/shadowed info",
      "tool/symlink warning",
      "tool/something-new error",
      // A markdown file without frontmatter is documentation to most tools…
      "tool/no-frontmatter info",
    ]);
    // …and an error to one that says it reports them.
    expect(severities({ ...strict, reportsNoFrontmatter: true }).at(-1)).toBe("tool/no-frontmatter error");
  });

  test("a loaded file with keys the tool ignores is a warning; setup notes are added as the tool gives them", () => {
    const note: Diagnostic = { severity: "info", code: "tool/setup", message: "set up" };
    const view = viewOf([file("a.md", { ignoredKeys: ["hooks", "mcpServers"] })]);
    const report = findToolProblems(view, {
      profile: { ...strict, setupNotes: (given) => (given === ctx ? [note] : []) },
      profiles: [strict],
      ctx,
    });
    expect(report.diagnostics).toEqual([
      {
        severity: "warning",
        code: "tool/ignored-key",
        message: "Strict Tool loads it but ignores `hooks`, `mcpServers` in plugin agents",
        filePath: "/p/.strict/agents/a.md",
      },
      note,
    ]);
    expect(report.summary.warnings).toBe(1);
  });

  test("a SKILL.md the tool skips is an error; a note about a skill stays a note; skills are counted", () => {
    const skipped: Diagnostic = {
      severity: "warning",
      code: "skill/bad-name",
      message: "bad",
      filePath: "/s/a/SKILL.md",
    };
    const aside: Diagnostic = {
      severity: "warning",
      code: "skill/other",
      message: "aside",
      filePath: "/s/a/SKILL.md",
    };
    const copy: Diagnostic = {
      severity: "info",
      code: "skill/roster-copy",
      message: "copy",
      filePath: "/s/b/SKILL.md",
    };
    const skills = {
      skills: [{ name: "c" }],
      files: [
        { path: "/s/a/SKILL.md", outcome: "skipped", reason: skipped, diagnostics: [skipped, aside] },
        { path: "/s/b/SKILL.md", outcome: "skipped", reason: copy, diagnostics: [copy] },
        { path: "/s/c/SKILL.md", outcome: "loaded", diagnostics: [] },
      ],
    } as unknown as SkillDiscovery;
    const report = findToolProblems(viewOf([]), { profile: strict, profiles: [strict], ctx, skills });
    expect(report.diagnostics.map((d) => `${d.code} ${d.severity}`)).toEqual([
      "skill/bad-name error",
      "skill/other warning",
      "skill/roster-copy info",
    ]);
    expect(report.summary).toEqual({
      tool: "strict",
      files: 0,
      agents: 0,
      skills: 1,
      errors: 1,
      warnings: 1,
    });
  });
});
