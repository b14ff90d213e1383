// `roster doctor`'s tool lines, grouped repeats and CI formats (SPEC §16), end to end: the
// BUILT binary against a temporary project and home.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { agentFile } from "@roster/testkit";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { familySetOf } from "../src/families.js";

/** Every tool `--as` knows, in the family list's order. */
const TOOLS = familySetOf().profiles.map((p) => p.tool);

const bin = fileURLToPath(new URL("../dist/roster.js", import.meta.url));
let root: string;

function write(rel: string, text: string): void {
  const path = join(root, rel);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

function roster(project: string, ...args: string[]) {
  const result = spawnSync(
    process.execPath,
    [bin, "--home", join(root, "home"), "--cwd", join(root, project), ...args],
    { env: { PATH: process.env.PATH ?? "", COLUMNS: "80" }, encoding: "utf8" },
  );
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

beforeAll(() => {
  expect(existsSync(bin), "apps/cli is not built: run pnpm build (pnpm test does)").toBe(true);
  root = mkdtempSync(join(tmpdir(), "roster-doctor-tools-"));
  mkdirSync(join(root, "home"));
  // "refuses": every definition is fine for roster, but opencode refuses its whole
  // configuration because of one agent's `tools` written as Claude Code writes it.
  write("refuses/.git/HEAD", "ref: refs/heads/main\n");
  write("refuses/.claude/agents/rev.md", agentFile("rev", "Reviews"));
  write("refuses/.opencode/agents/bad.md", "---\ndescription: Bad\ntools: Read, Grep\n---\nx\n");
  // "nested": five Gemini agents in a sub-folder Gemini CLI does not read.
  write("nested/.git/HEAD", "ref: refs/heads/main\n");
  for (const n of [1, 2, 3, 4, 5]) write(`nested/.gemini/agents/sub/g${n}.md`, agentFile(`g${n}`, "G"));
  // "clean": one agent every tool is fine with.
  write("clean/.git/HEAD", "ref: refs/heads/main\n");
  write("clean/.claude/agents/rev.md", agentFile("rev", "Reviews"));
  // "odd": a file name and a message GitHub's annotation syntax would misread.
  write("odd/.git/HEAD", "ref: refs/heads/main\n");
  write("odd/.claude/agents/a,b:c%.md", "---\nname: odd\n---\n");
  // "keys": findings about one key of a frontmatter, at known lines.
  write("keys/.git/HEAD", "ref: refs/heads/main\n");
  write(
    "keys/.claude/agents/rev.md",
    "---\nname: rev\ndescription: Reviews\nallowed-tools: Read\n---\nPrompt\n",
  );
  write("keys/.claude/agents/nod.md", "---\nname: nod\nmodel: sonnet\n---\nPrompt\n");
  write("keys/.gemini/agents/g.md", "---\nname: g\ndescription: G\ncolor: blue\n---\nPrompt\n");
  write("keys/.gemini/agents/sub/s.md", agentFile("s", "S"));
  // "inherit": opencode keeps `model: inherit` as a model id (issue 52).
  write("inherit/.git/HEAD", "ref: refs/heads/main\n");
  write("inherit/.opencode/agents/inh.md", "---\ndescription: Inherits\nmodel: inherit\n---\nPrompt\n");
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("roster doctor ends with one line per tool", () => {
  test("a tool that would refuse the project fails doctor and says where to look", () => {
    const r = roster("refuses", "doctor");
    expect(r.code).toBe(1);
    const lines = r.stdout.trimEnd().split("\n");
    const tools = lines.slice(-TOOLS.length);
    expect(tools).toEqual(
      TOOLS.map((tool) =>
        tool === "opencode"
          ? "opencode: loads nothing, 1 error → roster doctor --as opencode"
          : `${tool}: ok`,
      ),
    );
    expect(lines.at(-TOOLS.length - 1)).not.toContain("ok");
    for (const line of tools) expect(line.length).toBeLessThanOrEqual(80);
  });

  test("--json gives every tool's counts and the file opencode refuses", () => {
    const r = roster("refuses", "doctor", "--json");
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout);
    expect(out.schemaVersion).toBe(2);
    expect(out.tools.map((t: { tool: string }) => t.tool)).toEqual(TOOLS);
    const opencode = out.tools.find((t: { tool: string }) => t.tool === "opencode");
    expect(opencode).toMatchObject({ displayName: "opencode", errors: 1, warnings: 0 });
    expect(opencode.refusedBy.filePath).toBe(join(root, "refuses/.opencode/agents/bad.md"));
    expect(opencode.refusedBy.reason.code).toBe("tool/bad-field");
    expect(out.tools.find((t: { tool: string }) => t.tool === "claude")).toEqual({
      tool: "claude",
      displayName: "Claude Code",
      errors: 0,
      warnings: 0,
    });
  });

  test("--quiet names only the tools that fail, with their errors", () => {
    const refuses = roster("refuses", "doctor", "--quiet");
    expect(refuses.code).toBe(1);
    expect(refuses.stdout.trimEnd().split("\n").slice(-2)).toEqual([
      expect.stringMatching(/^1 file|^\d+ files/),
      "opencode: loads nothing, 1 error → roster doctor --as opencode",
    ]);
    const nested = roster("nested", "doctor", "--quiet");
    expect(nested.stdout).not.toContain("gemini:");
  });

  test("a project every tool is fine with passes, each tool ok", () => {
    const r = roster("clean", "doctor");
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("— ok\nxcsh: ok\nclaude: ok\n");
  });
});

describe("repeated findings are one line", () => {
  test("doctor --as gemini: five files Gemini does not read are one line naming three", () => {
    const r = roster("nested", "doctor", "--as", "gemini");
    const found = r.stdout.split("\n").filter((l) => l.includes("tool/not-recursive"));
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(
      /5 files\s+Gemini CLI does not read sub-folders of \.gemini\/agents \(\.gemini\/agents\/sub\/g1\.md, \.gemini\/agents\/sub\/g2\.md, \.gemini\/agents\/sub\/g3\.md … and 2 more\)$/,
    );
    // --json stays exact: every finding.
    const json = JSON.parse(roster("nested", "doctor", "--as", "gemini", "--json").stdout);
    expect(json.diagnostics.filter((d: { code: string }) => d.code === "tool/not-recursive")).toHaveLength(5);
  });

  test("plain doctor groups the same finding across files, the files' own words left out", () => {
    write("nested/.opencode/agents/team/a1.md", "---\ndescription: A\n---\nx\n");
    write("nested/.opencode/agents/team/a2.md", "---\ndescription: A\n---\nx\n");
    write("nested/.opencode/agents/team/a3.md", "---\ndescription: A\n---\nx\n");
    write("nested/.opencode/agents/team/a4.md", "---\ndescription: A\n---\nx\n");
    const r = roster("nested", "doctor");
    const found = r.stdout.split("\n").filter((l) => l.includes("agent/suspicious-name"));
    expect(found).toHaveLength(1);
    expect(found[0]).toContain('agent name "…" contains a path separator');
    expect(found[0]).toContain(
      "(4 files: .opencode/agents/team/a1.md, .opencode/agents/team/a2.md, .opencode/agents/team/a3.md … and 1 more)",
    );
    const json = JSON.parse(roster("nested", "doctor", "--json").stdout);
    expect(json.diagnostics.filter((d: { code: string }) => d.code === "agent/suspicious-name")).toHaveLength(
      4,
    );
  });
});

describe("doctor --format sarif|github", () => {
  test("SARIF 2.1.0: one run, a rule per code, results with levels and relative locations", () => {
    const r = roster("refuses", "doctor", "--format", "sarif");
    expect(r.code).toBe(1);
    const log = JSON.parse(r.stdout);
    // The schema's required fields, checked by hand (no SARIF schema package offline).
    expect(log.version).toBe("2.1.0");
    expect(log.$schema).toMatch(/sarif-schema-2\.1\.0\.json$/);
    expect(log.runs).toHaveLength(1);
    const run = log.runs[0];
    expect(run.tool.driver.name).toBe("roster");
    const ids = run.tool.driver.rules.map((rule: { id: string }) => rule.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const result of run.results) {
      expect(ids[result.ruleIndex]).toBe(result.ruleId);
      expect(["error", "warning", "note"]).toContain(result.level);
      expect(typeof result.message.text).toBe("string");
    }
    // The refusal opencode would give fails the run, with its file relative to the cwd.
    const refusal = run.results.find((x: { ruleId: string }) => x.ruleId === "tool/bad-field");
    expect(refusal.level).toBe("error");
    expect(refusal.locations[0].physicalLocation.artifactLocation).toEqual({
      uri: ".opencode/agents/bad.md",
      uriBaseId: "%SRCROOT%",
    });
    // …and the line of the key that breaks it (`tools:` is the file's third line).
    expect(refusal.locations[0].physicalLocation.region).toEqual({ startLine: 3 });
    expect(run.originalUriBaseIds["%SRCROOT%"].uri).toBe(`file://${join(root, "refuses")}/`);
  });

  test("SARIF with --as: that tool's findings; a file name is URI-encoded", () => {
    const log = JSON.parse(roster("nested", "doctor", "--as", "gemini", "--format", "sarif").stdout);
    expect(log.runs[0].results).toHaveLength(5);
    expect(log.runs[0].results[0]).toMatchObject({
      ruleId: "tool/not-recursive",
      level: "warning",
      locations: [{ physicalLocation: { artifactLocation: { uri: ".gemini/agents/sub/g1.md" } } }],
    });
    const bad = roster("odd", "doctor", "--format", "sarif");
    const result = JSON.parse(bad.stdout).runs[0].results.find((x: { level: string }) => x.level === "error");
    expect(result.locations[0].physicalLocation.artifactLocation.uri).toBe(".claude/agents/a%2Cb%3Ac%25.md");
  });

  test("GitHub annotations: one per finding, escaped as GitHub reads them", () => {
    const r = roster("odd", "doctor", "--format", "github");
    expect(r.code).toBe(1);
    const lines = r.stdout.trimEnd().split("\n");
    expect(lines).toContain(
      "::error file=.claude/agents/a%2Cb%3Ac%25.md,line=1,title=tool/missing-key::Claude Code: valid for opencode, but Claude Code skips it: `description` is missing",
    );
    for (const line of lines) expect(line).toMatch(/^::(error|warning|notice) /);
    const asGemini = roster("nested", "doctor", "--as", "gemini", "--format", "github");
    expect(asGemini.code).toBe(0);
    expect(asGemini.stdout.split("\n")[0]).toBe(
      "::warning file=.gemini/agents/sub/g1.md,title=tool/not-recursive::Gemini CLI does not read sub-folders of .gemini/agents",
    );
  });

  test("a finding about a key carries that key's line; one about no key carries none", () => {
    const r = roster("keys", "doctor", "--format", "github");
    const lines = r.stdout.trimEnd().split("\n");
    // doctor's own unknown key, written kebab-case on line 4 of the frontmatter.
    expect(lines.find((l) => l.includes("doctor/unknown-key"))).toMatch(
      /^::warning file=\.claude\/agents\/rev\.md,line=4,title=doctor\/unknown-key::/,
    );
    // Gemini's refusal of the same key, and a missing description: the file's first line.
    expect(lines.find((l) => l.includes("tool/unknown-key"))).toMatch(/file=\.gemini\/agents\/g\.md,line=4,/);
    expect(lines.find((l) => l.includes("agent/missing-description"))).toMatch(
      /file=\.claude\/agents\/nod\.md,line=1,/,
    );
    // A finding with no key (a sub-folder Gemini does not read) names its file only.
    const asGemini = roster("keys", "doctor", "--as", "gemini", "--format", "github").stdout.split("\n");
    expect(asGemini.find((l) => l.includes("tool/not-recursive"))).toMatch(
      /file=\.gemini\/agents\/sub\/s\.md,title=/,
    );
    // Named as the file writes it, in every output (discovery reads it as `allowedTools`).
    const text = roster("keys", "doctor").stdout;
    expect(text).toContain('unknown frontmatter key "allowed-tools"; did you mean "tools"?');
    expect(text).not.toContain("allowedTools");
    const json = JSON.parse(roster("keys", "doctor", "--json").stdout);
    expect(json.diagnostics.find((d: { code: string }) => d.code === "doctor/unknown-key")).toMatchObject({
      field: "allowed-tools",
    });
    const sarif = JSON.parse(roster("keys", "doctor", "--format", "sarif").stdout);
    const unknown = sarif.runs[0].results.find((x: { ruleId: string }) => x.ruleId === "doctor/unknown-key");
    expect(unknown.locations[0].physicalLocation.region).toEqual({ startLine: 4 });
  });

  test("--json with --format sarif is a usage error; an unknown format too", () => {
    expect(roster("clean", "doctor", "--json", "--format", "sarif").code).toBe(2);
    expect(roster("clean", "doctor", "--format", "xml").code).toBe(2);
  });

  test("doctor --as opencode says opencode keeps `model: inherit` as a model id, at its line (issue 52)", () => {
    const text = roster("inherit", "doctor", "--as", "opencode");
    expect(text.stdout).toContain("tool/kept-as-written");
    expect(text.stdout).toContain("0 errors, 1 warning");
    const github = roster("inherit", "doctor", "--as", "opencode", "--format", "github").stdout;
    expect(github).toMatch(
      /^::warning file=\.opencode\/agents\/inh\.md,line=3,title=tool\/kept-as-written::/m,
    );
  });
});
