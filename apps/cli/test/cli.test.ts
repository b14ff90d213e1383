// End-to-end: the BUILT binary (apps/cli/dist/roster.js) against temporary trees and homes.
import { spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { agentFile, CORPUS_DIR, copyFixtureTree, corpusFiles, hasCorpus } from "@roster/testkit";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

const bin = fileURLToPath(new URL("../dist/roster.js", import.meta.url));

let root: string;
const home = () => join(root, "home");
const project = () => join(root, "project");

/** Runs roster with a clean environment (no NO_COLOR games, no inherited roster session). */
function roster(args: string[], options: { env?: Record<string, string>; cwd?: string } = {}) {
  const env: Record<string, string> = { PATH: process.env.PATH ?? "", ...options.env };
  const result = spawnSync(process.execPath, [bin, ...args], {
    cwd: options.cwd ?? root,
    env,
    encoding: "utf8",
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}
const inTree = (...args: string[]) => ["--home", home(), "--cwd", project(), ...args];
const json = (r: { stdout: string }) => JSON.parse(r.stdout);
const rel = (p: unknown) => (typeof p === "string" ? p.replaceAll(`${root}/`, "") : p);

beforeAll(() => {
  expect(existsSync(bin), "apps/cli is not built: run pnpm build (pnpm test does)").toBe(true);
  root = mkdtempSync(join(tmpdir(), "roster-cli-"));
  // The one checked-in end-to-end tree, shared with the integration tests.
  copyFixtureTree(root);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("roster list", () => {
  test("--json over all six sources has the SPEC §8 shape, field by field", () => {
    const r = roster(inTree("list", "--json"));
    expect(r.code).toBe(0);
    const out = json(r);
    expect(Object.keys(out).sort()).toEqual([
      "agents",
      "diagnostics",
      "projectAgentsDir",
      "schemaVersion",
      "shadowed",
    ]);
    const byName = Object.fromEntries(out.agents.map((a: { name: string }) => [a.name, a]));
    expect(out.agents.map((a: { name: string }) => a.name)).toEqual([
      "reviewer",
      "planner",
      "ui-designer",
      "migrator",
      "doc-writer",
      "explore",
      "auditor",
      "code-reviewer",
      "plan",
      "designer",
      "task",
      "quick_task",
    ]);
    expect(byName.reviewer).toEqual({
      name: "reviewer",
      description: "Project reviewer from .xcsh",
      source: "project",
      provider: "xcsh",
      filePath: join(project(), ".xcsh/agents/reviewer.md"),
      tools: ["read", "grep", "submit_result"],
      thinkingLevel: "high",
      hasOutputSchema: false,
    });
    expect(byName.planner).toMatchObject({
      source: "user",
      provider: "xcsh",
      spawns: ["explore", "reviewer"],
    });
    expect(byName["ui-designer"]).toMatchObject({
      provider: "claude",
      model: ["sonnet"],
      tools: ["read", "grep", "glob", "submit_result"],
    });
    expect(byName.migrator).toMatchObject({
      provider: "codex",
      thinkingLevel: "high",
      model: ["gpt-5-codex"],
    });
    // A project-scope plugin (from the project's .xcsh registry) comes before user-scope ones.
    expect(byName.auditor).toMatchObject({
      source: "project",
      provider: "plugins",
      filePath: join(project(), "plugins/gamma/agents/auditor.md"),
      plugin: { id: "gamma@market", name: "gamma", marketplace: "market", version: "2.0.0" },
    });
    expect(byName["code-reviewer"]).toMatchObject({
      provider: "plugins",
      plugin: { id: "alpha@market", name: "alpha" },
    });
    expect(byName.task).toMatchObject({ source: "bundled", spawns: "*", thinkingLevel: "medium" });
    expect(
      out.shadowed.map((s: Record<string, unknown>) => [
        s.name,
        s.provider,
        rel(s.filePath),
        rel(s.shadowedBy),
      ]),
    ).toEqual([
      ["reviewer", "claude", "project/.claude/agents/reviewer.md", "project/.xcsh/agents/reviewer.md"],
      ["reviewer", "claude", "home/.claude/agents/reviewer.md", "project/.xcsh/agents/reviewer.md"],
      ["doc-writer", "gemini", "home/.gemini/agents/doc-writer.md", "home/.codex/agents/doc-writer.md"],
      [
        "code-reviewer",
        "plugins",
        "home/plugins/beta/agents/code-reviewer.md",
        "home/plugins/alpha/agents/code-reviewer.md",
      ],
      ["explore", "bundled", "embedded:explore.md", "project/.gemini/agents/explore.md"],
      ["plan", "bundled", "embedded:plan.md", "home/plugins/beta/agents/plan.md"],
      ["reviewer", "bundled", "embedded:reviewer.md", "project/.xcsh/agents/reviewer.md"],
    ]);
    expect(out.diagnostics).toEqual([
      expect.objectContaining({
        severity: "info",
        code: "agent/not-an-agent",
        filePath: join(project(), ".claude/agents/README.md"),
      }),
      expect.objectContaining({
        severity: "warning",
        code: "agent/missing-description",
        filePath: join(project(), ".claude/agents/broken.md"),
      }),
    ]);
    expect(out.projectAgentsDir).toBe(join(project(), ".xcsh/agents"));
    // `files` only with --files: one record per file looked at, in search order.
    expect(out.files).toBeUndefined();
    const files = json(roster(inTree("list", "--json", "--files"))).files;
    expect(
      files
        .filter((f: { outcome: string }) => f.outcome !== "loaded")
        .map((f: Record<string, unknown>) => [
          f.outcome,
          rel(f.path),
          rel(f.shadowedBy ?? (f.reason as { code?: string } | undefined)?.code),
        ]),
    ).toEqual([
      ["not-an-agent", "project/.claude/agents/README.md", undefined],
      ["skipped", "project/.claude/agents/broken.md", "agent/missing-description"],
      ["shadowed", "project/.claude/agents/reviewer.md", "project/.xcsh/agents/reviewer.md"],
      ["shadowed", "home/.claude/agents/reviewer.md", "project/.xcsh/agents/reviewer.md"],
      ["shadowed", "home/.gemini/agents/doc-writer.md", "home/.codex/agents/doc-writer.md"],
      ["shadowed", "home/plugins/beta/agents/code-reviewer.md", "home/plugins/alpha/agents/code-reviewer.md"],
      ["shadowed", "embedded:explore.md", "project/.gemini/agents/explore.md"],
      ["shadowed", "embedded:plan.md", "home/plugins/beta/agents/plan.md"],
      ["shadowed", "embedded:reviewer.md", "project/.xcsh/agents/reviewer.md"],
    ]);
  });

  test("--no-project hides project agents", () => {
    const out = json(roster(inTree("--no-project", "list", "--json")));
    expect(out.agents.filter((a: { source: string }) => a.source === "project")).toEqual([]);
    expect(out.agents.map((a: { name: string }) => a.name)).not.toContain("auditor");
    expect(out.agents.find((a: { name: string }) => a.name === "reviewer")).toMatchObject({
      source: "user",
      provider: "claude",
    });
    // No project folder of agents: the key says so (SPEC §8), it is not left out.
    expect(out).toHaveProperty("projectAgentsDir", null);
  });

  test("relative --cwd and --home are read against the shell's directory", () => {
    const out = json(roster(["--home", "home", "--cwd", "project", "list", "--json"], { cwd: root }));
    expect(out.agents.find((a: { name: string }) => a.name === "planner")).toMatchObject({
      filePath: join(home(), ".xcsh/agent/agents/planner.md"),
    });
  });

  test("a human table with paths relative to the cwd and no colour in a pipe", () => {
    const r = roster(inTree("list"));
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^NAME\s+SOURCE\s+PROVIDER\s+FILE\s+DESCRIPTION/);
    expect(r.stdout).toContain(".xcsh/agents/reviewer.md");
    expect(r.stdout).not.toContain(project());
    expect(r.stdout).not.toContain("\u001b[");
  });

  describe.skipIf(!hasCorpus())("over the shared corpus arranged as a .claude/agents folder", () => {
    test("every corpus agent file has exactly one outcome: files − loaded − shadowed − skipped − not-an-agent = 0", () => {
      const work = mkdtempSync(join(tmpdir(), "roster-corpus-"));
      try {
        const target = join(work, "project/.claude/agents");
        mkdirSync(target, { recursive: true });
        let copied = 0;
        for (const path of corpusFiles()) {
          if (!/\/agents\//.test(path)) continue;
          cpSync(path, join(target, relative(CORPUS_DIR, path).replaceAll("/", "-")));
          copied++;
        }
        mkdirSync(join(work, "home"));
        const out = json(
          roster(["--home", join(work, "home"), "--cwd", join(work, "project"), "list", "--json", "--files"]),
        );
        const files = out.files.filter((f: { provider: string }) => f.provider === "claude");
        const count = (outcome: string) =>
          files.filter((f: { outcome: string }) => f.outcome === outcome).length;
        expect(copied).toBeGreaterThan(100);
        // One record per copied file, and each record has exactly one outcome.
        expect(files.length).toBe(copied);
        expect(
          files.length - count("loaded") - count("shadowed") - count("skipped") - count("not-an-agent"),
        ).toBe(0);
        // The outcomes agree with the merged view.
        expect(count("loaded")).toBe(
          out.agents.filter((a: { provider: string }) => a.provider === "claude").length,
        );
        expect(count("shadowed")).toBe(
          out.shadowed.filter((s: { provider: string }) => s.provider === "claude").length,
        );
        // Exactly one diagnostic explains each skip.
        for (const file of files.filter((f: { outcome: string }) => f.outcome === "skipped")) {
          const about = out.diagnostics.filter(
            (d: { filePath: string; severity: string }) => d.filePath === file.path && d.severity !== "info",
          );
          expect(about.map((d: { code: string }) => d.code)).toContain(file.reason.code);
        }
      } finally {
        rmSync(work, { recursive: true, force: true });
      }
    });
  });
});

describe("roster why / show", () => {
  test("why names the winner and every shadowed file in order", () => {
    const out = json(roster(inTree("why", "reviewer", "--json")));
    expect(rel(out.winner.filePath)).toBe("project/.xcsh/agents/reviewer.md");
    const defining = out.candidates.filter((c: { filePath?: string }) => c.filePath);
    expect(defining.map((c: Record<string, unknown>) => [c.provider, rel(c.filePath), c.outcome])).toEqual([
      ["xcsh", "project/.xcsh/agents/reviewer.md", "winner"],
      ["claude", "project/.claude/agents/reviewer.md", "shadowed"],
      ["claude", "home/.claude/agents/reviewer.md", "shadowed"],
      ["bundled", "embedded:reviewer.md", "shadowed"],
    ]);
    const text = roster(inTree("why", "reviewer")).stdout;
    expect(text).toMatch(/reviewer resolves to \.xcsh\/agents\/reviewer\.md \(xcsh, project\); it shadows/);
    // The table says SOURCE as list does, and a legend says what each outcome shown means.
    expect(text.split("\n")[0]).toMatch(/^#\s+SOURCE\s+PROVIDER\s+LOCATION\s+OUTCOME\s+FILE$/);
    expect(text).toMatch(/^absent +searched: no file of the name there$/m);
    expect(text).toMatch(/^missing +the folder does not exist$/m);
    expect(text).toMatch(/^shadowed +a definition of the name that one above it overrides$/m);
    // The shadowed definitions, as MCP why_agent lists them.
    expect(
      out.shadowed.map((a: { provider: string; filePath: string }) => [a.provider, rel(a.filePath)]),
    ).toEqual([
      ["claude", "project/.claude/agents/reviewer.md"],
      ["claude", "home/.claude/agents/reviewer.md"],
      ["bundled", "embedded:reviewer.md"],
    ]);
    expect(out.shadowed[0]).toEqual({
      name: "reviewer",
      source: "project",
      provider: "claude",
      filePath: join(project(), ".claude/agents/reviewer.md"),
    });
  });

  test("list's footer counts in words and names the shadowed agents", () => {
    const text = roster(inTree("list")).stdout;
    expect(text.trimEnd().split("\n").at(-1)).toBe(
      "12 agents; shadowed: reviewer, doc-writer, code-reviewer, explore, plan (roster why NAME); 1 problem reading agent files (roster doctor)",
    );
  });

  test("show prints the full definition; a scoped plugin id reaches the shadowed plugin agent", () => {
    const out = json(roster(inTree("show", "beta:code-reviewer", "--json")));
    expect(out).toMatchObject({
      name: "code-reviewer",
      description: "Beta code reviewer",
      systemPrompt: "Beta.",
    });
    expect(roster(inTree("show", "explore")).stdout).toContain("Explore this project.");
  });

  test("an unknown name reads the same in show, why, run, export: one short line, suggestion first", () => {
    const r = roster(inTree("show", "nope"));
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('roster: unknown agent "nope" (roster list shows all 12)\n');
    const line =
      'roster: unknown agent "reviwer"; did you mean reviewer or code-reviewer? (roster list shows all 12)\n';
    for (const args of [
      ["show", "reviwer"],
      ["why", "reviwer"],
      ["run", "reviwer", "--task", "x", "--dry-run"],
      ["export", "reviwer", "--to", "codex", "--stdout"],
    ]) {
      const typo = roster(inTree(...args));
      expect(typo.stderr, args.join(" ")).toBe(line);
      expect(typo.code, args.join(" ")).toBe(1);
      // No table of places before the hint: why of a name no file defines answers with the hint.
      expect(typo.stdout, args.join(" ")).toBe("");
    }
    expect(json(roster(inTree("--json", "why", "reviwer"))).suggestions).toEqual([
      "reviewer",
      "code-reviewer",
    ]);
  });

  test("an unknown value of a flag reads the same: --to, --as, --provider, --host", () => {
    const tools = "one of xcsh, claude, codex, gemini, opencode, copilot, cursor";
    const cases: Array<[string[], string]> = [
      [
        ["export", "reviewer", "--to", "codx"],
        `roster: unknown tool "codx" for --to; did you mean codex? (${tools})`,
      ],
      [
        ["sync", "--to", "codex,gemni"],
        `roster: unknown tool "gemni" for --to; did you mean gemini? (${tools})`,
      ],
      [["list", "--as", "codx"], `roster: unknown tool "codx" for --as; did you mean codex? (${tools})`],
      [
        ["list", "--provider", "claud"],
        'roster: unknown provider "claud" for --provider; did you mean claude?',
      ],
      [
        ["run", "reviewer", "--task", "x", "--host", "cladue"],
        'roster: unknown host "cladue" for --host; did you mean claude?',
      ],
    ];
    for (const [args, start] of cases) {
      const r = roster(inTree(...args));
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.stderr.startsWith(start), r.stderr).toBe(true);
      expect(r.stderr.split("\n").length, r.stderr).toBe(2);
    }
  });
});

describe("roster doctor", () => {
  test("exit 1 on a tree with a broken file (an error), 0 on a clean one", () => {
    const work = mkdtempSync(join(tmpdir(), "roster-doctor-"));
    try {
      mkdirSync(join(work, "home"));
      const args = ["--home", join(work, "home"), "--cwd", work, "doctor"];
      writeFileSync(join(work, "roster.config.mjs"), "export default {};\n");
      // A config module is project code: it runs once the folder is trusted (SPEC §5.3).
      expect(roster(["--home", join(work, "home"), "--cwd", work, "trust"]).code).toBe(0);
      mkdirSync(join(work, ".claude/agents"), { recursive: true });
      writeFileSync(join(work, ".claude/agents/ok.md"), agentFile("ok"));
      expect(roster(args).code).toBe(0);
      writeFileSync(join(work, ".claude/agents/broken.md"), "---\nname: broken\n---\nno description\n");
      const bad = roster([...args, "--json"]);
      expect(bad.code).toBe(1);
      expect(json(bad).summary).toEqual({
        files: 9,
        outcomes: { loaded: 8, shadowed: 0, skipped: 1, "not-an-agent": 0, copy: 0 },
        kinds: {
          agents: { loaded: 7, shadowed: 0, skipped: 1, "not-an-agent": 0, copy: 0 },
          commands: { loaded: 1, shadowed: 0, skipped: 0, "not-an-agent": 0, copy: 0 },
          skills: { loaded: 0, shadowed: 0, skipped: 0, "not-an-agent": 0, copy: 0 },
        },
        // The skipped file's reason: a warning while reading (list counts it), an error here.
        readingAgentFiles: 1,
        agents: 7,
        commands: 1,
        skills: 0,
        errors: 1,
        warnings: 0,
      });
      expect(json(bad).files).toContainEqual(
        expect.objectContaining({
          path: join(work, ".claude/agents/broken.md"),
          outcome: "skipped",
          reason: expect.objectContaining({ code: "agent/missing-description" }),
        }),
      );
      expect(json(bad).diagnostics).toEqual([
        expect.objectContaining({
          severity: "error",
          code: "agent/missing-description",
          filePath: join(work, ".claude/agents/broken.md"),
        }),
      ]);
      // A provider that throws is an error too.
      writeFileSync(
        join(work, "broken-provider.mjs"),
        'export default { id: "broken", locate() { throw new Error("registry exploded"); } };\n',
      );
      writeFileSync(
        join(work, "roster.config.mjs"),
        'export default { providers: ["./broken-provider.mjs"] };\n',
      );
      expect(roster(["--home", join(work, "home"), "--cwd", work, "trust"]).code).toBe(0);
      expect(json(roster([...args, "--json"])).diagnostics).toContainEqual(
        expect.objectContaining({ severity: "error", code: "provider/locate-failed" }),
      );
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });

  test("covers workflow commands (a broken Gemini command exits 1), documentation and the session env", () => {
    const work = mkdtempSync(join(tmpdir(), "roster-doctor-"));
    try {
      mkdirSync(join(work, "home"));
      mkdirSync(join(work, ".git"));
      const args = ["--home", join(work, "home"), "--cwd", work, "doctor"];
      mkdirSync(join(work, ".claude/agents"), { recursive: true });
      writeFileSync(join(work, ".claude/agents/ok.md"), agentFile("ok"));
      // A README copied into an agents folder is documentation: an info, never an error.
      writeFileSync(join(work, ".claude/agents/README.md"), "# Our agents\n\nSee ok.md.\n");
      const clean = roster([...args, "--json"]);
      expect(clean.code).toBe(0);
      expect(json(clean).summary.outcomes).toEqual({
        loaded: 8,
        shadowed: 0,
        skipped: 0,
        "not-an-agent": 1,
        copy: 0,
      });
      mkdirSync(join(work, ".gemini/commands"), { recursive: true });
      writeFileSync(join(work, ".gemini/commands/broken.toml"), "prompt = [unclosed\n");
      const broken = roster([...args, "--json"]);
      expect(broken.code).toBe(1);
      const about = json(broken).diagnostics.filter(
        (d: { filePath?: string }) => d.filePath === join(work, ".gemini/commands/broken.toml"),
      );
      expect(about).toEqual([expect.objectContaining({ severity: "error", code: "gemini/toml-error" })]);
      // Each kind of file apart: the README among agents, the broken command among commands.
      expect(roster(args).stdout).toMatch(
        /\(agents: \d+ loaded, 1 not an agent; commands: \d+ loaded, 1 skipped\)/,
      );
      // The session's environment is checked too.
      const env = roster([...args, "--json"], { env: { ROSTER_TASK_DEPTH: "abc" } });
      expect(json(env).diagnostics).toContainEqual(
        expect.objectContaining({ code: "executor/bad-task-depth" }),
      );
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });

  test("reports unknown keys with did-you-mean, unknown spawns, project shadowing; --strict fails on warnings", () => {
    const work = mkdtempSync(join(tmpdir(), "roster-doctor-"));
    try {
      mkdirSync(join(work, "home/.claude/agents"), { recursive: true });
      writeFileSync(join(work, "home/.claude/agents/rev.md"), agentFile("rev", "user"));
      mkdirSync(join(work, "p/.claude/agents"), { recursive: true });
      writeFileSync(
        join(work, "p/.claude/agents/rev.md"),
        agentFile("rev", "project", "tols: read\nspawns: rev, ghost\nthinking: extreme\ncolor: blue"),
      );
      // Two files of one folder (sub-folders organise, they do not rename) with one name.
      mkdirSync(join(work, "home/.claude/agents/a"), { recursive: true });
      mkdirSync(join(work, "home/.claude/agents/b"), { recursive: true });
      writeFileSync(join(work, "home/.claude/agents/a/twin.md"), agentFile("twin", "first"));
      writeFileSync(join(work, "home/.claude/agents/b/twin.md"), agentFile("twin", "second"));
      const args = ["--home", join(work, "home"), "--cwd", join(work, "p"), "doctor"];
      const out = json(roster([...args, "--json"]));
      const codes = out.diagnostics.map((d: { code: string; message: string }) => `${d.code}: ${d.message}`);
      expect(codes).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^doctor\/unknown-key: .*"tols".*did you mean "tools"/),
          expect.stringMatching(/^doctor\/self-spawn: /),
          expect.stringMatching(/^doctor\/unknown-spawn: .*"ghost"/),
          expect.stringMatching(/^doctor\/project-shadows: project agent "rev" overrides the user one/),
          expect.stringMatching(/^agent\/unknown-thinking-level: /),
          expect.stringMatching(/^doctor\/duplicate-name: "twin" is defined twice in claude user scope/),
        ]),
      );
      // A known key that roster ignores (color) is not reported.
      expect(codes.filter((c: string) => c.includes('"color"'))).toEqual([]);
      expect(roster(args).code).toBe(0);
      expect(roster([...args, "--strict"]).code).toBe(1);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
});

describe("roster run", () => {
  test("a plan-mode dry run shows the read-only tools, no spawns and the prefixed prompt", () => {
    const out = json(
      roster(
        inTree(
          "run",
          "planner",
          "--task",
          "look",
          "--plan-mode",
          "--dry-run",
          "--runner",
          "unused",
          "--json",
        ),
      ),
    );
    expect(out.invocations).toHaveLength(1);
    expect(out.invocations[0]).toMatchObject({
      agent: "planner",
      tools: ["read", "grep", "find", "ls", "lsp", "web_search"],
      spawns: "",
      prompt: "look",
    });
    expect(out.invocations[0].systemPrompt).toMatch(/^Plan mode is active/);
  });

  test("across real processes the grandchild is refused at the depth limit", () => {
    const child = join(root, "child.mjs");
    writeFileSync(
      child,
      [
        'import { spawn, spawnSync } from "node:child_process";',
        'let input = ""; for await (const chunk of process.stdin) input += chunk;',
        "const invocation = JSON.parse(input);",
        "const nested = spawnSync(process.execPath, [process.env.ROSTER_BIN, '--home', process.env.TEST_HOME, '--cwd', process.env.TEST_CWD,",
        "  'run', process.env.NEXT_AGENT, '--task', 'deeper', '--runner', process.execPath + ' ' + process.argv[1], '--json'], { encoding: 'utf8' });",
        "console.log(JSON.stringify({ agent: invocation.agent, depth: process.env.ROSTER_TASK_DEPTH, spawns: process.env.ROSTER_SPAWNS,",
        "  nested: { code: nested.status, stdout: nested.stdout, stderr: nested.stderr } }));",
      ].join("\n"),
    );
    const env = { ROSTER_BIN: bin, TEST_HOME: home(), TEST_CWD: project(), NEXT_AGENT: "explore" };
    const r = roster(
      inTree("run", "task", "--task", "start", "--runner", `${process.execPath} ${child}`, "--json"),
      { env },
    );
    expect(r.code).toBe(0);
    const level1 = JSON.parse(json(r).results[0].output);
    expect(level1).toMatchObject({ agent: "task", depth: "1", spawns: "*" });
    expect(level1.nested.code).toBe(0);
    const level2 = JSON.parse(JSON.parse(level1.nested.stdout).results[0].output);
    // depth 2 is the limit: the grandchild may not spawn at all.
    expect(level2).toMatchObject({ agent: "explore", depth: "2", spawns: "" });
    expect(level2.nested.code).toBe(1);
    expect(JSON.parse(level2.nested.stdout)).toEqual({
      schemaVersion: 2,
      error: "Cannot spawn 'explore'. Allowed: none (spawns disabled for this agent)",
      code: "executor/spawn-not-allowed",
    });
  });

  test("ROSTER_SPAWNS restricts what a child session may run", () => {
    const r = roster(inTree("run", "plan", "--task", "x", "--json"), {
      env: { ROSTER_SPAWNS: "explore, reviewer", ROSTER_TASK_DEPTH: "1" },
    });
    expect(r.code).toBe(1);
    expect(json(r)).toEqual({
      schemaVersion: 2,
      error: "Cannot spawn 'plan'. Allowed: explore, reviewer",
      code: "executor/spawn-not-allowed",
    });
    expect(
      roster(inTree("run", "explore", "--task", "x", "--dry-run", "--host", "claude", "--json"), {
        env: { ROSTER_SPAWNS: "explore" },
      }).code,
    ).toBe(0);
  });
});

describe("roster commands", () => {
  test("expand inserts $$5 literally", () => {
    mkdirSync(join(project(), ".claude/commands"), { recursive: true });
    writeFileSync(
      join(project(), ".claude/commands/price.md"),
      "---\ndescription: price\n---\nThe price is $ARGUMENTS today.\n",
    );
    const r = roster(inTree("commands", "expand", "price", "$$5"));
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("The price is $$5 today.\n");
    const list = json(roster(inTree("commands", "list", "--json")));
    expect(list.commands.map((c: { name: string }) => c.name)).toEqual(["price", "init"]);
  });
});

describe("usage and config", () => {
  test("a bad flag exits 2 with a usage line", () => {
    const r = roster(["list", "--bogus"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('roster: unknown option "--bogus" (roster list --help lists them)\n');
    expect(roster(["list", "--nmes"]).stderr).toBe(
      'roster: unknown option "--nmes"; did you mean --names? (roster list --help lists them)\n',
    );
    expect(roster(["lsit"]).stderr).toBe(
      'roster: unknown command "lsit"; did you mean list? (roster --help lists them)\n',
    );
    // A group alone prints its help on stdout, as plain `roster` does.
    for (const group of ["cache", "commands"]) {
      const help = roster([group]);
      expect(help.code, group).toBe(0);
      expect(help.stdout, group).toMatch(new RegExp(`^Usage: roster ${group} `));
      expect(help.stderr, group).toBe("");
    }
  });

  test("--help exits 0 and lists the sub-commands", () => {
    const r = roster(["--help"]);
    expect(r.code).toBe(0);
    for (const name of ["list", "show", "why", "doctor", "run", "commands"]) expect(r.stdout).toContain(name);
  });

  test("an extra provider named in roster.config.json ranks after the families and before plugins", () => {
    const work = mkdtempSync(join(tmpdir(), "roster-config-"));
    try {
      const at = (...parts: string[]) => join(work, ...parts);
      mkdirSync(at("home/.claude/agents"), { recursive: true });
      mkdirSync(at("p/.agents/agents"), { recursive: true });
      mkdirSync(at("plug/agents"), { recursive: true });
      mkdirSync(at("home/.claude/plugins"), { recursive: true });
      writeFileSync(at("p/.agents/agents/cur.md"), agentFile("cur", "from the team"));
      writeFileSync(at("p/.agents/agents/both.md"), agentFile("both", "from the team"));
      writeFileSync(at("p/.agents/agents/explore.md"), agentFile("explore", "from the team"));
      writeFileSync(at("home/.claude/agents/both.md"), agentFile("both", "from claude"));
      writeFileSync(at("plug/agents/cur.md"), agentFile("cur", "from a plugin"));
      writeFileSync(
        at("home/.claude/plugins/installed_plugins.json"),
        JSON.stringify({ version: 2, plugins: { "plug@m": [{ scope: "user", installPath: at("plug") }] } }),
      );
      // A path relative to the config file, as a team would write it.
      const team = fileURLToPath(new URL("../../../examples/source-team/dist/index.js", import.meta.url));
      writeFileSync(
        at("p/roster.config.json"),
        JSON.stringify({ providers: [relative(at("p"), team)], disabledAgents: ["cur"] }),
      );
      const args = ["--home", at("home"), "--cwd", at("p")];
      // Providers named by a project config are code: they load once the folder is trusted.
      expect(roster([...args, "trust"]).code).toBe(0);
      const out = json(roster([...args, "list", "--json"]));
      const winners = Object.fromEntries(
        out.agents.map((a: { name: string; provider: string }) => [a.name, a.provider]),
      );
      expect(winners).toMatchObject({ both: "claude", cur: "team", explore: "team" });
      expect(
        out.shadowed.map((x: { name: string; provider: string; shadowedBy: string }) => [
          x.name,
          x.provider,
          x.shadowedBy.replace(work, ""),
        ]),
      ).toEqual([
        ["both", "team", "/home/.claude/agents/both.md"],
        ["cur", "plugins", "/p/.agents/agents/cur.md"],
        ["explore", "bundled", "/p/.agents/agents/explore.md"],
      ]);
      // disabledAgents reaches the executor.
      const disabled = roster([...args, "run", "cur", "--task", "x"]);
      expect(disabled.code).toBe(1);
      expect(disabled.stderr).toMatch(/^roster: Agent "cur" is disabled in settings\./);
      const bad = roster([
        "--home",
        join(work, "home"),
        "--cwd",
        join(work, "p"),
        "--config",
        "nope.json",
        "list",
      ]);
      expect(bad.code).toBe(2);
      writeFileSync(join(work, "p/roster.config.json"), JSON.stringify({ maxDepth: 3 }));
      // A project config's unknown key is a warning; the command goes on (issue 49).
      const unknown = roster(["--home", join(work, "home"), "--cwd", join(work, "p"), "list"]);
      expect(unknown.code).toBe(0);
      expect(unknown.stderr).toMatch(/roster: warning: .*unknown key "maxDepth"/);
      expect(unknown.stdout).toContain("both");
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
});

describe("pipes", () => {
  test("a reader slower than roster gets every byte: roster ends once its output is out", async () => {
    // 3,000 agents: about 1 MB of JSON, far more than a pipe holds.
    const tree = mkdtempSync(join(tmpdir(), "roster-slow-reader-"));
    try {
      const dir = join(tree, "home/.claude/agents");
      mkdirSync(dir, { recursive: true });
      mkdirSync(join(tree, "p"));
      for (let i = 0; i < 3000; i++)
        writeFileSync(join(dir, `a${i}.md`), agentFile(`a${i}`, `agent number ${i}, ${"x".repeat(200)}`));
      const args = [
        bin,
        "list",
        "--json",
        "--no-cache",
        "--home",
        join(tree, "home"),
        "--cwd",
        join(tree, "p"),
      ];
      const whole = spawnSync(process.execPath, args, { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
      expect(whole.status).toBe(0);
      expect(whole.stdout.length).toBeGreaterThan(1_000_000);
      const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "pipe"] });
      // Nothing read for a while: roster's writes wait on a full pipe.
      child.stdout.pause();
      await new Promise((resolve) => setTimeout(resolve, 300));
      const chunks: Buffer[] = [];
      child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
      child.stdout.resume();
      const code = await new Promise((resolve) => child.on("close", resolve));
      expect(code).toBe(0);
      expect(Buffer.concat(chunks).toString("utf8")).toBe(whole.stdout);
    } finally {
      rmSync(tree, { recursive: true, force: true });
    }
  });

  test("a reader that closes early (| head) ends roster quietly", async () => {
    const child = spawn(process.execPath, [bin, "list", "--json", "--home", home(), "--cwd", project()], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    // Close our end before roster writes anything: its first write meets a closed pipe.
    child.stdout.destroy();
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    const code = await new Promise((resolve) => child.on("close", resolve));
    expect(stderr).toBe("");
    expect(code).toBe(0);
  });
});
