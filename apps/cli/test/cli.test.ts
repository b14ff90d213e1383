// End-to-end: the BUILT binary (apps/cli/dist/roster.js) against temporary trees and homes.
import { spawn, spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { agentFile } from "@roster/testkit";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

const bin = fileURLToPath(new URL("../dist/roster.js", import.meta.url));
const fixture = fileURLToPath(new URL("./fixtures/e2e", import.meta.url));
const corpus = fileURLToPath(new URL("../../../../shared/corpus", import.meta.url));

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
  cpSync(fixture, root, { recursive: true });
  // The checked-in registries name their plugins relative to $HOME / $PROJECT: make them absolute.
  for (const registry of [
    join(home(), ".claude/plugins/installed_plugins.json"),
    join(project(), ".xcsh/plugins/installed_plugins.json"),
  ]) {
    const text = readFileSync(registry, "utf8");
    writeFileSync(registry, text.replaceAll("$HOME", home()).replaceAll("$PROJECT", project()));
  }
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
        severity: "warning",
        code: "agent/missing-description",
        filePath: join(project(), ".claude/agents/broken.md"),
      }),
    ]);
    expect(out.projectAgentsDir).toBe(join(project(), ".xcsh/agents"));
  });

  test("--no-project hides project agents", () => {
    const out = json(roster(inTree("--no-project", "list", "--json")));
    expect(out.agents.filter((a: { source: string }) => a.source === "project")).toEqual([]);
    expect(out.agents.map((a: { name: string }) => a.name)).not.toContain("auditor");
    expect(out.agents.find((a: { name: string }) => a.name === "reviewer")).toMatchObject({
      source: "user",
      provider: "claude",
    });
    // Absent values are omitted, never null.
    expect(out).not.toHaveProperty("projectAgentsDir");
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

  describe.skipIf(!existsSync(corpus))("over the shared corpus arranged as a .claude/agents folder", () => {
    test("every corpus agent folder's files are listed or diagnosed", () => {
      const work = mkdtempSync(join(tmpdir(), "roster-corpus-"));
      try {
        const target = join(work, "project/.claude/agents");
        mkdirSync(target, { recursive: true });
        let copied = 0;
        const walk = (dir: string, prefix: string) => {
          for (const entry of readdirSync(dir, { withFileTypes: true })) {
            const path = join(dir, entry.name);
            if (entry.isDirectory()) walk(path, `${prefix}${entry.name}-`);
            else if (entry.name.endsWith(".md") && /\/agents\//.test(path)) {
              cpSync(path, join(target, `${prefix}${entry.name}`));
              copied++;
            }
          }
        };
        walk(corpus, "");
        mkdirSync(join(work, "home"));
        const out = json(
          roster(["--home", join(work, "home"), "--cwd", join(work, "project"), "list", "--json"]),
        );
        const fromClaude = out.agents.filter((a: { provider: string }) => a.provider === "claude").length;
        const shadowed = out.shadowed.filter((s: { provider: string }) => s.provider === "claude").length;
        const skipped = new Set(
          out.diagnostics
            .filter((d: { code: string }) => d.code.startsWith("agent/missing"))
            .map((d: { filePath: string }) => d.filePath),
        ).size;
        expect(copied).toBeGreaterThan(100);
        // Every copied file is accounted for: a winner, a shadowed duplicate or a skipped file.
        expect(fromClaude + shadowed + skipped).toBe(copied);
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

  test("an unknown agent exits 1 with one line: the closest names, the first few and a count", () => {
    const r = roster(inTree("show", "nope"));
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      'roster: Unknown agent "nope" (12 available: reviewer, planner, ui-designer, migrator, doc-writer and 7 more; roster list shows them all).\n',
    );
    const typo = roster(inTree("show", "reviwer"));
    expect(typo.stderr).toMatch(
      /^roster: Unknown agent "reviwer"; closest: reviewer, code-reviewer \(12 available/,
    );
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
      expect(json(bad).summary).toEqual({ files: 8, agents: 7, errors: 1, warnings: 0 });
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
    const out = json(roster(inTree("run", "planner", "--task", "look", "--plan-mode", "--json")));
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
      schemaVersion: 1,
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
      schemaVersion: 1,
      error: "Cannot spawn 'plan'. Allowed: explore, reviewer",
      code: "executor/spawn-not-allowed",
    });
    expect(
      roster(inTree("run", "explore", "--task", "x", "--json"), { env: { ROSTER_SPAWNS: "explore" } }).code,
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
    expect(r.stderr).toContain("unknown option '--bogus'");
    expect(r.stderr).toContain("roster list --help");
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
      const unknown = roster(["--home", join(work, "home"), "--cwd", join(work, "p"), "list"]);
      expect(unknown.code).toBe(2);
      expect(unknown.stderr).toMatch(/unknown key "maxDepth"/);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
});

describe("pipes", () => {
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
