// Contract tests against the REAL host CLIs (pnpm test:hosts; CI runs them with the rest).
// The five packages are installed from the npm registry into a temporary prefix, with a
// temporary HOME and no credentials at all. Each host is started with the exact argv, stdin
// and files of roster's plan and must answer with its "not logged in" reply (its parser
// accepted roster's argv), never with a usage error; and `roster run --host <h>` must say
// "not logged in" in one line, within 30 s, for every host whose answer roster can tell
// (its preflight asks Claude Code and Codex before starting them). No test makes a model call.
import { execFile, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

const enabled = process.env.ROSTER_TEST_HOSTS === "1";
const bin = fileURLToPath(new URL("../../../apps/cli/dist/roster.js", import.meta.url));
const PACKAGES = [
  "@anthropic-ai/claude-code",
  "@openai/codex",
  "@google/gemini-cli",
  "opencode-ai",
  "@github/copilot",
];
/** What a host says when its parser rejected the argv. */
const USAGE_ERRORS =
  /unknown option|unexpected argument|Invalid command format|Unknown argument|opencode run \[message\.\.\]|Policy file error|error: option/;

let root = "";
let prefix = "";
/** Claude Code 2.1.332 needs Node 22 by its engines, yet runs here as a native binary: checked too. */
let prefixLatestClaude = "";
let unavailable: string | undefined;
let latestClaudeUnavailable: string | undefined;

function run(
  cmd: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string; timeout: number },
) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    execFile(cmd, args, { ...options, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) =>
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

beforeAll(async () => {
  if (!enabled) return;
  root = mkdtempSync(join(tmpdir(), "roster-real-hosts-"));
  prefix = join(root, "prefix");
  const ping = await run("npm", ["view", "opencode-ai", "version"], { timeout: 30_000 });
  if (ping.code !== 0) {
    unavailable = `the npm registry is unreachable (${ping.stderr.trim().split("\n")[0] ?? ""})`;
    return;
  }
  const install = await run(
    "npm",
    ["install", "-g", "--prefix", prefix, "--no-audit", "--no-fund", ...PACKAGES],
    {
      timeout: 280_000,
    },
  );
  if (install.code !== 0)
    unavailable = `npm install failed: ${install.stderr.trim().split("\n").slice(-3).join(" ")}`;
  prefixLatestClaude = join(root, "prefix-claude-2.1.332");
  const latest = await run(
    "npm",
    [
      "install",
      "-g",
      "--prefix",
      prefixLatestClaude,
      "--no-audit",
      "--no-fund",
      "@anthropic-ai/claude-code@2.1.332",
    ],
    { timeout: 200_000 },
  );
  if (latest.code !== 0) latestClaudeUnavailable = "npm install of Claude Code 2.1.332 failed";
}, 480_000);
afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
}, 120_000);

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A fresh project and HOME for one host run: the project holds one Claude Code agent. */
function workspace(host: string, homeSetup?: (home: string) => void) {
  const work = mkdtempSync(join(root, `${host}-`));
  const home = join(work, "home");
  const project = join(work, "project");
  mkdirSync(join(project, ".claude/agents"), { recursive: true });
  // A cloned repository, as users run roster in: Codex starts in an untrusted folder only
  // inside a git repository (roster passes no --skip-git-repo-check to an untrusted project).
  execFileSync("git", ["init", "-q", project]);
  mkdirSync(home, { recursive: true });
  homeSetup?.(home);
  writeFileSync(
    join(project, ".claude/agents/code-reviewer.md"),
    "---\nname: code-reviewer\ndescription: Reviews code\ntools: Read, Grep, Bash\n" +
      "model: claude-sonnet-4-5, gpt-5, gemini-2.5-pro, anthropic/claude-sonnet-4-5\nthinking: high\n---\nYou review code.\n",
  );
  return { work, home, project };
}

/** Starts a program in a clean environment (PATH to the installed hosts, a fresh HOME, nothing else). */
function start(
  command: string,
  args: string[],
  options: {
    cwd: string;
    home: string;
    binDir: string;
    env?: Record<string, string>;
    stdin?: string;
    killAfter?: number;
  },
): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: {
        PATH: `${options.binDir}:/usr/local/bin:/usr/bin:/bin`,
        HOME: options.home,
        CI: "true",
        ...options.env,
      },
      stdio: ["pipe", "pipe", "pipe"],
      detached: true,
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c) => (stdout += c));
    child.stderr.on("data", (c) => (stderr += c));
    child.stdin.on("error", () => {});
    child.stdin.end(options.stdin ?? "");
    const timer = options.killAfter
      ? setTimeout(() => {
          try {
            process.kill(-child.pid!, "SIGKILL");
          } catch {}
        }, options.killAfter)
      : undefined;
    child.on("close", (code) => {
      if (timer) clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** `roster <args>` from the built bin, in a fresh workspace for `host`. */
function roster(host: string, args: string[], want: Expect = { error: /./ }, binDir = join(prefix, "bin")) {
  const { home, project } = workspace(host, want.home);
  return start(process.execPath, [bin, "--home", home, "--cwd", project, ...args], {
    cwd: project,
    home,
    binDir,
  });
}

/**
 * The exact command roster would start (its `--dry-run --json` plan), started by the test
 * itself: the host's own parser meets roster's argv, stdin and files, whatever roster's
 * preflight would say about its login.
 */
async function startPlanned(host: string, args: string[], want: Expect, binDir = join(prefix, "bin")) {
  const { home, project } = workspace(host, want.home);
  const planned = await start(
    process.execPath,
    [
      bin,
      "--home",
      home,
      "--cwd",
      project,
      "run",
      "code-reviewer",
      "--host",
      host,
      "--dry-run",
      "--json",
      ...args,
    ],
    { cwd: project, home, binDir },
  );
  const { invocations } = JSON.parse(planned.stdout) as { invocations: Plan[] };
  return startPlan(invocations[0]!, {
    project,
    home,
    binDir,
    ...(want.killAfter ? { killAfter: want.killAfter } : {}),
  });
}

/** One host command of roster's `--dry-run --json` plan. */
type Plan = {
  command: string;
  args: string[];
  env: Record<string, string>;
  stdin: string;
  files: Array<{ path: string; content: string }>;
};

/** Starts the host command of a plan in `project`, its files written into a folder of its own. */
function startPlan(
  plan: Plan,
  { project, home, binDir, killAfter }: { project: string; home: string; binDir: string; killAfter?: number },
) {
  // The plan names files in a fixed folder (<tmp>/roster-run-task-1): give this run its own.
  const runDir = mkdtempSync(join(root, "run-"));
  const fixedDir = join(tmpdir(), "roster-run-task-1");
  const moved = (text: string) => text.replaceAll(fixedDir, runDir);
  for (const file of plan.files) {
    const path = moved(file.path);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, file.content);
  }
  const env = Object.fromEntries(Object.entries(plan.env).map(([k, v]) => [k, moved(v)]));
  return start(join(binDir, plan.command), plan.args.map(moved), {
    cwd: project,
    home,
    binDir,
    env,
    stdin: plan.stdin,
    ...(killAfter ? { killAfter } : {}),
  });
}

const SCHEMA = JSON.stringify({
  properties: { verdict: { enum: ["ok", "bad"] } },
  optionalProperties: { notes: { type: "string" } },
});
/** Two plans per host: plain, and with plan mode, max depth, a schema: most of roster's argv. */
const VARIANTS: Array<[string, string[]]> = [
  ["plain", ["--task", "Review src/auth.ts"]],
  [
    "plan mode, max depth, schema",
    ["--task", "Review a", "--plan-mode", "--max-depth", "1", "--schema", SCHEMA],
  ],
];

type Expect = {
  /** What the host answers, without credentials, to roster's argv. */
  error: RegExp;
  /** roster's one line for it (`roster run`, human output), when roster can tell. */
  line?: string;
  killAfter?: number;
  home?: (home: string) => void;
  /** roster withholds a pre-approval of the untrusted agent's tools on this host, and says so first. */
  withheld?: true;
};
const HOSTS: Record<string, Expect> = {
  claude: {
    error: /Not logged in/,
    line: "Claude Code is not logged in: run `claude auth login` (or set ANTHROPIC_API_KEY)",
  },
  gemini: {
    error: /Please set an Auth method/,
    line: "Gemini CLI is not logged in: run `gemini` and choose a sign-in method (or set GEMINI_API_KEY)",
    // Started before its answer says it is not logged in (no login check first, unlike Claude
    // Code and Codex): the note on its withheld shell comes first.
    withheld: true,
  },
  copilot: {
    error: /No authentication information found/,
    line: "Copilot CLI is not logged in: run `copilot login` (or set COPILOT_GITHUB_TOKEN)",
    withheld: true,
  },
  opencode: {
    error: /UnknownError/,
    // Its free hosted provider would need no key: switch it off, so nothing can reach a model.
    home: (home) => {
      mkdirSync(join(home, ".config/opencode"), { recursive: true });
      writeFileSync(
        join(home, ".config/opencode/opencode.json"),
        JSON.stringify({ disabled_providers: ["opencode"] }),
      );
    },
  },
  // Codex keeps retrying without credentials: its argv is checked up to thread.started, then
  // it is killed. roster itself asks `codex login status` first and never starts it.
  codex: { error: /"thread\.started"/, killAfter: 12_000, line: "Codex is not logged in: run `codex login`" },
};

describe.skipIf(!enabled)("real hosts (ROSTER_TEST_HOSTS=1)", () => {
  describe.concurrent.each(Object.entries(HOSTS))("%s", (host, want) => {
    test.for(VARIANTS)("accepts roster's argv (%s)", { timeout: 120_000 }, async ([, args], ctx) => {
      if (unavailable) ctx.skip(unavailable);
      const r = await startPlanned(host, args, want);
      const all = `${r.stdout}\n${r.stderr}`;
      expect(all).not.toMatch(USAGE_ERRORS);
      expect(all).toMatch(want.error);
    });
  });

  // One at a time: each must answer within 30 s on a loaded machine.
  describe.each(Object.entries(HOSTS).filter(([, want]) => want.line !== undefined))("%s", (host, want) => {
    test("not logged in: roster says so in one line on stderr, nothing on stdout", {
      timeout: 30_000,
    }, async (ctx) => {
      if (unavailable) ctx.skip(unavailable);
      const r = await roster(
        host,
        ["run", "code-reviewer", "--host", host, "--task", "Review src/auth.ts"],
        want,
      );
      expect(r.code).toBe(1);
      expect(r.stdout).toBe("");
      // The project is not trusted: a host that would pre-approve the agent's tools first says
      // what roster withheld and that `roster trust` lifts it (issue 49), then the one line.
      const lines = r.stderr.split("\n").filter(Boolean);
      expect(lines.at(-1)).toBe(`[task-1] code-reviewer on ${host} failed: ${want.line}`);
      for (const note of lines.slice(0, -1)) expect(note).toMatch(/^roster: note: .*roster trust /);
      expect(lines.length).toBe(want.withheld ? 2 : 1);
    });
  });
});

describe.skipIf(!enabled)("Claude Code 2.1.332 (native binary, engines Node 22)", () => {
  test.for(VARIANTS)("accepts roster's argv (%s)", { timeout: 120_000 }, async ([, args], ctx) => {
    if (unavailable || latestClaudeUnavailable) ctx.skip(unavailable ?? latestClaudeUnavailable);
    const r = await startPlanned("claude", args, HOSTS.claude!, join(prefixLatestClaude, "bin"));
    expect(`${r.stdout}\n${r.stderr}`).not.toMatch(USAGE_ERRORS);
    expect(`${r.stdout}\n${r.stderr}`).toMatch(/Not logged in/);
  });

  test("not logged in: one line", { timeout: 30_000 }, async (ctx) => {
    if (unavailable || latestClaudeUnavailable) ctx.skip(unavailable ?? latestClaudeUnavailable);
    const r = await roster(
      "claude",
      ["run", "code-reviewer", "--host", "claude", "--task", "hi"],
      HOSTS.claude,
      join(prefixLatestClaude, "bin"),
    );
    expect(r.stderr).toBe(`[task-1] code-reviewer on claude failed: ${HOSTS.claude!.line}\n`);
  });
});

/** Runs the built roster in `project` with `home`, PATH to the installed hosts and nothing else. */
function rosterIn(project: string, home: string, args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, "--home", home, "--cwd", project, ...args], {
      cwd: project,
      env: { PATH: `${join(prefix, "bin")}:/usr/local/bin:/usr/bin:/bin`, HOME: home, CI: "true" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c) => (stdout += c));
    child.stderr.on("data", (c) => (stderr += c));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

// Issue 27: a cloned repository's own settings, hooks and plugins run only after `roster trust`.
// Each host starts the project's code before it needs any credentials, so a marker file shows
// whether it ran; nothing reaches a model.
describe.skipIf(!enabled)("an untrusted project's own code never runs through a host (issue 27)", () => {
  const PROJECT_CODE: Record<string, (project: string, marker: string) => void> = {
    // Claude Code runs SessionStart hooks of .claude/settings.json at session start, before any network call.
    claude: (project, marker) => {
      mkdirSync(join(project, ".claude"), { recursive: true });
      const hook = { type: "command", command: `touch ${JSON.stringify(marker)}` };
      writeFileSync(
        join(project, ".claude/settings.json"),
        JSON.stringify({ hooks: { SessionStart: [{ hooks: [hook] }] } }),
      );
    },
  };
  test.for(Object.keys(PROJECT_CODE))(
    "%s: a user agent run with --plan-mode in an untrusted folder leaves the project's code alone; after roster trust the host runs it",
    { timeout: 180_000 },
    async (host, ctx) => {
      if (unavailable) ctx.skip(unavailable);
      const work = mkdtempSync(join(root, `untrusted-${host}-`));
      const home = join(work, "home");
      const project = join(work, "project");
      const marker = join(work, "project-code-ran");
      mkdirSync(join(project, ".git"), { recursive: true });
      mkdirSync(join(home, ".claude/agents"), { recursive: true });
      writeFileSync(
        join(home, ".claude/agents/helper.md"),
        "---\nname: helper\ndescription: A user agent\ntools: Read, Grep\n---\nYou help.\n",
      );
      HOSTS[host]?.home?.(home);
      PROJECT_CODE[host]!(project, marker);
      const args = [
        "run",
        "helper",
        "--host",
        host,
        "--task",
        "hi",
        "--plan-mode",
        "--timeout",
        "60000",
        "--json",
      ];

      // roster's preflight never starts a host that is not logged in, so the host is started
      // here with exactly the command of roster's plan (hooks run before any login is needed).
      const startRostersPlan = async () => {
        const dry = await rosterIn(project, home, [...args, "--dry-run"]);
        expect(dry.code, dry.stderr).toBe(0);
        const [plan] = (JSON.parse(dry.stdout) as { invocations: Plan[] }).invocations;
        return startPlan(plan!, { project, home, binDir: join(prefix, "bin") });
      };
      const untrusted = await startRostersPlan();
      expect(`${untrusted.stdout}\n${untrusted.stderr}`).not.toMatch(USAGE_ERRORS);
      expect(`${untrusted.stdout}\n${untrusted.stderr}`).toMatch(HOSTS[host]!.error);
      expect(existsSync(marker), `${host} ran the untrusted project's code`).toBe(false);

      expect((await rosterIn(project, home, ["trust"])).code).toBe(0);
      const trusted = await startRostersPlan();
      expect(`${trusted.stdout}\n${trusted.stderr}`).not.toMatch(USAGE_ERRORS);
      expect(existsSync(marker), `${host} runs a trusted project's own code, as it does without roster`).toBe(
        true,
      );
    },
  );
});

describe.skipIf(!enabled)(
  "opencode keeps an untrusted project's config out of roster's agent (issue 27)",
  () => {
    test("with the env of roster's plan, opencode debug config shows no project agent permission and no project plugin; trusted, both load", {
      timeout: 180_000,
    }, async (ctx) => {
      if (unavailable) ctx.skip(unavailable);
      const work = mkdtempSync(join(root, "untrusted-opencode-"));
      const home = join(work, "home");
      const project = join(work, "project");
      mkdirSync(join(project, ".git"), { recursive: true });
      mkdirSync(join(project, ".opencode/plugin"), { recursive: true });
      mkdirSync(join(home, ".claude/agents"), { recursive: true });
      writeFileSync(
        join(home, ".claude/agents/helper.md"),
        "---\nname: helper\ndescription: A user agent\ntools: Read, Grep\n---\nYou help.\n",
      );
      // The project tries to widen roster's own plan-mode agent and to add a plugin.
      writeFileSync(
        join(project, "opencode.json"),
        JSON.stringify({ agent: { "roster-helper": { permission: { task: "allow", edit: "allow" } } } }),
      );
      writeFileSync(join(project, ".opencode/plugin/marker.js"), "export const Marker = async () => ({});\n");
      const opencodeConfig = join(work, "opencode-user.json");
      writeFileSync(opencodeConfig, JSON.stringify({ disabled_providers: ["opencode"] }));

      const configSeen = async () => {
        const dry = await rosterIn(project, home, [
          "run",
          "helper",
          "--host",
          "opencode",
          "--task",
          "hi",
          "--plan-mode",
          "--dry-run",
          "--json",
        ]);
        const [plan] = (JSON.parse(dry.stdout) as { invocations: Plan[] }).invocations;
        if (!plan) throw new Error(`no plan: ${dry.stderr}`);
        // The plan names files in <tmp>/roster-run-task-1: this test writes them into its own folder.
        const runDir = join(work, "run");
        mkdirSync(runDir, { recursive: true });
        const planned = dirname(plan.files[0]!.path);
        for (const file of plan.files) writeFileSync(join(runDir, basename(file.path)), file.content);
        const env = Object.fromEntries(
          Object.entries(plan.env).map(([k, v]) => [k, v.replaceAll(planned, runDir)] as const),
        );
        const out = join(work, `config-${Date.now()}.json`);
        // opencode's stdout through a pipe can stop at 64 KiB: it writes to a file.
        const r = await run("sh", ["-c", `opencode debug config > ${JSON.stringify(out)}`], {
          cwd: project,
          timeout: 120_000,
          env: {
            PATH: `${join(prefix, "bin")}:/usr/local/bin:/usr/bin:/bin`,
            HOME: home,
            XDG_CONFIG_HOME: join(home, ".config"),
            XDG_DATA_HOME: join(home, ".local/share"),
            XDG_CACHE_HOME: join(home, ".cache"),
            XDG_STATE_HOME: join(home, ".local/state"),
            OPENCODE_CONFIG: opencodeConfig,
            ...env,
          },
        });
        expect(r.code, r.stderr).toBe(0);
        return JSON.parse(readFileSync(out, "utf8")) as {
          agent: Record<string, { permission: Record<string, string> }>;
          plugin?: string[];
        };
      };

      const untrusted = await configSeen();
      expect(untrusted.agent["roster-helper"]!.permission).toMatchObject({
        "*": "deny",
        edit: "deny",
        bash: "deny",
      });
      expect(untrusted.agent["roster-helper"]!.permission.task).toBeUndefined();
      expect(untrusted.plugin ?? []).toEqual([]);

      expect((await rosterIn(project, home, ["trust"])).code).toBe(0);
      const trusted = await configSeen();
      // What opencode itself does with a project's config: merged into roster's agent.
      expect(trusted.agent["roster-helper"]!.permission.task).toBe("allow");
      expect(trusted.plugin?.join(" ")).toContain(".opencode/plugin/marker.js");
    });
  },
);

test.runIf(!enabled)("real-host contract tests are off: run pnpm test:hosts (CI does)", (ctx) => {
  ctx.skip("set ROSTER_TEST_HOSTS=1 to install the five hosts and run them");
});
