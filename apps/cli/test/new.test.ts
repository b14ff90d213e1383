// roster new NAME --for TOOL, end to end through the BUILT binary (issue 50).
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { agentFile, writeTree } from "@roster/testkit";
import { afterEach, beforeEach, describe, expect, test } from "vitest";

const bin = fileURLToPath(new URL("../dist/roster.js", import.meta.url));
let root: string;
const project = () => join(root, "project");
const home = () => join(root, "home");

function roster(...args: string[]) {
  const result = spawnSync(process.execPath, [bin, "--home", home(), "--cwd", project(), ...args], {
    env: { PATH: process.env.PATH ?? "" },
    encoding: "utf8",
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "roster-new-"));
  writeTree(root, { "home/.keep": "", "project/.git/HEAD": "ref: refs/heads/main\n" });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("roster new", () => {
  test("writes the tool's file where it reads it, and says the tool loads it", () => {
    const r = roster(
      "new",
      "reviewer",
      "--for",
      "claude",
      "--description",
      "Reviews code: carefully",
      "--tools",
      "Read,Grep",
      "--prompt",
      "You review.",
    );
    expect([r.code, r.stderr]).toEqual([0, ""]);
    expect(r.stdout).toBe(
      "created .claude/agents/reviewer.md — Claude Code loads it as reviewer (checked: roster why reviewer --as claude)\n",
    );
    expect(readFileSync(join(project(), ".claude/agents/reviewer.md"), "utf8")).toBe(
      '---\nname: reviewer\ndescription: "Reviews code: carefully"\ntools: Read, Grep\n---\n\nYou review.\n',
    );
    // A person's own agent, not a copy: the merged view lists it as a project agent.
    const list = JSON.parse(roster("list", "--json").stdout) as {
      agents: Array<{ name: string; source: string }>;
    };
    expect(list.agents.find((a) => a.name === "reviewer")?.source).toBe("project");
  });

  test("each tool's own place and words: Gemini CLI's tool names, Copilot's .agent.md, --scope user", () => {
    const gemini = roster("new", "planner", "--for", "gemini", "--tools", "Read", "--json");
    expect(gemini.code).toBe(0);
    const out = JSON.parse(gemini.stdout);
    expect(out).toMatchObject({ name: "planner", tool: "gemini", scope: "project", loads: false });
    // The file is right; Gemini CLI itself asks to trust the folder first: said, and kept.
    expect(out.reason.code).toBe("tool/untrusted");
    expect(readFileSync(join(project(), ".gemini/agents/planner.md"), "utf8")).toMatch(
      /^tools:\n {2}- read_file$/m,
    );

    expect(roster("new", "helper", "--for", "copilot").code).toBe(0);
    expect(existsSync(join(project(), ".github/agents/helper.agent.md"))).toBe(true);
    const user = roster("new", "mine", "--for", "codex", "--scope", "user");
    expect(user.code).toBe(0);
    expect(user.stdout).toMatch(/^created ~\/\.codex\/agents\/mine\.toml — Codex loads it as mine/);
  });

  test("never replaces a file: exit 1, one line, the file as it was", () => {
    writeTree(root, { "project/.claude/agents/reviewer.md": agentFile("reviewer", "mine") });
    const before = readFileSync(join(project(), ".claude/agents/reviewer.md"), "utf8");
    const r = roster("new", "reviewer", "--for", "claude");
    expect([r.code, r.stdout]).toEqual([1, ""]);
    expect(r.stderr).toBe(
      "roster: .claude/agents/reviewer.md exists; roster new never replaces a file (another name, or edit that file)\n",
    );
    expect(readFileSync(join(project(), ".claude/agents/reviewer.md"), "utf8")).toBe(before);
  });

  test("a file the tool would not load as NAME is not left behind: the reason is the error", () => {
    writeTree(root, { "project/.claude/agents/reviewer.md": agentFile("reviewer", "the project's") });
    const r = roster("new", "reviewer", "--for", "claude", "--scope", "user");
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /^roster: ~\/\.claude\/agents\/reviewer\.md would not load as reviewer: .*project before user.*; nothing written\n$/,
    );
    expect(existsSync(join(home(), ".claude/agents/reviewer.md"))).toBe(false);
  });

  test("usage errors: a tool with a did-you-mean, no tool, a name the tool refuses with one it takes", () => {
    const typo = roster("new", "x", "--for", "gemni");
    expect([typo.code, typo.stderr]).toEqual([
      2,
      'roster: unknown tool "gemni" for --for; did you mean gemini? (one of xcsh, claude, codex, gemini, opencode, copilot, cursor)\n',
    ]);
    expect(roster("new", "x").stderr).toMatch(/^roster: roster new needs --for TOOL: one of xcsh, claude/);
    const slug = roster("new", "CSharpExpert", "--for", "gemini");
    expect([slug.code, slug.stderr]).toEqual([
      2,
      'roster: Gemini CLI does not accept the name "CSharpExpert": it is not a slug of a-z, 0-9, - and _; try csharp-expert\n',
    ]);
    // What a tool has no place for is not written at all (Codex has no tool list).
    const lossy = roster("new", "x", "--for", "codex", "--tools", "Read");
    expect(lossy.code).toBe(1);
    expect(lossy.stderr).toMatch(/roster: Codex has no place for tools; nothing written/);
    expect(existsSync(join(project(), ".codex"))).toBe(false);
  });
});
