// Answers that agree with each other (issue 50): `why` by a scoped id and by the bare name,
// `show --as` and `why --as`, the counts of list, doctor and report. The BUILT binary against
// a temporary project and home.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { agentFile, createSandbox, type Sandbox } from "@roster/testkit";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

const bin = fileURLToPath(new URL("../dist/roster.js", import.meta.url));
const CHROMIUM = process.env.ROSTER_CHROMIUM ?? "/usr/bin/chromium";
const hasChromium = existsSync(CHROMIUM);
if (!hasChromium) console.warn(`skipping the report's spawn-graph counts: no Chromium at ${CHROMIUM}`);
let box: Sandbox;

function roster(...args: string[]) {
  const r = spawnSync(process.execPath, [bin, "--home", box.home, "--cwd", box.project, ...args], {
    cwd: box.root,
    env: { PATH: process.env.PATH ?? "", ROSTER_NO_CACHE: "1" },
    encoding: "utf8",
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
const rel = (path: unknown) => (typeof path === "string" ? path.replace(`${box.root}/`, "") : path);

beforeAll(() => {
  expect(existsSync(bin), "apps/cli is not built: run pnpm build (pnpm test does)").toBe(true);
  box = createSandbox("roster-agree-");
  const plugin = join(box.home, ".claude/plugins/cache/m/pr-review-toolkit");
  box.write({
    "project/.git/HEAD": "ref: refs/heads/main\n",
    // Two files of one name in one folder: the sub-folder's path sorts first.
    "project/.claude/agents/code-reviewer.md": agentFile("code-reviewer", "top-level reviewer"),
    "project/.claude/agents/ahk/code-reviewer.md": agentFile("code-reviewer", "sub-folder reviewer"),
    "home/.claude/plugins/cache/m/pr-review-toolkit/.claude-plugin/plugin.json": JSON.stringify({
      name: "pr-review-toolkit",
      version: "1.0.0",
    }),
    "home/.claude/plugins/cache/m/pr-review-toolkit/agents/code-reviewer.md": agentFile(
      "code-reviewer",
      "the plugin's reviewer",
    ),
    "home/.claude/plugins/installed_plugins.json": JSON.stringify({
      version: 2,
      plugins: { "pr-review-toolkit@m": [{ scope: "user", installPath: plugin, version: "1.0.0" }] },
    }),
  });
});
afterAll(() => box.cleanup());

describe("why by a scoped id keeps the real order", () => {
  test("the same table as the bare name; the winner is the bare name's, the plugin's file is shadowed", () => {
    const scoped = JSON.parse(roster("why", "pr-review-toolkit:code-reviewer", "--json").stdout);
    const bare = JSON.parse(roster("why", "code-reviewer", "--json").stdout);
    expect(scoped.candidates).toEqual(bare.candidates);
    const outcomes = (why: { candidates: Array<{ filePath?: string; outcome: string }> }) =>
      why.candidates.filter((c) => c.filePath).map((c) => [rel(c.filePath), c.outcome]);
    expect(outcomes(scoped)).toEqual([
      ["project/.claude/agents/ahk/code-reviewer.md", "winner"],
      ["project/.claude/agents/code-reviewer.md", "shadowed"],
      ["home/.claude/plugins/cache/m/pr-review-toolkit/agents/code-reviewer.md", "shadowed"],
    ]);
    expect(rel(scoped.winner.filePath)).toBe("project/.claude/agents/ahk/code-reviewer.md");
    expect(scoped.scoped).toMatchObject({ provider: "plugins", name: "code-reviewer" });
    expect(rel(scoped.scoped.filePath)).toBe(
      "home/.claude/plugins/cache/m/pr-review-toolkit/agents/code-reviewer.md",
    );
    expect(bare.scoped).toBeUndefined();
  });

  test("the sentence under the table says what the scoped id names and which file wins the bare name", () => {
    const r = roster("why", "pr-review-toolkit:code-reviewer");
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      "pr-review-toolkit:code-reviewer names ~/.claude/plugins/cache/m/pr-review-toolkit/agents/code-reviewer.md (plugins, user); " +
        ".claude/agents/ahk/code-reviewer.md (claude, project) wins the bare name code-reviewer, shadowing",
    );
    expect(r.stdout).not.toMatch(/pr-review-toolkit:code-reviewer resolves to/);
  });
});

describe("why says why a sub-folder file wins in its folder", () => {
  test("the order of the path below the folder, in human output and in --json", () => {
    const because =
      "ahk/code-reviewer.md is read before code-reviewer.md (within one folder, files are read in code-unit order of their path below it, sub-folders included), and the first definition wins";
    const r = roster("why", "code-reviewer");
    expect(r.stdout).toContain(`In .claude/agents, ${because}.`);
    const top = JSON.parse(roster("why", "code-reviewer", "--json").stdout).candidates.find(
      (c: { filePath?: string }) => c.filePath === join(box.project, ".claude/agents/code-reviewer.md"),
    );
    expect(top).toMatchObject({
      outcome: "shadowed",
      sameFolder: { first: join(box.project, ".claude/agents/ahk/code-reviewer.md"), message: because },
    });
  });
});

describe("show NAME --as TOOL when the tool will not load the file of that name", () => {
  const cases = [
    // [tool, name, the file, its outcome, the start of the tool's reason]
    [
      "gemini",
      "planner",
      ".gemini/agents/planner.md",
      "ignored",
      "Gemini CLI registers a project agent only once the user acknowledged it",
    ],
    [
      "cursor",
      "verifier",
      ".cursor/agents/sub/verifier.md",
      "ignored",
      "Cursor does not read sub-folders of .cursor/agents",
    ],
    ["codex", "helper", ".codex/agents/helper.md", "ignored", "Codex reads only *.toml files here, not *.md"],
    [
      "claude",
      "nodesc",
      ".claude/agents/nodesc.md",
      "rejected",
      "Claude Code skips it: `description` is missing",
    ],
    [
      "copilot",
      "nodesc",
      ".claude/agents/nodesc.md",
      "rejected",
      "Copilot CLI skips it: `description` is missing",
    ],
  ] as const;
  let work: Sandbox;
  const run = (...args: string[]) => {
    const r = spawnSync(process.execPath, [bin, "--home", work.home, "--cwd", work.project, ...args], {
      cwd: work.root,
      env: { PATH: process.env.PATH ?? "", ROSTER_NO_CACHE: "1" },
      encoding: "utf8",
    });
    return { code: r.status, stdout: r.stdout, stderr: r.stderr };
  };
  beforeAll(() => {
    work = createSandbox("roster-not-loaded-");
    work.write({
      "project/.git/HEAD": "ref: refs/heads/main\n",
      "project/.gemini/agents/planner.md": agentFile("planner", "Plans"),
      "project/.cursor/agents/sub/verifier.md": agentFile("verifier", "Verifies"),
      "project/.codex/agents/helper.md": agentFile("helper", "Helps"),
      "project/.claude/agents/nodesc.md": "---\nname: nodesc\n---\nNo description.\n",
    });
    // Gemini CLI trusts the folder, but the user never acknowledged its agents.
    work.write({ "home/.gemini/trustedFolders.json": JSON.stringify({ [work.project]: "TRUST_FOLDER" }) });
  });
  afterAll(() => work.cleanup());

  test.each(cases)(
    "%s, %s: says the file is there and why the tool will not load it",
    (tool, name, file, outcome, reason) => {
      const r = run("show", name, "--as", tool);
      expect(r.code).toBe(1);
      expect(r.stdout).toBe("");
      expect(r.stderr).toMatch(/^roster: /);
      expect(r.stderr).toContain(`does not load "${name}": ${file} is ${outcome}: ${reason}`);
      expect(r.stderr).toContain(`(roster why ${name} --as ${tool})`);
      expect(r.stderr).not.toMatch(/unknown .* agent/);
      // --json: the same files and reasons `why --as` gives.
      const shown = JSON.parse(run("--json", "show", name, "--as", tool).stdout);
      const why = JSON.parse(run("--json", "why", name, "--as", tool).stdout);
      expect(shown).toMatchObject({ tool, name, code: "cli/not-loaded" });
      expect(shown.files).toEqual(
        why.files.map((f: { filePath: string; outcome: string; reason: unknown }) => ({
          filePath: f.filePath,
          outcome: f.outcome,
          reason: f.reason,
        })),
      );
      expect(shown.files.map((f: { filePath: string }) => f.filePath)).toEqual([join(work.project, file)]);
    },
  );

  test("a name no file has is still an unknown name, with the closest", () => {
    const r = run("show", "plannr", "--as", "gemini");
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^roster: unknown Gemini CLI agent "plannr"/);
  });
});

describe("the report's spawn graph: the counts and the picture read one graph", () => {
  test.skipIf(!hasChromium)(
    "an agent only `spawns: *` agents reach counts them, as the picture beside it draws them",
    () => {
      const work = createSandbox("roster-report-counts-");
      const profile = mkdtempSync(join(tmpdir(), "roster-chromium-"));
      try {
        work.write({
          // First in the list, so the picture beside the list is its own.
          "project/.claude/agents/a-quiet.md": agentFile("a-quiet", "spawns nothing, named by no one"),
          "project/.claude/agents/boss.md": agentFile("boss", "may spawn any agent", "spawns: '*'"),
          "project/.claude/agents/chief.md": agentFile("chief", "may spawn any agent", "spawns: '*'"),
          "project/.claude/agents/lead.md": agentFile("lead", "may spawn any agent", "tools: Read, Agent"),
        });
        const file = join(work.root, "report.html");
        const made = spawnSync(
          process.execPath,
          [bin, "--home", work.home, "--cwd", work.project, "report", "--html", file],
          { env: { PATH: process.env.PATH ?? "", ROSTER_NO_CACHE: "1" }, encoding: "utf8" },
        );
        expect(made.status).toBe(0);
        // Every agent that may spawn any agent (the three here and a bundled one: roster graph's).
        const graph = JSON.parse(
          spawnSync(process.execPath, [bin, "--home", work.home, "--cwd", work.project, "--json", "graph"], {
            env: { PATH: process.env.PATH ?? "", ROSTER_NO_CACHE: "1" },
            encoding: "utf8",
          }).stdout,
        );
        const star = graph.edges.filter(
          (e: { kind: string; to: string }) => e.kind === "spawns" && e.to === "any",
        );
        expect(star.length).toBeGreaterThanOrEqual(3);
        const r = spawnSync(
          CHROMIUM,
          [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            `--user-data-dir=${profile}`,
            "--dump-dom",
            `${pathToFileURL(file).href}#view=graph`,
          ],
          { encoding: "utf8", timeout: 120_000 },
        );
        expect(r.stdout).toContain('data-ready="true"');
        // The picture: every `*` agent may spawn it (one box for those that may spawn any agent)…
        expect(r.stdout).toContain(`${star.length} agents spawning *`);
        // …and the list beside it counts the same agents.
        expect(r.stdout).toContain(`a-quiet<span class="sub"> → 0 · ← ${star.length}</span>`);
        // A `*` agent: one edge to "any"; every other `*` agent may spawn it.
        expect(r.stdout).toContain(`boss<span class="sub"> → 1 · ← ${star.length - 1}</span>`);
      } finally {
        rmSync(profile, { recursive: true, force: true });
        work.cleanup();
      }
    },
    150_000,
  );
});

describe("counts of the same thing agree between list, doctor and the report", () => {
  test("problems reading agent files, and shadowed agent files (not commands), one number each", () => {
    const work = createSandbox("roster-counts-");
    try {
      work.write({
        "project/.git/HEAD": "ref: refs/heads/main\n",
        "project/.claude/agents/checker.md": agentFile("checker", "Checks"),
        // A value with ": " unquoted: read with the fallback parser, two warnings.
        "project/.claude/agents/odd.md":
          "---\nname: odd\ndescription: Use it: when odd\n  nested: x\n---\nOdd.\n",
        // Skipped (no description): a warning while reading, an error for doctor.
        "project/.claude/agents/nodesc.md": "---\nname: nodesc\n---\nNo description.\n",
        // Documentation beside the agents: a note, never a problem.
        "project/.claude/agents/README.md": "# Our agents\n",
        // doctor's own check (an unknown key): counted by doctor only.
        "project/.claude/agents/keyed.md": agentFile("keyed", "Keyed", "colour: blue"),
        "home/.claude/agents/checker.md": agentFile("checker", "The old checker"),
        // A shadowed command: doctor counts it, among commands.
        "project/.claude/commands/ship.md": "---\ndescription: Ship\n---\nShip it.\n",
        "home/.claude/commands/ship.md": "---\ndescription: Old ship\n---\nShip it.\n",
      });
      const run = (...args: string[]) =>
        spawnSync(process.execPath, [bin, "--home", work.home, "--cwd", work.project, ...args], {
          cwd: work.root,
          env: { PATH: process.env.PATH ?? "", ROSTER_NO_CACHE: "1" },
          encoding: "utf8",
        });
      const doctor = JSON.parse(run("--json", "doctor").stdout).summary;
      // Both kinds have a shadowed file, counted apart.
      expect(doctor.kinds.agents.shadowed).toBe(1);
      expect(doctor.kinds.commands.shadowed).toBe(1);
      expect(doctor.errors).toBeGreaterThanOrEqual(1);
      expect(doctor.readingAgentFiles).toBeGreaterThan(0);
      expect(doctor.readingAgentFiles).toBeLessThan(doctor.errors + doctor.warnings);

      // list's footer: the same number, under the same words.
      const list = run("list").stdout.trim().split("\n").at(-1);
      expect(list).toContain(`${doctor.readingAgentFiles} problems reading agent files (roster doctor)`);
      // doctor's totals: each kind apart, and how many of its findings list counts.
      const totals = run("doctor")
        .stdout.split("\n")
        .find((l) => /^\d+ files/.test(l));
      expect(totals).toMatch(
        /\(agents: \d+ loaded, 1 shadowed, 1 skipped, 1 not an agent; commands: \d+ loaded, 1 shadowed\)/,
      );
      expect(totals).toContain(`, ${doctor.readingAgentFiles} of them from reading agent files`);

      // The report's header counts agent files as doctor does.
      const page = join(work.root, "r.html");
      expect(run("report", "--html", page).status).toBe(0);
      const html = readFileSync(page, "utf8");
      expect(html).toContain(`<b>${doctor.kinds.agents.shadowed}</b> shadowed`);
      expect(html).toContain(`<b>${doctor.kinds.agents.skipped}</b> skipped`);
      expect(html).toContain(`<b>${doctor.errors}</b> errors`);
      expect(html).toContain(`<b>${doctor.warnings}</b> warnings`);
    } finally {
      work.cleanup();
    }
  });
});
