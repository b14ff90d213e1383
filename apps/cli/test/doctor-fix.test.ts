// roster doctor --fix [--dry-run], end to end through the BUILT binary in a real git work tree (issue 50).
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { writeTree } from "@roster/testkit";
import { afterEach, beforeEach, describe, expect, test } from "vitest";

const bin = fileURLToPath(new URL("../dist/roster.js", import.meta.url));
let root: string;
const project = () => join(root, "project");
const at = (rel: string) => join(project(), rel);

function roster(...args: string[]) {
  const result = spawnSync(
    process.execPath,
    [bin, "--home", join(root, "home"), "--cwd", project(), ...args],
    {
      env: { PATH: process.env.PATH ?? "" },
      encoding: "utf8",
    },
  );
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}
function git(...args: string[]) {
  const r = spawnSync("git", ["-c", "user.email=t@t", "-c", "user.name=t", ...args], {
    cwd: project(),
    encoding: "utf8",
  });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout;
}

const COLON = "---\nname: reviewer\ndescription: Use when: a PR is ready\ntools: Read\n---\nYou review.\n";
const SPACED = "---\nname: Code Planner\n---\n# Plans work\n\nYou plan.\n";
const LINKED = "---\nname: linked\ndescription: Use when: linked\n---\nbody\n";
const OUTSIDE = "---\nname: outside\ndescription: Use when: outside\n---\nbody\n";

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "roster-fix-"));
  writeTree(root, {
    "home/.keep": "",
    "project/.claude/agents/reviewer.md": COLON,
    "project/.gemini/agents/planner.md": SPACED,
    "project/.gitignore": ".claude/agents/ignored.md\n",
    "project/docs/linked.md": LINKED,
    "outside.md": OUTSIDE,
  });
  // A link inside the project is read but never written through; one that leaves it is never read.
  symlinkSync(at("docs/linked.md"), at(".claude/agents/linked.md"));
  symlinkSync(join(root, "outside.md"), at(".claude/agents/outside.md"));
  git("init", "-q");
  git("add", ".");
  git("commit", "-qm", "agents");
  // Not tracked yet, and ignored: neither shows in `git diff`.
  writeTree(root, {
    "project/.claude/agents/fresh.md": "---\nname: fresh\ndescription: x: y\n---\nb\n",
    "project/.claude/agents/ignored.md": "---\nname: ignored\ndescription: x: y\n---\nb\n",
  });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("roster doctor --fix", () => {
  test("--dry-run prints unified diffs and path:line of each fix, writes nothing, exit 1", () => {
    const r = roster("doctor", "--fix", "--dry-run");
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(
      [
        "--- a/.claude/agents/reviewer.md",
        "+++ b/.claude/agents/reviewer.md",
        "@@ -1,6 +1,6 @@",
        " ---",
        " name: reviewer",
        "-description: Use when: a PR is ready",
        '+description: "Use when: a PR is ready"',
        " tools: Read",
        " ---",
        " You review.",
        '.claude/agents/reviewer.md:3  fix/quote-value  quoted the value of description: it holds ": ", which YAML reads as the start of another key',
      ].join("\n"),
    );
    expect(r.stdout).toMatch(
      /^\.gemini\/agents\/planner\.md:2 {2}fix\/slug-name {2}name "Code Planner" → code-planner: Gemini CLI/m,
    );
    expect(r.stdout).toMatch(/^\.gemini\/agents\/planner\.md:3 {2}fix\/description-from-body/m);
    expect(r.stdout).toMatch(/\(dry run: nothing written\)/);
    expect(readFileSync(at(".claude/agents/reviewer.md"), "utf8")).toBe(COLON);
    expect(git("status", "--porcelain", "--untracked-files=no")).toBe("");
  });

  test("writes only what git tracks; untracked, ignored and linked files are left, each said", () => {
    const r = roster("doctor", "--fix");
    expect(r.code).toBe(1);
    expect(git("diff", "--name-only").split("\n").filter(Boolean)).toEqual([
      ".claude/agents/reviewer.md",
      ".gemini/agents/planner.md",
    ]);
    expect(readFileSync(at(".gemini/agents/planner.md"), "utf8")).toBe(
      '---\nname: code-planner\ndescription: "Plans work"\n---\n# Plans work\n\nYou plan.\n',
    );
    expect(r.stdout).toMatch(/^left \.claude\/agents\/fresh\.md: not tracked by git: git add it/m);
    expect(r.stdout).toMatch(/^left \.claude\/agents\/ignored\.md: ignored by git/m);
    expect(r.stdout).toMatch(
      /^left \.claude\/agents\/linked\.md: a symbolic link; roster never writes through one$/m,
    );
    expect(readFileSync(at("docs/linked.md"), "utf8")).toBe(LINKED);
    expect(readFileSync(join(root, "outside.md"), "utf8")).toBe(OUTSIDE);
    expect(r.stdout).not.toContain("outside.md");
    expect(r.stdout).toMatch(/fixed 2 files \(3 fixes\); 3 files with fixes left as it is/);
    // The fixed files now load: plain doctor no longer reports them.
    const doctor = JSON.parse(roster("doctor", "--json").stdout) as {
      diagnostics: Array<{ filePath?: string; code: string }>;
    };
    const broken = doctor.diagnostics
      .filter((d) => d.code === "frontmatter/yaml-error")
      .map((d) => d.filePath?.slice(project().length));
    expect(broken.sort()).toEqual([
      "/.claude/agents/fresh.md",
      "/.claude/agents/ignored.md",
      "/.claude/agents/linked.md",
    ]);
    expect(
      doctor.diagnostics
        .filter((d) => d.code === "load/outside-root")
        .map((d) => d.filePath?.slice(project().length)),
    ).toEqual(["/.claude/agents/outside.md"]);
  });

  test("--json: each file's fixes, action and diff; outside a git work tree nothing is written", () => {
    rmSync(at(".git"), { recursive: true, force: true });
    const r = roster("doctor", "--fix", "--json");
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout) as {
      dryRun: boolean;
      files: Array<{ filePath: string; action: string; reason?: string; diff: string }>;
    };
    const reviewer = out.files.find((f) => f.filePath.endsWith("reviewer.md"));
    expect(reviewer).toMatchObject({
      action: "left",
      reason: expect.stringMatching(/^not in a git work tree/),
    });
    expect(reviewer?.diff).toMatch(/^--- a\/\.claude\/agents\/reviewer\.md\n/);
    expect(readFileSync(at(".claude/agents/reviewer.md"), "utf8")).toBe(COLON);
  });

  test("usage: --dry-run alone, --fix with --as", () => {
    expect(roster("doctor", "--dry-run")).toMatchObject({
      code: 2,
      stderr: "roster: --dry-run goes with --fix (roster doctor --fix --dry-run)\n",
    });
    expect(roster("doctor", "--fix", "--as", "claude").code).toBe(2);
  });
});
