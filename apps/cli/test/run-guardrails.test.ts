// Issue #13, executor findings, end to end through the BUILT binary with real children:
// output schemas that cannot crash `run`, results that stream, signals and broken output that
// leave no child running and no temp folder behind, bad --timeout / ROSTER_TASK_DEPTH values
// and agents named like Object.prototype members. Each test failed on the code before the fix.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { isAlive, waitFor } from "@roster/testkit";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";

const bin = fileURLToPath(new URL("../dist/roster.js", import.meta.url));

// The child reads its assignment from stdin and acts on it; every pid it (or its
// grandchild) has is appended to $PIDS so the test can check that none survives.
const CHILD = `
import { spawn } from "node:child_process";
import { appendFileSync, existsSync, writeFileSync } from "node:fs";
let input = "";
for await (const chunk of process.stdin) input += chunk;
const { prompt } = JSON.parse(input);
const note = (pid) => appendFileSync(process.env.PIDS, pid + "\\n");
note(process.pid);
const [mode, arg] = prompt.split(":");
if (mode === "deep") {
  writeFileSync(process.env.ROSTER_RESULT_FILE, "[".repeat(5000) + "]".repeat(5000));
  process.stdout.write("deep-done");
} else if (mode === "hang") {
  const g = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
  note(g.pid);
  process.stdout.write("hanging\\n");
  setInterval(() => {}, 1000);
} else if (mode === "wait") {
  const timer = setInterval(() => {
    if (existsSync(arg)) { clearInterval(timer); process.stdout.write("waited"); }
  }, 20);
} else {
  process.stdout.write("quick-done");
}
`;

let root: string;
let box: string;
const home = () => join(root, "home");
const project = () => join(root, "project");
const tmp = () => join(box, "tmp");
const pidsFile = () => join(box, "pids");
const child = () => join(root, "child.mjs");

function env(extra: Record<string, string> = {}): Record<string, string> {
  return { PATH: process.env.PATH ?? "", TMPDIR: tmp(), PIDS: pidsFile(), ...extra };
}
const args = (...rest: string[]) => ["--home", home(), "--cwd", project(), "run", ...rest];
const runner = () => ["--runner", `${process.execPath} ${child()}`];

function roster(argv: string[], extra: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [bin, ...argv], { cwd: root, env: env(extra), encoding: "utf8" });
  return { code: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr };
}

function pids(): number[] {
  return existsSync(pidsFile())
    ? readFileSync(pidsFile(), "utf8").split("\n").filter(Boolean).map(Number)
    : [];
}

/** Every recorded process is gone and the run left nothing in TMPDIR. */
async function expectNothingLeft(): Promise<void> {
  await waitFor(() => pids().every((pid) => !isAlive(pid)), "every child and grandchild to die");
  expect(readdirSync(tmp())).toEqual([]);
}

function start(argv: string[], stdio: Array<"pipe" | "ignore" | number> = ["ignore", "pipe", "pipe"]) {
  const proc = spawn(process.execPath, [bin, ...argv], { cwd: root, env: env(), stdio });
  let stdout = "";
  let stderr = "";
  proc.stdout?.on("data", (c: Buffer) => {
    stdout += c.toString();
  });
  proc.stderr?.on("data", (c: Buffer) => {
    stderr += c.toString();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    proc.on("exit", (code, signal) => resolve({ code, signal })),
  );
  return { proc, exited, out: () => stdout, err: () => stderr };
}

const started: ChildProcess[] = [];

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "roster-run-guard-"));
  const agents = join(project(), ".claude/agents");
  mkdirSync(agents, { recursive: true });
  mkdirSync(home(), { recursive: true });
  writeFileSync(child(), CHILD);
  const agent = (name: string, extra = "") =>
    writeFileSync(
      join(agents, `${name}.md`),
      `---\nname: ${name}\ndescription: ${name} agent\n${extra}---\nYou are ${name}.\n`,
    );
  agent("worker");
  agent("cyclic", "output:\n  definitions:\n    a:\n      ref: a\n  ref: a\n");
  agent("tree", "output:\n  definitions:\n    node:\n      elements:\n        ref: node\n  ref: node\n");
  for (const odd of ["constructor", "__proto__", "toString"]) agent(odd, "model: m1\n");
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

beforeEach(() => {
  box = mkdtempSync(join(root, "box-"));
  mkdirSync(tmp());
  writeFileSync(pidsFile(), "");
});
afterEach(async () => {
  // Never leave anything behind, even when a test failed half-way.
  for (const proc of started.splice(0))
    if (proc.exitCode === null && proc.signalCode === null) proc.kill("SIGKILL");
  for (const pid of pids()) {
    try {
      process.kill(-pid, "SIGKILL");
    } catch {
      // gone
    }
  }
});

describe("output schemas cannot crash run", () => {
  test("a cyclic ref chain is refused with a clear error before any child starts", () => {
    const r = roster(args("cyclic", "--task", "quick", ...runner()));
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /^roster: The output schema of agent "cyclic" \(.*cyclic\.md\) cannot be used: a cycle of refs/,
    );
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(pids()).toEqual([]);
    expect(readdirSync(tmp())).toEqual([]);
  });

  test("a 5,000-level result under a recursive schema is an error on that result; the rest run to their end", async () => {
    const r = roster(
      args("tree", "--task", "deep", "--task", "hang", "--timeout", "4000", "--json", ...runner()),
    );
    expect(r.code).toBe(1);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    const { results } = JSON.parse(r.stdout);
    expect(results.map((x: { id: string }) => x.id)).toEqual(["task-1", "task-2"]);
    expect(results[0].error).toMatch(/structured result is nested deeper than 128 levels/);
    expect(results[0].data).toBeUndefined();
    expect(results[0].output).toBe("deep-done");
    expect(results[1]).toMatchObject({ aborted: true, error: "timed out after 4000 ms" });
    await expectNothingLeft();
  });

  test("run --json with a 5,000-level result and no schema prints every result", async () => {
    const r = roster(args("worker", "--task", "deep", "--task", "quick", "--json", ...runner()));
    expect(r.code).toBe(1);
    const { results } = JSON.parse(r.stdout);
    expect(results).toHaveLength(2);
    expect(results[0].error).toMatch(/nested deeper than 128 levels/);
    expect(results[1]).toMatchObject({ id: "task-2", exitCode: 0, output: "quick-done" });
    await expectNothingLeft();
  });
});

describe("results stream", () => {
  test("a finished task is printed while another still runs", async () => {
    const go = join(box, "go");
    const run = start(args("worker", "--task", `wait:${go}`, "--task", "quick", ...runner()));
    started.push(run.proc);
    await waitFor(() => run.out().includes("quick-done"), "the quick result to be printed first");
    expect(run.out()).not.toContain("waited");
    writeFileSync(go, "");
    expect(await run.exited).toEqual({ code: 0, signal: null });
    expect(run.out().indexOf("quick-done")).toBeLessThan(run.out().indexOf("waited"));
    await expectNothingLeft();
  });

  test("--json keeps input order while printing as soon as it can", async () => {
    const go = join(box, "go");
    const run = start(args("worker", "--task", "quick", "--task", `wait:${go}`, "--json", ...runner()));
    started.push(run.proc);
    await waitFor(() => run.out().includes("quick-done"), "the first result to be printed");
    writeFileSync(go, "");
    expect((await run.exited).code).toBe(0);
    const { results } = JSON.parse(run.out());
    expect(results.map((x: { output: string }) => x.output)).toEqual(["quick-done", "waited"]);
  });
});

describe("children never outlive roster", () => {
  test.each([
    ["SIGHUP", 129],
    ["SIGQUIT", 131],
    ["SIGINT", 130],
    ["SIGTERM", 143],
  ] as const)(
    "on %s every child and grandchild is killed and the temp folder removed",
    async (signal, code) => {
      const run = start(args("worker", "--task", "hang", "--task", "hang", ...runner()));
      started.push(run.proc);
      await waitFor(() => pids().length === 4, "two children and two grandchildren");
      run.proc.kill(signal);
      expect(await run.exited).toEqual({ code, signal: null });
      await expectNothingLeft();
    },
  );

  test("a reader that closes the pipe (EPIPE exit) leaves nothing running", async () => {
    const go = join(box, "go");
    const run = start(
      args("worker", "--task", "quick", "--task", "hang", "--task", `wait:${go}`, ...runner()),
    );
    started.push(run.proc);
    await waitFor(
      () => run.out().includes("quick-done") && pids().length === 4,
      "the first result and every child",
    );
    run.proc.stdout!.destroy();
    writeFileSync(go, "");
    await run.exited;
    await expectNothingLeft();
  });

  test.skipIf(!existsSync("/dev/full"))(
    "an output error (stdout is /dev/full) leaves nothing running",
    async () => {
      const full = openSync("/dev/full", "w");
      try {
        const run = start(args("worker", "--task", "hang", "--task", "quick", ...runner()), [
          "ignore",
          full,
          "pipe",
        ]);
        started.push(run.proc);
        const { code } = await run.exited;
        expect(code).not.toBe(0);
        expect(run.err()).toMatch(/ENOSPC/);
        await expectNothingLeft();
      } finally {
        closeSync(full);
      }
    },
  );
});

describe("bad numbers and names", () => {
  test.each(["2147483648", "99999999999", "0", "-5", "1.5", "abc", "5x", "25d", "0s"])(
    "--timeout %s is a usage error",
    (value) => {
      const r = roster(args("worker", "--task", "quick", "--timeout", value, ...runner()));
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(
        /^roster: --timeout takes a duration like 90s, 5m or 1500ms \(a bare number is milliseconds\), from 1ms to 24\.9 days/,
      );
      expect(pids()).toEqual([]);
    },
  );

  test.each(["-1", "abc", "1e3", ""])("ROSTER_TASK_DEPTH=%j refuses to run and says why", (depth) => {
    const r = roster(args("worker", "--task", "quick", ...runner()), { ROSTER_TASK_DEPTH: depth });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      `roster: ROSTER_TASK_DEPTH=${JSON.stringify(depth)} is not a non-negative integer`,
    );
    expect(pids()).toEqual([]);
    const j = roster(args("worker", "--task", "quick", "--json", ...runner()), { ROSTER_TASK_DEPTH: depth });
    expect(j.code).toBe(1);
    expect(JSON.parse(j.stdout).error).toContain("ROSTER_TASK_DEPTH");
  });

  test.each(["constructor", "__proto__", "toString"])("an agent named %s runs", (name) => {
    const r = roster(args(name, "--task", "quick", "--json", ...runner()));
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).results[0]).toMatchObject({ agent: name, output: "quick-done" });
    const dry = roster(args(name, "--task", "x", "--json", "--dry-run", "--runner", "unused"));
    expect(JSON.parse(dry.stdout).invocations[0]).toMatchObject({ agent: name, model: ["m1"] });
  });
});
