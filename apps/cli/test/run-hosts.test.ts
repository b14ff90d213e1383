// `roster run` on agent hosts, end to end: the BUILT binary against fake hosts put first on PATH.
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { writeTree } from "@roster/testkit";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { readRecords, writeFakeHosts } from "../../../packages/hosts/test/fake-hosts.js";

const bin = fileURLToPath(new URL("../dist/roster.js", import.meta.url));
let root: string;
let fakes: string;
let n = 0;
const home = () => join(root, "home");
const project = () => join(root, "project");

const agent = (name: string, extra = "") =>
  `---\nname: ${name}\ndescription: ${name} agent\n${extra}---\nYou are ${name}.\n`;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "roster-run-hosts-"));
  fakes = writeFakeHosts(join(root, "bin"));
  writeTree(root, {
    "project/.claude/agents/code-reviewer.md": agent("code-reviewer", "tools: Read, Grep\nmodel: sonnet\n"),
    "project/.claude/agents/a.md": agent("a", "spawns: b\n"),
    "project/.claude/agents/b.md": agent("b", "spawns: a\n"),
    "project/.codex/agents/migrator.md": agent("migrator", "model: gpt-5\n"),
    "project/.gemini/agents/doc-writer.md": agent("doc-writer"),
    "project/.xcsh/agents/helper.md": agent("helper"),
    "home/.keep": "",
  });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

function roster(args: string[], env: Record<string, string> = {}) {
  const record = join(root, `rec-${n++}`);
  const r = spawnSync(process.execPath, [bin, "--home", home(), "--cwd", project(), ...args], {
    cwd: project(),
    encoding: "utf8",
    env: { PATH: `${fakes}:/usr/bin:/bin`, FAKE_HOST_RECORD: record, ...env },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, records: readRecords(record) };
}

describe("roster run --host auto", () => {
  test.each([
    ["code-reviewer", "claude"],
    ["migrator", "codex"],
    ["doc-writer", "gemini"],
  ])("%s runs on its family's host (%s)", (name, host) => {
    const r = roster(["run", name, "--task", "go", "--json"]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.records.map((x) => x.host)).toEqual([host]);
    const [result] = JSON.parse(r.stdout).results;
    expect(result).toMatchObject({ host, sessionId: `s-${host}`, output: `fake answer from ${host}` });
  });

  test("an xcsh agent needs --host or defaultHost, and says how to choose", () => {
    const r = roster(["run", "helper", "--task", "go"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('Agent "helper" comes from xcsh, which has no agent host of its own');
    expect(r.stderr).toContain("--host claude|codex|gemini|opencode|copilot");
    expect(r.records).toEqual([]);
    const config = join(root, "default-host.json");
    writeFileSync(config, JSON.stringify({ defaultHost: "opencode" }));
    const ok = roster(["--config", config, "run", "helper", "--task", "go", "--json"]);
    expect(ok.code).toBe(0);
    expect(ok.records.map((x) => x.host)).toEqual(["opencode"]);
    expect(roster(["run", "helper", "--task", "go", "--host", "copilot"]).records.map((x) => x.host)).toEqual(
      ["copilot"],
    );
  });

  test("a refusal keeps precedence over a missing host", () => {
    const r = roster(["run", "nope", "--task", "go"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^roster: unknown agent "nope"/);
  });
});

describe("roster run --dry-run", () => {
  test("--json prints one object with schemaVersion: each invocation's exact argv, env additions and stdin", () => {
    const r = roster([
      "run",
      "code-reviewer",
      "--task",
      "one",
      "--task",
      "two",
      "--context",
      "Ctx",
      "--dry-run",
      "--json",
    ]);
    expect(r.code).toBe(0);
    expect(r.records).toEqual([]);
    const answer = JSON.parse(r.stdout);
    expect(Object.keys(answer)).toEqual(["schemaVersion", "dryRun", "invocations"]);
    expect(answer).toMatchObject({ schemaVersion: 2, dryRun: true });
    const lines = answer.invocations as Array<{
      id: string;
      host: string;
      command: string;
      stdin: string;
      args: string[];
      env: Record<string, string>;
      files: Array<{ content: string }>;
    }>;
    expect(lines.map((l) => [l.id, l.host, l.command, l.stdin])).toEqual([
      ["task-1", "claude", "claude", "Ctx\n\none"],
      ["task-2", "claude", "claude", "Ctx\n\ntwo"],
    ]);
    expect(lines[0]!.args.slice(0, 3)).toEqual(["-p", "--output-format", "json"]);
    expect(lines[0]!.env).toEqual({
      ROSTER_TASK_DEPTH: "1",
      ROSTER_SPAWNS: "",
      PI_BLOCKED_AGENT: "code-reviewer",
    });
    expect(lines[0]!.files[0]!.content).toBe("You are code-reviewer.");
  });

  test("with an output schema too: the plan is not held to the schema", () => {
    const schema = JSON.stringify({ properties: { verdict: { enum: ["ok", "bad"] } } });
    const r = roster(["run", "migrator", "--task", "go", "--schema", schema, "--dry-run", "--json"]);
    expect(r.code).toBe(0);
    const [plan] = JSON.parse(r.stdout).invocations;
    expect(plan.args).toContain("--output-schema");
    expect(plan.files.map((f: { path: string }) => f.path.split("/").pop())).toEqual(["output-schema.json"]);
  });

  test("without --json, a shell-like line per invocation", () => {
    const r = roster(["run", "code-reviewer", "--task", "one", "--dry-run", "--host", "codex"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /^\[task-1\] ROSTER_TASK_DEPTH=1 ROSTER_SPAWNS='' PI_BLOCKED_AGENT=code-reviewer codex exec --json/,
    );
    expect(r.stdout).toContain('stdin (3 bytes): "one"');
  });
});

describe("a missing host", () => {
  test("is a clear error naming the command and the config key; hosts.<id>.command points roster at it", () => {
    const r = spawnSync(
      process.execPath,
      [bin, "--home", home(), "--cwd", project(), "run", "code-reviewer", "--task", "x"],
      {
        encoding: "utf8",
        env: { PATH: "/usr/bin:/bin" },
      },
    );
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('Claude Code is not installed here: "claude" was not found on PATH');
    expect(r.stderr).toContain('"hosts": { "claude": { "command": "/path/to/claude", "args": [] } }');
    const renamed = join(root, "my-claude");
    copyFileSync(join(fakes, "claude"), renamed);
    spawnSync("chmod", ["+x", renamed]);
    const config = join(root, "hosts.json");
    writeFileSync(config, JSON.stringify({ hosts: { claude: { command: renamed, args: ["--verbose"] } } }));
    const record = join(root, "rec-renamed");
    const ok = spawnSync(
      process.execPath,
      [
        bin,
        "--home",
        home(),
        "--cwd",
        project(),
        "--config",
        config,
        "run",
        "code-reviewer",
        "--task",
        "x",
        "--json",
      ],
      { encoding: "utf8", env: { PATH: "/usr/bin:/bin", FAKE_HOST_RECORD: record } },
    );
    expect(ok.status).toBe(0);
    const [rec] = readRecords(record);
    expect(rec!.argv.slice(0, 2)).toEqual(["--verbose", "-p"]);
  });

  test("a config with a bad hosts entry is a usage error", () => {
    const config = join(root, "bad-hosts.json");
    writeFileSync(config, JSON.stringify({ hosts: { cladue: { command: "x" } } }));
    const r = roster(["--config", config, "list"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`unknown host "cladue" for "hosts.cladue" in ${config}; did you mean claude?`);
  });
});

describe("results", () => {
  test("human output: the answer alone on stdout; header, session and cost on stderr", () => {
    const ok = roster(["run", "code-reviewer", "--task", "go"]);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toBe("fake answer from claude\n");
    expect(ok.stderr).toBe("[task-1] code-reviewer on claude exit 0 (session s-claude, $0.0123)\n");
    const two = roster(["run", "code-reviewer", "--task", "a", "--task", "b"]);
    expect(two.stdout).toBe("fake answer from claude\n\nfake answer from claude\n");
    const quiet = roster(["run", "code-reviewer", "--task", "go", "--quiet"]);
    expect(quiet).toMatchObject({ code: 0, stdout: "fake answer from claude\n", stderr: "" });
  });

  test("a host that is not logged in: one line on stderr, once, no cost, nothing on stdout", () => {
    for (const [name, line] of [
      ["doc-writer", "[task-1] doc-writer on gemini failed: Gemini CLI is not logged in: run `gemini`"],
      [
        "code-reviewer",
        "[task-1] code-reviewer on claude failed: Claude Code is not logged in: run `claude auth login`",
      ],
    ] as const) {
      const bad = roster(["run", name, "--task", "go"], { FAKE_HOST_MODE: "error" });
      expect(bad.code).toBe(1);
      expect(bad.stdout).toBe("");
      expect(bad.stderr.split("\n").filter(Boolean)).toHaveLength(1);
      expect(bad.stderr.startsWith(line)).toBe(true);
      expect(bad.stderr).not.toContain("$0");
      // --quiet keeps the error: it is not status.
      expect(roster(["run", name, "--task", "go", "--quiet"], { FAKE_HOST_MODE: "error" }).stderr).toBe(
        bad.stderr,
      );
    }
  });

  test("preflight: a host whose status command says it is not logged in never starts a task", () => {
    const r = roster(["run", "migrator", "--task", "a", "--task", "b"], { FAKE_HOST_LOGIN: "out" });
    expect(r.code).toBe(1);
    expect(r.records).toEqual([]);
    expect(r.stdout).toBe("");
    expect(r.stderr).toBe(
      "[task-1] migrator on codex failed: Codex is not logged in: run `codex login`\n" +
        "[task-2] migrator on codex failed: Codex is not logged in: run `codex login`\n",
    );
    const json = roster(["run", "migrator", "--task", "a", "--json"], { FAKE_HOST_LOGIN: "out" });
    expect(JSON.parse(json.stdout).results[0]).toMatchObject({
      host: "codex",
      exitCode: null,
      error: "Codex is not logged in: run `codex login`",
      code: "host/not-logged-in",
    });
  });

  test("a failure without a reason of roster's own shows the tail of the host's stderr", () => {
    const bad = roster(["run", "migrator", "--task", "go"], { FAKE_HOST_MODE: "error" });
    expect(bad.code).toBe(1);
    expect(bad.stdout).toBe("");
    expect(bad.stderr).toContain(
      "[task-1] migrator on codex failed: Codex exited with code 1: stream disconnected",
    );
  });

  test("--task - and --context - read stdin; only one may", () => {
    const run = (args: string[], input: string) => {
      const record = join(root, `rec-${n++}`);
      const r = spawnSync(process.execPath, [bin, "--home", home(), "--cwd", project(), ...args], {
        cwd: project(),
        encoding: "utf8",
        input,
        env: { PATH: `${fakes}:/usr/bin:/bin`, FAKE_HOST_RECORD: record },
      });
      return { code: r.status, stdout: r.stdout, stderr: r.stderr, records: readRecords(record) };
    };
    const task = run(["run", "code-reviewer", "--task", "-", "--quiet"], "Review the diff\nline 2\n");
    expect(task.code).toBe(0);
    expect(task.records[0]!.stdin).toBe("Review the diff\nline 2");
    const context = run(["run", "code-reviewer", "--context", "-", "--task", "go", "--quiet"], "CTX\n");
    expect(context.records[0]!.stdin).toBe("CTX\n\ngo");
    const both = run(["run", "code-reviewer", "--context", "-", "--task", "-"], "x");
    expect(both.code).toBe(2);
    expect(both.stderr).toBe("roster: Only one --task or --context can read stdin (-).\n");
    expect(run(["run", "code-reviewer", "--task", "-"], "  \n").stderr).toBe(
      "roster: --task - read nothing from stdin.\n",
    );
    const big = run(["run", "code-reviewer", "--task", "-"], "x".repeat(1024 * 1024 + 1));
    expect(big.code).toBe(2);
    expect(big.stderr).toContain("--task - reads at most 1 MiB from stdin");
    expect(big.records).toEqual([]);
  });

  test("--timeout takes words: 90s, 5m, 15000ms", () => {
    // (Long enough for the whole run, roster's start-up included, on a busy machine.)
    for (const value of ["90s", "5m", "15000ms", "15000"]) {
      const r = roster(["run", "code-reviewer", "--task", "go", "--timeout", value, "--quiet"]);
      expect(r.code, value).toBe(0);
    }
  });

  test("a structured result is validated against the JTD schema; a mismatch is a clear error", () => {
    const schema = JSON.stringify({ properties: { verdict: { enum: ["ok", "bad"] } } });
    for (const name of ["code-reviewer", "migrator", "doc-writer"]) {
      const ok = roster(["run", name, "--task", "go", "--schema", schema, "--json"], {
        FAKE_HOST_DATA: '{"verdict":"ok"}',
      });
      expect(JSON.parse(ok.stdout).results[0]).toMatchObject({ data: { verdict: "ok" } });
      expect(ok.code).toBe(0);
      const bad = roster(["run", name, "--task", "go", "--schema", schema, "--json"], {
        FAKE_HOST_DATA: '{"verdict":"meh"}',
      });
      expect(bad.code).toBe(1);
      expect(JSON.parse(bad.stdout).results[0].error).toMatch(/does not match the output schema/);
    }
  });

  test("--json results carry host, session id and cost, in input order", () => {
    const r = roster(["run", "code-reviewer", "--task", "1", "--task", "2", "--task", "3", "--json"]);
    const results = JSON.parse(r.stdout).results;
    expect(results.map((x: { id: string }) => x.id)).toEqual(["task-1", "task-2", "task-3"]);
    expect(results[0]).toMatchObject({
      host: "claude",
      sessionId: "s-claude",
      cost: { amount: 0.0123, unit: "usd" },
    });
  });
});

describe("the guardrails hold across a host", () => {
  test("roster → fake claude → roster → fake claude → roster is refused at the depth limit", () => {
    const chain = {
      FAKE_CHAIN: JSON.stringify({ a: "b", b: "a" }),
      FAKE_CHAIN_ROSTER: JSON.stringify([bin, "--home", home(), "--cwd", project()]),
    };
    const r = roster(["run", "a", "--task", "start", "--json"], chain);
    expect(r.code).toBe(0);
    const level1 = JSON.parse(JSON.parse(r.stdout).results[0].output);
    expect(level1).toMatchObject({ agent: "b", exit: 0 });
    const level2 = JSON.parse(JSON.parse(level1.stdout).results[0].output);
    expect(level2.agent).toBe("a");
    expect(level2.exit).toBe(1);
    expect(JSON.parse(level2.stdout)).toEqual({
      schemaVersion: 2,
      error: "Cannot spawn 'a'. Allowed: none (spawns disabled for this agent)",
      code: "executor/spawn-not-allowed",
    });
    // What each host saw: depth 1 then 2; at depth 2 Claude's own sub-agents are off too.
    const records = r.records;
    expect(
      records.map((x) => [x.env.ROSTER_TASK_DEPTH, x.env.ROSTER_SPAWNS, x.env.PI_BLOCKED_AGENT]),
    ).toEqual([
      ["1", "b", "a"],
      ["2", "", "b"],
    ]);
    expect(records[1]!.argv).toContain("--disallowedTools");
    expect(records[1]!.env.CLAUDE_CODE_MAX_SUBAGENT_SPAWN_DEPTH).toBe("0");
    expect(records[0]!.env.CLAUDE_CODE_MAX_SUBAGENT_SPAWN_DEPTH).toBeUndefined();
  });
});

describe("a project config", () => {
  test("may not say which program runs as a host (untrusted: skipped, the real host runs)", () => {
    const work = mkdtempSync(join(tmpdir(), "roster-project-hosts-"));
    try {
      writeTree(work, {
        "p/.git/HEAD": "ref: refs/heads/main\n",
        "p/roster.config.json": JSON.stringify({
          hosts: { claude: { command: "/tmp/evil" } },
          defaultHost: "codex",
        }),
        "p/.claude/agents/x.md": agent("x"),
        "p/.xcsh/agents/y.md": agent("y"),
        "home/.keep": "",
      });
      const args = [bin, "--home", join(work, "home"), "--cwd", join(work, "p"), "run"];
      const env = { PATH: `${fakes}:/usr/bin:/bin`, FAKE_HOST_RECORD: join(work, "rec") };
      const r = spawnSync(process.execPath, [...args, "x", "--task", "t", "--json"], {
        encoding: "utf8",
        env,
      });
      expect(r.status).toBe(0);
      expect(readRecords(join(work, "rec")).map((x) => x.host)).toEqual(["claude"]);
      expect(r.stderr).toContain("hosts");
      // defaultHost is the user's alone: the project's is ignored.
      const y = spawnSync(process.execPath, [...args, "y", "--task", "t"], { encoding: "utf8", env });
      expect(y.status).toBe(2);
      expect(y.stderr).toContain('Agent "y" comes from xcsh, which has no agent host of its own');
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
});

describe("an untrusted project (issue 27)", () => {
  test("a project agent's bypassPermissions reaches no host and a note says how to trust; after roster trust it does", () => {
    const work = mkdtempSync(join(tmpdir(), "roster-untrusted-hosts-"));
    try {
      writeTree(work, {
        "p/.git/HEAD": "ref: refs/heads/main\n",
        "p/.claude/agents/yolo.md": agent("yolo", "permissionMode: bypassPermissions\n"),
        "home/.keep": "",
      });
      const p = join(work, "p");
      const base = [bin, "--home", join(work, "home"), "--cwd", p];
      let n = 0;
      const run = (host: string, extra: string[] = []) => {
        const record = join(work, `rec-${n++}`);
        const r = spawnSync(
          process.execPath,
          [...base, "run", "yolo", "--task", "t", "--host", host, ...extra],
          {
            encoding: "utf8",
            env: { PATH: `${fakes}:/usr/bin:/bin`, FAKE_HOST_RECORD: record },
          },
        );
        return { ...r, rec: readRecords(record)[0]! };
      };
      const untrusted = {
        claude: run("claude"),
        codex: run("codex"),
        gemini: run("gemini"),
        opencode: run("opencode"),
      };
      expect(untrusted.claude.status).toBe(0);
      expect(untrusted.claude.rec.argv).not.toContain("--permission-mode");
      expect(untrusted.claude.rec.argv.join(" ")).toContain("--setting-sources user");
      expect(untrusted.codex.rec.argv).not.toContain("danger-full-access");
      expect(untrusted.gemini.rec.argv).not.toContain("yolo");
      expect(untrusted.gemini.rec.argv).not.toContain("--skip-trust");
      expect(untrusted.opencode.rec.env.OPENCODE_DISABLE_PROJECT_CONFIG).toBe("1");
      // Said once per run on stderr, with the command that trusts the project.
      const notes = untrusted.claude.stderr.split("\n").filter((l) => l.startsWith("roster: note:"));
      expect(notes).toEqual([
        `roster: note: permission mode "bypassPermissions" of project agent "yolo" was dropped: the project is not trusted. Review the project, then \`roster trust ${p}\` to allow it.`,
      ]);

      const trust = spawnSync(process.execPath, [...base, "trust"], { encoding: "utf8" });
      expect(trust.status).toBe(0);
      const claude = run("claude");
      expect(claude.rec.argv.join(" ")).toContain("--permission-mode bypassPermissions");
      expect(claude.rec.argv).not.toContain("--setting-sources");
      expect(claude.stderr).not.toContain("roster: note:");
      expect(run("codex").rec.argv.join(" ")).toContain("-s danger-full-access");
      expect(run("gemini").rec.argv.join(" ")).toContain("--approval-mode yolo --skip-trust");
      expect(run("opencode").rec.env.OPENCODE_DISABLE_PROJECT_CONFIG).toBeUndefined();
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });

  test("a project agent's tools are not pre-approved beyond reading: the dry run and the run say so; roster trust lifts it (issue 49)", () => {
    const work = mkdtempSync(join(tmpdir(), "roster-untrusted-tools-"));
    try {
      writeTree(work, {
        "p/.git/HEAD": "ref: refs/heads/main\n",
        "p/.claude/agents/fixer.md": agent("fixer", "tools: Read, Bash, Edit\n"),
        "home/.keep": "",
      });
      const p = join(work, "p");
      const base = [bin, "--home", join(work, "home"), "--cwd", p];
      const env = { PATH: `${fakes}:/usr/bin:/bin` };
      const note = `roster: note: tools Bash, Edit of project agent "fixer" are not pre-approved`;
      const dry = spawnSync(
        process.execPath,
        [...base, "run", "fixer", "--task", "t", "--host", "claude", "--dry-run"],
        {
          encoding: "utf8",
          env,
        },
      );
      expect(dry.status).toBe(0);
      expect(dry.stdout).toContain("--allowedTools Read ");
      expect(dry.stdout).toContain(`note: tools Bash, Edit of project agent "fixer" are not pre-approved`);
      expect(dry.stdout).toContain(`\`roster trust ${p}\` to allow it`);
      const record = join(work, "rec");
      const run = spawnSync(process.execPath, [...base, "run", "fixer", "--task", "t", "--host", "claude"], {
        encoding: "utf8",
        env: { ...env, FAKE_HOST_RECORD: record },
      });
      expect(run.status).toBe(0);
      expect(run.stderr.split("\n")[0]).toContain(note);
      const argv = readRecords(record)[0]!.argv;
      expect(argv[argv.indexOf("--allowedTools") + 1]).toBe("Read");

      expect(spawnSync(process.execPath, [...base, "trust"], { encoding: "utf8" }).status).toBe(0);
      const trusted = spawnSync(
        process.execPath,
        [...base, "run", "fixer", "--task", "t", "--host", "claude", "--dry-run"],
        {
          encoding: "utf8",
          env,
        },
      );
      expect(trusted.stdout).toContain("--allowedTools Read,Bash,Edit");
      expect(trusted.stdout).not.toContain("not pre-approved");
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });

  test("a user agent run in an untrusted folder with --plan-mode: Claude is told not to load project settings", () => {
    const r = roster(["run", "code-reviewer", "--task", "t", "--plan-mode", "--dry-run", "--json"]);
    expect(r.code).toBe(0);
    const [plan] = JSON.parse(r.stdout).invocations;
    expect(plan.args.join(" ")).toContain("--permission-mode plan");
    expect(plan.args.join(" ")).toContain("--setting-sources user");
    expect(plan.trustNotes).toEqual([]);
  });
});

describe("a dry run of an agent with an output schema", () => {
  test("explore --host claude --dry-run prints the command and exits 0", () => {
    const r = roster(["run", "explore", "--host", "claude", "--task", "find auth", "--dry-run"]);
    expect(r.stderr).toBe("roster: dry run, nothing was started (without --dry-run the tasks run).\n");
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^\[task-1\] .*claude -p --output-format json .*--json-schema /);
    const json = roster(["run", "explore", "--host", "claude", "--task", "find auth", "--dry-run", "--json"]);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout).invocations[0]).toMatchObject({
      id: "task-1",
      host: "claude",
      command: "claude",
    });
  });
});

describe("on a terminal", () => {
  test("stderr shows one status line per task, ending in done / failed", () => {
    const cmd = [
      process.execPath,
      bin,
      "--home",
      home(),
      "--cwd",
      project(),
      "run",
      "code-reviewer",
      "--task",
      "a",
      "--task",
      "b",
    ].join(" ");
    const r = spawnSync("script", ["-qec", cmd, "/dev/null"], {
      encoding: "utf8",
      env: { PATH: `${fakes}:/usr/bin:/bin`, TERM: "xterm" },
    });
    expect(r.status).toBe(0);
    const screen = r.stdout.replaceAll("\r", "");
    expect(screen).toContain("task-1  queued");
    expect(screen).toMatch(/task-1 {2}done in \d+\.\ds/);
    expect(screen).toMatch(/task-2 {2}done in \d+\.\ds/);
    expect(screen).toContain("code-reviewer on claude");
    const failed = spawnSync("script", ["-qec", cmd.replace("code-reviewer", "doc-writer"), "/dev/null"], {
      encoding: "utf8",
      env: { PATH: `${fakes}:/usr/bin:/bin`, TERM: "xterm", FAKE_HOST_MODE: "error" },
    });
    expect(failed.stdout.replaceAll("\r", "")).toMatch(/task-1 {2}failed after \d+\.\ds/);
  });
});
