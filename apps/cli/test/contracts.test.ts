// Every command a contract (issue 50): what a command prints and its exit code say whether
// it did what was asked. The BUILT binary against temporary trees and a temporary home.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { TERM_GRACE_MS, terminationGrace } from "@roster/executor";
import { agentFile, createSandbox, type Sandbox } from "@roster/testkit";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { writeFakeHosts } from "../../../packages/hosts/test/fake-hosts.js";

const bin = fileURLToPath(new URL("../dist/roster.js", import.meta.url));
let box: Sandbox;

function roster(args: string[], options: { input?: string; cwd?: string } = {}) {
  const result = spawnSync(
    process.execPath,
    [bin, "--home", box.home, "--cwd", options.cwd ?? box.project, ...args],
    {
      cwd: box.root,
      env: { PATH: process.env.PATH ?? "", ROSTER_NO_CACHE: "1" },
      encoding: "utf8",
      ...(options.input !== undefined ? { input: options.input } : {}),
    },
  );
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

beforeAll(() => {
  expect(existsSync(bin), "apps/cli is not built: run pnpm build (pnpm test does)").toBe(true);
  box = createSandbox("roster-contracts-");
  box.write({
    "project/.git/HEAD": "ref: refs/heads/main\n",
    "project/.claude/agents/reviewer.md": agentFile("reviewer", "Reviews code"),
    "project/.claude/commands/ship.md": "---\ndescription: Ship it\n---\nShip $ARGUMENTS\n",
    "project/.claude/skills/release/SKILL.md":
      "---\nname: release\ndescription: Cut a release\n---\nDo it.\n",
  });
});
afterAll(() => box.cleanup());

describe("a group asked for --json without a command", () => {
  test("commands and skills run their list: one JSON object, exit 0", () => {
    const commands = roster(["commands", "--json"]);
    expect(commands.code).toBe(0);
    const c = JSON.parse(commands.stdout);
    expect(c).toEqual(JSON.parse(roster(["commands", "list", "--json"]).stdout));
    expect(c.commands.map((x: { name: string }) => x.name)).toContain("ship");
    const skills = roster(["skills", "--json"]);
    expect(skills.code).toBe(0);
    const s = JSON.parse(skills.stdout);
    expect(s).toEqual(JSON.parse(roster(["skills", "list", "--json"]).stdout));
    expect(s.skills.map((x: { name: string }) => x.name)).toContain("release");
  });

  test("cache has no list: a usage error naming its commands, nothing on stdout", () => {
    const r = roster(["cache", "--json"]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toBe(
      "roster: roster cache --json needs a command: clear (roster cache --help shows them)\n",
    );
  });

  test("plain roster --json is a usage error too, never the help text", () => {
    const r = roster(["--json"]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/^roster: roster --json needs a command: list, show, why, /);
  });

  test("without --json a group alone still prints its help on stdout, exit 0", () => {
    for (const group of ["commands", "skills", "cache"]) {
      const r = roster([group]);
      expect(r.code, group).toBe(0);
      expect(r.stdout, group).toMatch(new RegExp(`^Usage: roster ${group} `));
    }
  });

  test("a word that names none of a group's commands is an unknown command, with the closest", () => {
    const r = roster(["commands", "lsit"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'roster: unknown command "lsit"; did you mean list? (roster commands --help lists them)\n',
    );
  });
});

describe("roster help TOPIC", () => {
  test("an unknown topic is a usage error with the closest names", () => {
    const r = roster(["help", "nosuch"]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toBe('roster: unknown help topic "nosuch" (roster --help lists them)\n');
    const typo = roster(["help", "doctr"]);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toBe(
      'roster: unknown help topic "doctr"; did you mean doctor? (roster --help lists them)\n',
    );
    const inGroup = roster(["help", "commands", "shwo"]);
    expect(inGroup.code).toBe(2);
    expect(inGroup.stderr).toBe(
      'roster: unknown help topic "shwo"; did you mean show? (roster commands --help lists them)\n',
    );
  });

  test("a known topic prints that command's help on stdout, exit 0", () => {
    expect(roster(["help"]).stdout).toMatch(/^Usage: roster \[options\] \[command\]/);
    const doctor = roster(["help", "doctor"]);
    expect(doctor.code).toBe(0);
    expect(doctor.stdout).toMatch(/^Usage: roster doctor /);
    for (const args of [
      ["help", "commands", "list"],
      ["commands", "help", "list"],
    ]) {
      const r = roster(args);
      expect(r.code, args.join(" ")).toBe(0);
      expect(r.stdout, args.join(" ")).toMatch(/^Usage: roster commands list /);
    }
  });
});

describe("roster mcp and a line that is not JSON-RPC", () => {
  test("answers -32700 (not JSON) and -32600 (no message) with id null, and serves on", async () => {
    const server = spawn(process.execPath, [bin, "mcp", "--home", box.home, "--cwd", box.project], {
      env: { PATH: process.env.PATH ?? "" },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    server.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    const exited = new Promise((resolve) => server.on("exit", resolve));
    const lines = () =>
      stdout
        .split("\n")
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { id: unknown; error?: { code: number }; result?: unknown });
    server.stdin.write("hello, server\n");
    server.stdin.write("[1, 2]\n");
    server.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" })}\n`);
    await expect.poll(() => lines().length, { timeout: 15_000 }).toBe(3);
    server.stdin.end();
    await exited;
    expect(lines()).toEqual([
      { jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error: the line is not JSON" } },
      {
        jsonrpc: "2.0",
        id: null,
        error: { code: -32600, message: "Invalid Request: the line is not a JSON-RPC 2.0 message" },
      },
      { jsonrpc: "2.0", id: 1, result: {} },
    ]);
  });
});

describe("roster sync and the files it keeps", () => {
  test("a conflict is reported and kept: the rest is written, exit 0; --strict exits 1", () => {
    const work = createSandbox("roster-sync-exit-");
    try {
      work.write({
        "project/.git/HEAD": "ref: refs/heads/main\n",
        "project/.claude/agents/reviewer.md": agentFile("reviewer", "Reviews code"),
        "project/.claude/agents/writer.md": agentFile("writer", "Writes docs"),
        // A person's own Cursor agent of the same name: roster leaves it alone.
        "project/.cursor/agents/writer.md": agentFile("writer", "mine"),
      });
      const run = (...args: string[]) => {
        const r = spawnSync(process.execPath, [bin, "--home", work.home, "--cwd", work.project, ...args], {
          env: { PATH: process.env.PATH ?? "", ROSTER_NO_CACHE: "1" },
          encoding: "utf8",
        });
        return { code: r.status, stdout: r.stdout, stderr: r.stderr };
      };
      const plain = run("sync", "--to", "cursor");
      expect(plain.code).toBe(0);
      expect(plain.stdout).toMatch(/conflict +\.cursor\/agents\/writer\.md/);
      expect(plain.stdout).toMatch(/^1 created, 1 conflict$/m);
      expect(plain.stdout).toMatch(/^1 file left as it is \(above\); --strict makes that exit 1$/m);
      expect(readFileSync(join(work.project, ".cursor/agents/reviewer.md"), "utf8")).toMatch(/generated-by/);
      expect(readFileSync(join(work.project, ".cursor/agents/writer.md"), "utf8")).toBe(
        agentFile("writer", "mine"),
      );
      // --json: the same entries, the same exit code.
      const asJson = run("--json", "sync", "--to", "cursor");
      expect(asJson.code).toBe(0);
      expect(JSON.parse(asJson.stdout).entries.map((e: { action: string }) => e.action)).toEqual([
        "unchanged",
        "conflict",
      ]);
      for (const args of [
        ["sync", "--to", "cursor", "--strict"],
        ["--json", "sync", "--to", "cursor", "--strict"],
        ["sync", "--to", "cursor", "--strict", "--dry-run"],
      ]) {
        const strict = run(...args);
        expect(strict.code, args.join(" ")).toBe(1);
        expect(strict.stdout, args.join(" ")).toMatch(/conflict/);
      }
    } finally {
      work.cleanup();
    }
  });
});

describe("export --dry-run and report's own file", () => {
  test("export --dry-run says what it would write and where, with the field report, and writes nothing", () => {
    const r = roster(["export", "reviewer", "--to", "codex", "--dry-run"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /^would write \.codex\/agents\/reviewer\.toml — Codex would load it \(checked against .*\); dry run: nothing written$/m,
    );
    expect(r.stdout).toMatch(/description/);
    expect(existsSync(join(box.project, ".codex"))).toBe(false);
    const asJson = JSON.parse(roster(["--json", "export", "reviewer", "--to", "codex", "--dry-run"]).stdout);
    expect(asJson).toMatchObject({
      agent: "reviewer",
      tool: "codex",
      filePath: join(box.project, ".codex/agents/reviewer.toml"),
      written: false,
      dryRun: true,
    });
    expect(existsSync(join(box.project, ".codex"))).toBe(false);
    // A skill too (the flag was documented for --skills and refused before).
    const skill = roster(["export", "release", "--skills", "--to", "codex", "--dry-run"]);
    expect(skill.code).toBe(0);
    expect(existsSync(join(box.project, ".codex"))).toBe(false);
  });

  test("report without --html writes roster-report.html in the shell's folder and says so on stderr", () => {
    const shell = createSandbox("roster-report-here-");
    try {
      const r = spawnSync(process.execPath, [bin, "--home", box.home, "--cwd", box.project, "report"], {
        cwd: shell.project,
        env: { PATH: process.env.PATH ?? "", ROSTER_NO_CACHE: "1" },
        encoding: "utf8",
      });
      expect(r.status).toBe(0);
      const page = join(shell.project, "roster-report.html");
      expect(readFileSync(page, "utf8")).toMatch(/^<!doctype html>/i);
      expect(r.stderr).toBe(`roster: no --html FILE given: writing ${page} (--html FILE writes elsewhere)\n`);
      expect(r.stdout).toMatch(/^wrote .*roster-report\.html \(\d+ KB\)/);
      // An empty name is a usage error, not a page called "".
      const empty = roster(["report", "--html", ""]);
      expect(empty.code).toBe(2);
    } finally {
      shell.cleanup();
    }
  });
});

describe("run --timeout bounds the whole run", () => {
  test("a hung status check and a host deaf to SIGTERM: SIGTERM before the end, killed at it", () => {
    const fakes = writeFakeHosts(join(box.root, "fake-hosts"), ["claude"]);
    const deaf = join(box.root, "deaf.log");
    const status = join(box.root, "status");
    const r = spawnSync(
      process.execPath,
      [
        bin,
        "--home",
        box.home,
        "--cwd",
        box.project,
        "run",
        "reviewer",
        "--task",
        "go",
        "--timeout",
        "2s",
        "--json",
      ],
      {
        cwd: box.project,
        encoding: "utf8",
        env: {
          PATH: `${fakes}:/usr/bin:/bin`,
          ROSTER_NO_CACHE: "1",
          FAKE_HOST_STATUS_HANG: "1",
          FAKE_HOST_STATUS_RECORD: status,
          FAKE_HOST_DEAF: deaf,
        },
      },
    );
    expect(r.status).toBe(1);
    expect(JSON.parse(r.stdout).results[0]).toMatchObject({
      host: "claude",
      aborted: true,
      error: "timed out after 2000 ms",
    });
    // The preflight ran (and was given up on) within the budget, leaving the host time to
    // start; the host was asked to wind down (SIGTERM, which it ignored) before it was killed.
    expect(existsSync(status)).toBe(true);
    expect(readFileSync(deaf, "utf8")).toBe("start\nTERM\n");
  });

  test("--help says how long the grace is: the executor's", () => {
    expect(TERM_GRACE_MS).toBe(1000);
    expect(terminationGrace(3999)).toBeLessThan(TERM_GRACE_MS);
    for (const command of ["run", "mcp"]) {
      const help = roster([command, "--help"]).stdout.replace(/\s+/g, " ");
      expect(help, command).toContain(
        "a host gets SIGTERM 1s before the end (a quarter of the time when shorter than 4s), SIGKILL at the end",
      );
    }
  });
});
