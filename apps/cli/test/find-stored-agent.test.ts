// `export NAME` and `run NAME` find the agent again from where an earlier run found it (a
// stat-only look at the families up to its own, then its one file), `show NAME` likewise
// after a look at every family (it lists the agent's copies, which may sit anywhere): end
// to end through the BUILT binary, with real folders changed between two runs. Every answer
// is compared with the same command under --no-cache (a fresh lookup).
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { agentFile, writeTree } from "@roster/testkit";
import { afterEach, beforeEach, expect, test } from "vitest";

const bin = fileURLToPath(new URL("../dist/roster.js", import.meta.url));
let root: string;

function roster(...args: string[]) {
  const result = spawnSync(
    process.execPath,
    [bin, "--home", join(root, "home"), "--cwd", join(root, "project"), ...args],
    { env: { PATH: process.env.PATH ?? "", XDG_CACHE_HOME: join(root, "cache") }, encoding: "utf8" },
  );
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Past the racy window of a change just made (its ctime is now: nothing is vouched for within 20 ms). */
const settle = () => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);

/** The command's answer, checked against the same command looked up afresh. */
function answer(...args: string[]): string {
  settle();
  const warm = roster(...args);
  const fresh = roster(...args, "--no-cache");
  expect(warm).toEqual(fresh);
  expect(warm.code).toBe(0);
  return warm.stdout;
}

/** The files stored for found agents. */
const storedAgents = () =>
  readdirSync(join(root, "cache"), { recursive: true }).filter((f) => /\.agent-/.test(String(f)));

/** The texts stored for shown agents (`show NAME`); none while nothing was stored. */
const storedShown = () =>
  !existsSync(join(root, "cache"))
    ? []
    : readdirSync(join(root, "cache"), { recursive: true, withFileTypes: true })
        .filter((f) => f.isFile() && /\.shown-/.test(f.name))
        .map((f) => readFileSync(join(f.parentPath, f.name), "utf8"));

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "roster-found-"));
  writeTree(root, {
    "home/.keep": "",
    "project/.git/HEAD": "ref: refs/heads/main\n",
    "project/.claude/agents/reviewer.md": agentFile(
      "reviewer",
      "claude reviewer",
      "",
      "You review (claude).",
    ),
    "project/.claude/agents/writer.md": agentFile("writer", "writer", "", "You write."),
    "project/.gemini/agents/reviewer.md": agentFile(
      "reviewer",
      "gemini reviewer",
      "",
      "You review (gemini).",
    ),
  });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const exported = () => answer("export", "reviewer", "--to", "codex", "--stdout");

test("export: an edit, an earlier family's file and a removal are each seen by the next run", () => {
  expect(exported()).toMatch(/description = "claude reviewer"/);
  expect(storedAgents()).toHaveLength(1);
  // Found again from the stored place: the same answer.
  expect(exported()).toMatch(/description = "claude reviewer"/);
  // The file itself edited (same size).
  writeTree(root, {
    "project/.claude/agents/reviewer.md": agentFile(
      "reviewer",
      "claude REVIEWER",
      "",
      "You review (claude).",
    ),
  });
  expect(exported()).toMatch(/description = "claude REVIEWER"/);
  // A file added in a family before it.
  writeTree(root, {
    "project/.xcsh/agents/reviewer.md": agentFile("reviewer", "xcsh reviewer", "", "You review."),
  });
  expect(exported()).toMatch(/description = "xcsh reviewer"/);
  // Both removed: the later family's.
  rmSync(join(root, "project/.xcsh/agents/reviewer.md"));
  rmSync(join(root, "project/.claude/agents/reviewer.md"));
  expect(exported()).toMatch(/description = "gemini reviewer"/);
  // A file in the same folder renamed to define the name: seen too.
  writeTree(root, {
    "project/.claude/agents/writer.md": agentFile("reviewer", "renamed writer", "", "You write."),
  });
  expect(exported()).toMatch(/description = "renamed writer"/);
});

test("run --dry-run: an edited prompt is what the next run plans", () => {
  const run = () => answer("run", "reviewer", "--dry-run", "--task", "look", "--runner", "x", "--quiet");
  expect(run()).toContain("You review (claude).");
  expect(run()).toContain("You review (claude).");
  writeTree(root, {
    "project/.claude/agents/reviewer.md": agentFile(
      "reviewer",
      "claude reviewer",
      "",
      "You review (edited).",
    ),
  });
  expect(run()).toContain("You review (edited).");
  // An unknown name is told by the whole discovery, as before.
  const unknown = roster("export", "revewer", "--to", "codex", "--stdout");
  expect(unknown.code).not.toBe(0);
  expect(unknown.stderr).toMatch(/did you mean reviewer\?/);
});

const shown = (...flags: string[]) => answer("show", "reviewer", "--no-pager", ...flags);
const copy = (description: string) => agentFile("reviewer", description, "generated-by: roster", "A copy.");

test("show: stored with its copies; a copy added or removed in any family, an edit, a new place: seen by the next run", () => {
  expect(shown()).toMatch(/description: +claude reviewer/);
  expect(storedShown()).toHaveLength(1);
  expect(shown("--json")).not.toMatch(/"copies"/);
  // A copy in the last family (a plugin-less user folder after the agent's family): listed.
  writeTree(root, { "home/.gemini/agents/reviewer.md": agentFile("reviewer", "gemini user copy") });
  writeTree(root, { "home/.gemini/agents/.roster-sync.json": JSON.stringify({ files: ["reviewer.md"] }) });
  expect(shown()).toMatch(/copies: +~\/\.gemini\/agents\/reviewer\.md/);
  expect(storedShown()[0]).toContain(join(root, "home/.gemini/agents/reviewer.md"));
  // A copy marked in its frontmatter, in a family before the agent's (a place that was not there).
  writeTree(root, { "project/.xcsh/agents/reviewer.md": copy("xcsh copy") });
  const both = JSON.parse(shown("--json"));
  expect(both.description).toBe("claude reviewer");
  expect(both.copies).toEqual([
    join(root, "project/.xcsh/agents/reviewer.md"),
    join(root, "home/.gemini/agents/reviewer.md"),
  ]);
  // The agent's own file edited (same size): its new text.
  writeTree(root, {
    "project/.claude/agents/reviewer.md": agentFile(
      "reviewer",
      "claude REVIEWER",
      "",
      "You review (claude).",
    ),
  });
  expect(shown()).toMatch(/description: +claude REVIEWER/);
  // A copy removed.
  rmSync(join(root, "project/.xcsh/agents/reviewer.md"));
  expect(JSON.parse(shown("--json")).copies).toEqual([join(root, "home/.gemini/agents/reviewer.md")]);
  // A copy's mark taken off (an edit, same size): it is a definition again, shadowed, no copy.
  writeTree(root, { "home/.gemini/agents/.roster-sync.json": JSON.stringify({ files: ["reviewer.mx"] }) });
  expect(shown("--json")).not.toMatch(/"copies"/);
  // The agent's file removed: the next family's definition.
  rmSync(join(root, "project/.claude/agents/reviewer.md"));
  expect(shown()).toMatch(/description: +gemini reviewer/);
  expect(storedShown()).toHaveLength(1);
  // An unknown name: the whole discovery's did-you-mean, as before.
  const unknown = roster("show", "revewer");
  expect(unknown.code).not.toBe(0);
  expect(unknown.stderr).toMatch(/did you mean reviewer\?/);
});

test("show: a look within the racy window (a file changed just now) is not stored, and a stored answer is not trusted", () => {
  // A file whose mtime is ahead of the clock: every look at it is within the racy window.
  const ahead = new Date(Date.now() + 3_600_000);
  utimesSync(join(root, "project/.gemini/agents/reviewer.md"), ahead, ahead);
  expect(shown()).toMatch(/description: +claude reviewer/);
  expect(storedShown()).toHaveLength(0);
  // Back in the past: stored; then an edit of the same size with its mtime put back (only
  // its ctime says so) is seen.
  const past = new Date(Date.now() - 60_000);
  utimesSync(join(root, "project/.gemini/agents/reviewer.md"), past, past);
  expect(shown()).toMatch(/description: +claude reviewer/);
  expect(storedShown()).toHaveLength(1);
  writeTree(root, { "project/.claude/agents/reviewer.md": copy("claude reviewer") });
  utimesSync(join(root, "project/.claude/agents/reviewer.md"), past, past);
  // The claude file is now a copy: the Gemini definition answers, the claude copy under it.
  const now = JSON.parse(shown("--json"));
  expect(now.description).toBe("gemini reviewer");
  expect(now.copies).toEqual([join(root, "project/.claude/agents/reviewer.md")]);
});
