import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isAlive, waitFor } from "@roster/testkit";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { item, memoryRegistry, task } from "../test/helpers.js";
import { createProcessRunner } from "./process-runner.js";
import { createTaskTool } from "./task-tool.js";
import type { RunOptions, TaskInvocation } from "./types.js";

let dir: string;
let results: string;

const scripts: Record<string, string> = {
  "echo.mjs": `
    let input = "";
    process.stdin.on("data", (c) => (input += c));
    process.stdin.on("end", () => {
      const e = process.env;
      process.stdout.write(JSON.stringify({ stdin: JSON.parse(input), env: {
        ROSTER_TASK_DEPTH: e.ROSTER_TASK_DEPTH, ROSTER_SPAWNS: e.ROSTER_SPAWNS,
        ROSTER_RESULT_FILE: e.ROSTER_RESULT_FILE, PARENT_VAR: e.PARENT_VAR, RUNNER_VAR: e.RUNNER_VAR,
      }, cwd: process.cwd() }));
    });`,
  "exit3.mjs": `process.stdout.write("bye\\n"); process.stderr.write("bad things\\n"); process.exitCode = 3;`,
  "throw.mjs": `throw new Error("kaboom");`,
  "segv.mjs": `process.kill(process.pid, "SIGSEGV");`,
  "flood.mjs": `
    const n = Number(process.argv[2]);
    let s = "";
    for (let i = 1; i <= n; i++) s += "line " + i + "\\n";
    process.stdout.write(s);`,
  "hang.mjs": `
    import { spawn } from "node:child_process";
    import { writeFileSync } from "node:fs";
    const g = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
    writeFileSync(process.argv[2], String(g.pid));
    process.stdout.write("working\\n");
    setInterval(() => {}, 1000);`,
  // A host that ignores SIGTERM: it notes the signal and carries on until it is killed.
  "deaf.mjs": `
    import { appendFileSync } from "node:fs";
    const log = process.argv[2];
    process.on("SIGTERM", () => appendFileSync(log, "TERM\\n"));
    appendFileSync(log, "start\\n");
    process.stdout.write("working\\n");
    setInterval(() => {}, 1000);`,
  "result.mjs": `
    import { writeFileSync } from "node:fs";
    writeFileSync(process.env.ROSTER_RESULT_FILE, process.argv[2]);
    process.stdout.write("done\\n");`,
  "text.mjs": `process.stdout.write("{ not json at all");`,
  "no-stdin.mjs": `process.stdout.write("quick");`,
  "slow.mjs": `
    import { appendFileSync } from "node:fs";
    const log = process.argv[2];
    appendFileSync(log, "start\\n");
    setTimeout(() => { appendFileSync(log, "end\\n"); }, 150);`,
};

function invocation(extra: Partial<TaskInvocation> = {}): TaskInvocation {
  return {
    id: "t1",
    agent: "worker",
    systemPrompt: "You work.",
    prompt: "Ctx.\n\nDo it.",
    tools: ["read"],
    spawns: "explore,reviewer",
    model: ["m1"],
    thinkingLevel: "low",
    outputSchema: null,
    cwd: dir,
    provider: "claude",
    source: "project",
    filePath: "/repo/.claude/agents/worker.md",
    planMode: false,
    atMaxDepth: false,
    disallowedTools: null,
    permissionMode: null,
    ...extra,
  };
}

const baseRun: RunOptions = { depth: 2, env: {} };

function runner(script: string, args: string[] = [], env?: Record<string, string>) {
  return createProcessRunner({
    command: process.execPath,
    args: [join(dir, script), ...args],
    tmpDir: results,
    ...(env ? { env } : {}),
  });
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "roster-exec-"));
  results = join(dir, "results");
  mkdirSync(results);
  for (const [name, body] of Object.entries(scripts)) writeFileSync(join(dir, name), body);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("process runner", () => {
  test("delivers the invocation on stdin and the env the contract names", async () => {
    const result = await runner("echo.mjs", [], { RUNNER_VAR: "r" }).run(invocation(), {
      ...baseRun,
      env: { PARENT_VAR: "p" },
    });
    expect(result).toMatchObject({ exitCode: 0, truncated: false });
    expect(result.error).toBeUndefined();
    const data = result.data as { stdin: unknown; env: Record<string, string>; cwd: string };
    // The child receives the contract's fields exactly, as JSON (host-runner-only fields stay out).
    const { planMode: _p, atMaxDepth: _a, ...contract } = invocation();
    expect(data.stdin).toEqual(contract);
    expect(Object.keys(data.stdin as object)).toContain("provider");
    expect(data.env).toMatchObject({
      ROSTER_TASK_DEPTH: "2",
      ROSTER_SPAWNS: "explore,reviewer",
      PARENT_VAR: "p",
      RUNNER_VAR: "r",
    });
    expect(data.env.ROSTER_RESULT_FILE!.startsWith(results)).toBe(true);
    expect(data.cwd).toBe(dir);
    expect(existsSync(data.env.ROSTER_RESULT_FILE!)).toBe(false);
  });

  test("keeps exit codes, stdout and stderr", async () => {
    const result = await runner("exit3.mjs").run(invocation(), baseRun);
    expect(result).toMatchObject({
      exitCode: 3,
      output: "bye\n",
      stderr: "bad things\n",
      error: "exited with code 3",
    });
    expect(result.aborted).toBeUndefined();
  });

  test("a crash is an error on the result, not a throw", async () => {
    const thrown = await runner("throw.mjs").run(invocation(), baseRun);
    expect(thrown.exitCode).toBe(1);
    expect(thrown.stderr).toContain("kaboom");
    expect(thrown.error).toBe("exited with code 1");
    const segv = await runner("segv.mjs").run(invocation(), baseRun);
    expect(segv).toMatchObject({ exitCode: null, error: "killed by SIGSEGV" });
  });

  test("a flood of lines is capped, keeping the tail", async () => {
    const result = await runner("flood.mjs", ["20000"]).run(invocation(), {
      ...baseRun,
      maxOutputLines: 100,
    });
    expect(result.truncated).toBe(true);
    const lines = result.output.split("\n").filter(Boolean);
    expect(lines).toHaveLength(100);
    expect(lines[0]).toBe("line 19901");
    expect(lines.at(-1)).toBe("line 20000");
  });

  test("a flood of bytes is capped at the byte limit, keeping the tail", async () => {
    const result = await runner("flood.mjs", ["100000"]).run(invocation(), {
      ...baseRun,
      maxOutputBytes: 1000,
    });
    expect(result.truncated).toBe(true);
    expect(Buffer.byteLength(result.output)).toBeLessThanOrEqual(1000);
    expect(result.output.endsWith("line 100000\n")).toBe(true);
  });

  test("the default caps hold 5,000 lines", async () => {
    const result = await runner("flood.mjs", ["6000"]).run(invocation(), baseRun);
    expect(result.truncated).toBe(true);
    expect(result.output.split("\n").filter(Boolean)).toHaveLength(5000);
    const small = await runner("flood.mjs", ["10"]).run(invocation(), baseRun);
    expect(small.truncated).toBe(false);
  });

  test("a hang is killed at the timeout, grandchild included", async () => {
    const pidFile = join(dir, "grandchild.pid");
    const result = await runner("hang.mjs", [pidFile]).run(invocation(), { ...baseRun, timeoutMs: 500 });
    expect(result).toMatchObject({ aborted: true, error: "timed out after 500 ms", output: "working\n" });
    const grandchild = Number(readFileSync(pidFile, "utf8"));
    expect(grandchild).toBeGreaterThan(0);
    await waitFor(() => !isAlive(grandchild), "the grandchild to die");
  });

  test("the timeout asks the host to wind down (SIGTERM) before it kills it at the end (SIGKILL)", async () => {
    const log = join(dir, "deaf.log");
    const result = await runner("deaf.mjs", [log]).run(invocation(), { ...baseRun, timeoutMs: 800 });
    expect(result).toMatchObject({ aborted: true, error: "timed out after 800 ms", output: "working\n" });
    // It got SIGTERM (at 800 - 200 ms), ignored it, and was killed at the deadline all the same.
    expect(readFileSync(log, "utf8")).toBe("start\nTERM\n");
  });

  test("a deadline given with the timeout ends the child there: a late task gets what is left", async () => {
    const log = join(dir, "late.log");
    const result = await runner("deaf.mjs", [log]).run(invocation(), {
      ...baseRun,
      timeoutMs: 60_000,
      // The call's minute is almost over: this task may run 400 ms, not a minute.
      deadline: performance.now() + 400,
    });
    // (Were the minute counted from this task's start, the test would time out first.)
    expect(result).toMatchObject({ aborted: true, error: "timed out after 60000 ms" });
  });

  test("abort mid-run kills the child and says why", async () => {
    const pidFile = join(dir, "abort-grandchild.pid");
    const controller = new AbortController();
    const pending = runner("hang.mjs", [pidFile]).run(invocation(), {
      ...baseRun,
      signal: controller.signal,
    });
    await waitFor(() => existsSync(pidFile), "the child to start");
    controller.abort(new Error("user pressed stop"));
    const result = await pending;
    expect(result).toMatchObject({ aborted: true, error: "aborted: user pressed stop" });
    await waitFor(() => !isAlive(Number(readFileSync(pidFile, "utf8"))), "the grandchild to die");
  });

  test("a result file is the structured result; the tool validates it against the schema", async () => {
    const schema = { properties: { verdict: { enum: ["approve", "request_changes"] } } };
    const ok = await runner("result.mjs", ['{"verdict":"approve"}']).run(
      invocation({ outputSchema: schema }),
      baseRun,
    );
    expect(ok).toMatchObject({ exitCode: 0, output: "done\n", data: { verdict: "approve" } });
    expect(ok.error).toBeUndefined();

    // The runner hands data back as read; validation belongs to the task tool, for every runner.
    const raw = await runner("result.mjs", ['{"verdict":5}']).run(
      invocation({ outputSchema: schema }),
      baseRun,
    );
    expect(raw).toMatchObject({ exitCode: 0, data: { verdict: 5 } });
    expect(raw.error).toBeUndefined();

    const mem = memoryRegistry([item({ name: "judge", output: schema })]);
    const tool = createTaskTool({
      registry: mem.registry,
      ctx: mem.ctx,
      runner: runner("result.mjs", ['{"verdict":5}']),
      tmpDir: results,
    });
    const outcome = await tool.execute({ agent: "judge", tasks: [task("a")] }, { cwd: dir });
    if (outcome.status !== "completed") throw new Error(outcome.message);
    const bad = outcome.results[0]!;
    expect(bad.exitCode).toBe(0);
    expect(bad.data).toEqual({ verdict: 5 });
    expect(bad.error).toMatch(/^structured result does not match the output schema: result\/verdict/);
  });

  test("a result file with invalid JSON is an error", async () => {
    const result = await runner("result.mjs", ["{oops"]).run(invocation(), baseRun);
    expect(result.error).toMatch(/^result file is not valid JSON/);
    expect(result.data).toBeUndefined();
  });

  test("text that is not JSON on stdout is just output", async () => {
    const result = await runner("text.mjs").run(
      invocation({ outputSchema: { properties: { a: { type: "string" } } } }),
      baseRun,
    );
    expect(result).toMatchObject({ exitCode: 0, output: "{ not json at all" });
    expect(result.data).toBeUndefined();
    expect(result.error).toBeUndefined();
  });

  test("a child that ignores stdin is fine", async () => {
    const result = await runner("no-stdin.mjs").run(invocation({ prompt: "x".repeat(2_000_000) }), baseRun);
    expect(result).toMatchObject({ exitCode: 0, output: "quick" });
  });

  test("a command that cannot start is an error, not a throw", async () => {
    const missing = createProcessRunner({ command: join(dir, "no-such-program"), tmpDir: results });
    const result = await missing.run(invocation(), baseRun);
    expect(result.exitCode).toBeNull();
    expect(result.error).toMatch(/^could not start .*no-such-program: .*ENOENT/);
  });

  test("an already aborted signal starts nothing", async () => {
    const controller = new AbortController();
    controller.abort();
    const logFile = join(dir, "never.log");
    const result = await runner("slow.mjs", [logFile]).run(invocation(), {
      ...baseRun,
      signal: controller.signal,
    });
    expect(result.aborted).toBe(true);
    await new Promise((r) => setTimeout(r, 50));
    expect(existsSync(logFile)).toBe(false);
  });

  test("through the tool: concurrency never exceeds maxConcurrency and results keep order", async () => {
    const log = join(dir, "concurrency.log");
    const mem = memoryRegistry([item({ name: "worker" })]);
    const tool = createTaskTool({ registry: mem.registry, ctx: mem.ctx, runner: runner("slow.mjs", [log]) });
    const ids = ["a", "b", "c", "d", "e", "f"];
    const outcome = await tool.execute(
      { agent: "worker", tasks: ids.map((id) => task(id)) },
      { cwd: dir, settings: { maxConcurrency: 2 } },
    );
    if (outcome.status !== "completed") throw new Error(outcome.message);
    expect(outcome.results.map((r) => r.id)).toEqual(ids);
    expect(outcome.results.every((r) => r.exitCode === 0)).toBe(true);
    const events = readFileSync(log, "utf8").split("\n").filter(Boolean);
    expect(events.filter((e) => e === "start")).toHaveLength(6);
    let running = 0;
    let max = 0;
    for (const e of events) {
      running += e === "start" ? 1 : -1;
      max = Math.max(max, running);
    }
    expect(max).toBeLessThanOrEqual(2);
    expect(max).toBeGreaterThanOrEqual(1);
  });

  test("through the tool: depth, spawns and the tool's env reach a real child", async () => {
    const mem = memoryRegistry([item({ name: "lead", tools: "read", spawns: "explore" })]);
    const tool = createTaskTool({
      registry: mem.registry,
      ctx: mem.ctx,
      runner: runner("echo.mjs"),
      env: { PARENT_VAR: "from-tool" },
    });
    const outcome = await tool.execute(
      { agent: "lead", context: "C", tasks: [task("x", "A")] },
      { cwd: dir, depth: 0, settings: { maxRecursionDepth: 3 } },
    );
    if (outcome.status !== "completed") throw new Error(outcome.message);
    const data = outcome.results[0]!.data as { stdin: TaskInvocation; env: Record<string, string> };
    expect(data.env).toMatchObject({
      ROSTER_TASK_DEPTH: "1",
      ROSTER_SPAWNS: "explore",
      PARENT_VAR: "from-tool",
    });
    expect(data.stdin).toMatchObject({
      id: "x",
      agent: "lead",
      prompt: "C\n\nA",
      tools: ["read", "submit_result", "task"],
    });
    expect(outcome.results[0]!.durationMs).toBeGreaterThanOrEqual(0);
  });

  test("no result files are left behind", () => {
    expect(readdirSync(results)).toEqual([]);
  });
});
