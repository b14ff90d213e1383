// One real client: Claude Code, installed from the npm registry into a temporary prefix,
// with a temporary HOME and no login. `claude mcp get` starts the server and runs its own
// health check (initialize + tools/list); no model is ever called.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { agentFile, writeTree } from "@roster/testkit";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

/** Pinned: the newest Claude Code whose package declares Node 20 support. */
const CLAUDE_CODE = "@anthropic-ai/claude-code@2.1.197";

const bin = fileURLToPath(new URL("../dist/roster.js", import.meta.url));
const npm = process.platform === "win32" ? "npm.cmd" : "npm";

// Decided once, before the tests are collected, so a skip shows up as a skip with its reason.
const registryUp = spawnSync(npm, ["ping"], { encoding: "utf8", timeout: 20_000 }).status === 0;
const why = registryUp ? "" : " (skipped: the npm registry is unreachable)";

let root: string;
let claude: string;

/** Runs the installed `claude` with a clean environment: temp HOME, no keys, no telemetry. */
function run(args: string[]) {
  const result = spawnSync(claude, args, {
    cwd: join(root, "project"),
    encoding: "utf8",
    timeout: 60_000,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: join(root, "home"),
      DISABLE_AUTOUPDATER: "1",
      DISABLE_TELEMETRY: "1",
      DISABLE_ERROR_REPORTING: "1",
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    },
  });
  return { code: result.status, out: `${result.stdout}${result.stderr}` };
}

describe.skipIf(!registryUp)(`Claude Code as the client${why}`, () => {
  beforeAll(() => {
    expect(existsSync(bin), "apps/cli is not built: run pnpm build (pnpm test does)").toBe(true);
    root = mkdtempSync(join(tmpdir(), "roster-claude-"));
    mkdirSync(join(root, "home"));
    writeTree(root, { "project/.claude/agents/helper.md": agentFile("helper", "Helps") });
    // Installed once for the whole file, with a cache of its own: nothing is written to the real home.
    const install = spawnSync(
      npm,
      [
        "install",
        "--prefix",
        join(root, "prefix"),
        "--cache",
        join(root, "npm-cache"),
        "--no-audit",
        "--no-fund",
        "--loglevel=error",
        CLAUDE_CODE,
      ],
      { encoding: "utf8", timeout: 240_000 },
    );
    expect(install.status, install.stderr).toBe(0);
    claude = join(root, "prefix", "node_modules", ".bin", "claude");
    expect(existsSync(claude)).toBe(true);
  }, 300_000);
  afterAll(() => {
    if (root) rmSync(root, { recursive: true, force: true });
  });

  test("`claude mcp add roster -- roster mcp …` then `claude mcp get roster` reports it connected", () => {
    const server = [
      process.execPath,
      bin,
      "mcp",
      "--home",
      join(root, "home"),
      "--cwd",
      join(root, "project"),
    ];
    const added = run(["mcp", "add", "roster", "--", ...server]);
    expect(added.code, added.out).toBe(0);
    const got = run(["mcp", "get", "roster"]);
    expect(got.code, got.out).toBe(0);
    expect(got.out).toMatch(/Status: .*Connected/);
    expect(got.out).not.toMatch(/Failed/);
  });

  test("control: a server that cannot start is reported as failed by the same check", () => {
    const broken = [process.execPath, bin, "mcp", "--config", join(root, "missing-config.json")];
    expect(run(["mcp", "add", "broken", "--", ...broken]).code).toBe(0);
    const got = run(["mcp", "get", "broken"]);
    expect(got.out).toMatch(/Status: .*Failed to connect/);
  });
});
