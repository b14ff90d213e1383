// End-to-end (SPEC §18): the BUILT binary over a temporary project and home holding project
// and personal skills, a plugin skill, a skill and a command of one name, and a broken
// SKILL.md — listed, shown (with its files), explained and checked as each tool sees them.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

const bin = fileURLToPath(new URL("../dist/roster.js", import.meta.url));
let root: string;
const home = () => join(root, "home");
const project = () => join(root, "project");

function roster(args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, [bin, "--home", home(), "--cwd", project(), ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", ...env },
    encoding: "utf8",
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}
const json = (r: { stdout: string }) => JSON.parse(r.stdout);
const rel = (p: string) => p.replaceAll(`${root}/`, "");

function write(path: string, text: string): void {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}
const skill = (name: string, description: string) =>
  `---\nname: ${name}\ndescription: ${description}\n---\nDo ${name}.\n`;

beforeAll(() => {
  expect(existsSync(bin), "apps/cli is not built: run pnpm build").toBe(true);
  root = mkdtempSync(join(tmpdir(), "roster-skills-e2e-"));
  mkdirSync(join(root, "project/.git"), { recursive: true });
  write("home/.claude/skills/deploy/SKILL.md", skill("deploy", "personal deploy"));
  write("project/.claude/skills/deploy/SKILL.md", skill("deploy", "project deploy"));
  write("project/.claude/skills/review/SKILL.md", skill("review", "review a change"));
  write("project/.claude/skills/review/scripts/check.sh", "echo ok\n");
  write(
    "project/.claude/skills/broken/SKILL.md",
    "---\nname: broken\ndescription: [oops\n---\nFix broken things.\n",
  );
  write("project/.claude/commands/deploy.md", "---\ndescription: deploy command\n---\nDeploy $ARGUMENTS\n");
  write("project/.claude/commands/lint.md", "---\ndescription: lint command\n---\nLint.\n");
  write("project/.agents/skills/pdf/SKILL.md", skill("pdf", "read PDFs"));
  write("home/plugins/tools/skills/fmt/SKILL.md", skill("fmt", "format code"));
  write(
    "home/.claude/plugins/installed_plugins.json",
    JSON.stringify({
      version: 2,
      plugins: {
        "tools@market": [{ scope: "user", installPath: join(root, "home/plugins/tools"), version: "1.0.0" }],
      },
    }),
  );
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("roster skills", () => {
  test("list: personal over project, a plugin skill scoped, every tool's own folders", () => {
    const r = roster(["skills", "list", "--json"]);
    expect(r.code).toBe(0);
    const out = json(r);
    expect(out.schemaVersion).toBeGreaterThan(0);
    expect(out.skills.map((s: { name: string; provider: string }) => [s.name, s.provider])).toEqual([
      ["deploy", "claude"],
      ["broken", "claude"],
      ["review", "claude"],
      ["pdf", "codex"],
      ["tools:fmt", "plugins"],
    ]);
    expect(out.skills[0].description).toBe("personal deploy");
    expect(
      out.shadowed.map((s: { filePath: string; shadowedBy: string }) => [rel(s.filePath), rel(s.shadowedBy)]),
    ).toEqual([["project/.claude/skills/deploy/SKILL.md", "home/.claude/skills/deploy/SKILL.md"]]);
  });

  test("list --as: each tool's places and rules", () => {
    const names = (tool: string) =>
      json(roster(["skills", "list", "--as", tool, "--json"])).skills.map((s: { name: string }) => s.name);
    expect(names("claude")).toEqual(["deploy", "broken", "review", "tools:fmt"]);
    expect(names("codex")).toEqual(["pdf"]);
    // Copilot CLI reads the project's .claude/skills and .agents/skills, not ~/.claude/skills; bad YAML is skipped.
    expect(names("copilot")).toEqual(["pdf", "deploy", "review"]);
    // opencode: project folders first, then ~/.claude/skills (the personal deploy loses).
    expect(names("opencode")).toEqual(["pdf", "deploy", "review"]);
    // Gemini CLI reads no project skill in a folder it does not trust (issue #52).
    expect(names("gemini")).toEqual([]);
    const trusted = roster(["skills", "list", "--as", "gemini", "--json"], {
      GEMINI_CLI_TRUST_WORKSPACE: "true",
    });
    expect(json(trusted).skills.map((s: { name: string }) => s.name)).toEqual(["pdf"]);
    const doctor = json(roster(["doctor", "--as", "gemini", "--json"]));
    expect(doctor.diagnostics.map((d: { code: string }) => d.code)).toContain("skill/untrusted");
  });

  test("show lists the skill's files without reading them; an unknown name gets a did-you-mean", () => {
    const out = json(roster(["skills", "show", "review", "--json"]));
    expect(out.files).toEqual([
      { path: "SKILL.md", kind: "file", size: skill("review", "review a change").length },
      { path: "scripts", kind: "folder" },
      { path: "scripts/check.sh", kind: "file", size: 8 },
    ]);
    const human = roster(["skills", "show", "review"]);
    expect(human.stdout).toContain("scripts/check.sh");
    expect(human.stdout).toContain("Do review.");
    const typo = roster(["skills", "show", "reveiw"]);
    expect(typo.code).toBe(1);
    expect(typo.stderr).toContain('unknown skill "reveiw"; did you mean review?');
  });

  test("why: every place searched, the winner and what it shadows, per tool", () => {
    const out = json(roster(["skills", "why", "deploy", "--json"]));
    expect(
      out.candidates.map((c: { outcome: string; filePath: string }) => [c.outcome, rel(c.filePath)]),
    ).toEqual([
      ["winner", "home/.claude/skills/deploy/SKILL.md"],
      ["shadowed", "project/.claude/skills/deploy/SKILL.md"],
    ]);
    const asCopilot = json(roster(["skills", "why", "deploy", "--as", "copilot", "--json"]));
    expect(rel(asCopilot.winner.filePath)).toBe("project/.claude/skills/deploy/SKILL.md");
    const broken = json(roster(["skills", "why", "broken", "--as", "copilot", "--json"]));
    expect(broken.winner).toBeNull();
    expect(broken.candidates[0]).toMatchObject({ outcome: "skipped", reason: { code: "skill/yaml-error" } });
  });

  test("commands list: the skill answers /deploy, the command file is shadowed", () => {
    const out = json(roster(["commands", "list", "--json"]));
    expect(out.commands.map((c: { name: string }) => c.name)).toEqual(["lint", "init"]);
    expect(out.skills.map((s: { name: string }) => s.name)).toEqual([
      "deploy",
      "broken",
      "review",
      "tools:fmt",
    ]);
    expect(
      out.shadowed.map((s: { kind: string; filePath: string; shadowedBy: string }) => [
        s.kind,
        rel(s.filePath),
        rel(s.shadowedBy),
      ]),
    ).toEqual([["command", "project/.claude/commands/deploy.md", "home/.claude/skills/deploy/SKILL.md"]]);
    const human = roster(["commands", "list"]);
    expect(human.stdout).toContain("Shadowed:");
  });

  test("why names the command a skill hides from its tool (issue #52)", () => {
    const out = json(roster(["skills", "why", "deploy", "--as", "claude", "--json"]));
    expect(out.hides.map((h: { kind: string; filePath: string }) => [h.kind, rel(h.filePath)])).toEqual([
      ["command", "project/.claude/commands/deploy.md"],
    ]);
    const human = roster(["skills", "why", "deploy"]);
    expect(human.stdout).toContain(
      "It hides the command .claude/commands/deploy.md (claude): the skill answers /deploy first",
    );
    // Codex makes no skill a command: nothing hidden.
    expect(json(roster(["skills", "why", "pdf", "--json"])).hides).toBeUndefined();
  });

  test("doctor checks SKILL.md: bad YAML, missing fields, unknown keys", () => {
    const out = json(roster(["doctor", "--json"]));
    const codes = out.diagnostics
      .filter((d: { filePath?: string }) => d.filePath?.includes("skills/broken"))
      .map((d: { code: string }) => d.code);
    expect(codes).toContain("frontmatter/yaml-error");
    // Claude Code reads YAML it cannot parse as `key: value` text: the description is "[oops" (issue #52).
    expect(codes).not.toContain("skill/missing-description");
    expect(out.summary.skills).toBe(5);
    // Copilot CLI skips the SKILL.md whose YAML it cannot parse: an error for that tool, and doctor fails.
    const copilot = roster(["doctor", "--as", "copilot", "--json"]);
    expect(copilot.code).toBe(1);
    expect(json(copilot).diagnostics).toContainEqual(
      expect.objectContaining({ severity: "error", code: "skill/yaml-error" }),
    );
    const claude = json(roster(["doctor", "--as", "claude", "--json"]));
    expect(claude.diagnostics.filter((d: { severity: string }) => d.severity === "error")).toEqual([]);
  });

  test("human output fits 80 columns", () => {
    const r = spawnSync(
      "script",
      [
        "-qc",
        `stty cols 80; ${process.execPath} ${bin} --home ${home()} --cwd ${project()} skills list`,
        "/dev/null",
      ],
      {
        encoding: "utf8",
        env: { PATH: process.env.PATH ?? "", NO_COLOR: "1" },
      },
    );
    if (r.error) return; // No `script` on this machine: the table's width is tested in output.test.ts.
    for (const lineText of r.stdout.split(/\r?\n/)) expect(lineText.length).toBeLessThanOrEqual(80);
  });
});

describe("export and sync --skills", () => {
  test("export copies the folder where the tool reads it, marks it, reads it back; the copy never outranks its source", () => {
    const r = roster(["export", "review", "--skills", "--to", "copilot", "--json"]);
    expect(r.code).toBe(0);
    const out = json(r);
    expect(out).toMatchObject({ action: "create", loadsAs: "review" });
    expect(out.files.map((f: { path: string; action: string }) => [f.path, f.action])).toEqual([
      ["SKILL.md", "copied"],
      ["scripts/check.sh", "copied"],
    ]);
    expect(existsSync(join(project(), ".github/skills/review/scripts/check.sh"))).toBe(true);
    expect(existsSync(join(project(), ".github/skills/.roster-sync.json"))).toBe(true);
    // The merged view still lists the source only; Copilot CLI itself loads the copy.
    const merged = json(roster(["skills", "list", "--json"]));
    expect(
      merged.skills
        .filter((s: { name: string }) => s.name === "review")
        .map((s: { filePath: string }) => rel(s.filePath)),
    ).toEqual(["project/.claude/skills/review/SKILL.md"]);
    expect(json(roster(["export", "review", "--skills", "--to", "copilot", "--json"])).action).toBe("update");
  });

  test("a folder a person wrote is a conflict, left untouched; a linked skills folder is never written through", () => {
    write("project/.gemini/skills/review/SKILL.md", "mine\n");
    const r = roster(["export", "review", "--skills", "--to", "gemini"]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("sync/conflict");
    mkdirSync(join(root, "elsewhere"), { recursive: true });
    symlinkSync(join(root, "elsewhere"), join(project(), ".opencode"));
    const linked = json(roster(["export", "review", "--skills", "--to", "opencode", "--json"]));
    expect(linked.action).toBe("conflict");
    expect(existsSync(join(root, "elsewhere/skills"))).toBe(false);
    rmSync(join(project(), ".opencode"));
  });

  test("sync --dry-run says what it would copy and writes nothing", () => {
    const out = json(roster(["sync", "--skills", "--to", "codex", "--dry-run", "--json"]));
    expect(out.copies.map((c: { skill: string; action: string }) => [c.skill, c.action])).toEqual([
      ["deploy", "create"],
      // Read as text, its description is "[oops": Codex reads the copy the same way.
      ["broken", "create"],
      ["review", "create"],
    ]);
    expect(existsSync(join(project(), ".agents/skills/review"))).toBe(false);
  });
});

describe("roster skills on bad input", () => {
  test("a symlink loop and a huge SKILL.md: diagnostics, the rest listed, no crash", () => {
    const skills = join(root, "project/.claude/skills");
    symlinkSync(join(skills, "loop"), join(skills, "loop"));
    write("project/.claude/skills/huge/SKILL.md", `${skill("huge", "big")}${"x".repeat(1_100_000)}`);
    try {
      const r = roster(["skills", "list", "--as", "claude", "--json"]);
      expect(r.code).toBe(0);
      const out = json(r);
      expect(out.skills.map((s: { name: string }) => s.name)).toContain("review");
      const codes = out.diagnostics.map((d: { code: string }) => d.code);
      expect(codes).toContain("load/broken-symlink");
      expect(codes).toContain("load/file-too-large");
    } finally {
      rmSync(join(skills, "loop"));
      rmSync(join(skills, "huge"), { recursive: true });
    }
  });
});
