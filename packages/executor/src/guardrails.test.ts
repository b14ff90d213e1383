// Issue #13, executor findings: output schemas, structured-result depth, validation for every
// runner, streaming results, the per-run temp folder, odd agent names, bad timeouts and a
// malformed ROSTER_TASK_DEPTH. Each test failed on the code before the fix.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isAlive, waitFor } from "@roster/testkit";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { item, memoryRegistry, spyRunner, task } from "../test/helpers.js";
import {
  checkStructuredResult,
  compileOutputSchema,
  createProcessRunner,
  createReaper,
  MAX_RESULT_DEPTH,
  MAX_SCHEMA_NODES,
  readSessionFromEnv,
} from "./index.js";
import { createTaskTool } from "./task-tool.js";
import type { Runner, RunOptions, TaskOutcome, TaskResult } from "./types.js";

let tmp: string;
beforeEach(() => {
  tmp = mkdtempSync(join(tmpdir(), "roster-guard-"));
});
afterEach(() => rmSync(tmp, { recursive: true, force: true }));

/** `levels` nested arrays: `[[[…]]]`. */
function nested(levels: number): unknown {
  let value: unknown = [];
  for (let i = 1; i < levels; i++) value = [value];
  return value;
}

const recursive = { definitions: { node: { elements: { ref: "node" } } }, ref: "node" };
const cyclic = { definitions: { a: { ref: "a" } }, ref: "a" };

function completed(outcome: TaskOutcome) {
  if (outcome.status !== "completed") throw new Error(`refused: ${outcome.message}`);
  return outcome;
}

describe("output schemas", () => {
  test("a cyclic ref chain is refused with a clear error, not a stack overflow", () => {
    const self = compileOutputSchema(cyclic);
    expect(self).toEqual({ ok: false, error: expect.stringMatching(/cycle of refs.*"a" → "a"/) });
    const two = compileOutputSchema({ definitions: { a: { ref: "b" }, b: { ref: "a" } }, ref: "a" });
    expect(two).toMatchObject({ ok: false, error: expect.stringMatching(/"a" → "b" → "a"/) });
  });

  test("a ref must name one of the schema's own definitions (constructor is not one)", () => {
    expect(compileOutputSchema({ definitions: {}, ref: "constructor" })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/ref "constructor" names no definition/),
    });
  });

  test("a schema nested past the limit is refused", () => {
    let schema: unknown = { type: "string" };
    for (let i = 0; i < 5000; i++) schema = { elements: schema };
    expect(compileOutputSchema(schema)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/deeper than/),
    });
  });

  test("a recursive schema is fine, and compiled once per schema", () => {
    const first = compileOutputSchema(recursive);
    if (!first.ok) throw new Error(first.error);
    expect(first.validate(nested(10))).toBeUndefined();
    expect(compileOutputSchema(recursive)).toBe(first);
    expect(compileOutputSchema(JSON.parse(JSON.stringify(recursive)))).toBe(first);
  });

  test("a 5,000-level result is a clear error, not a stack overflow", () => {
    const compiled = compileOutputSchema(recursive);
    if (!compiled.ok) throw new Error(compiled.error);
    expect(compiled.validate(nested(5000))).toMatch(/nested deeper than 128 levels/);
    expect(checkStructuredResult(nested(100_000))).toMatch(/nested deeper than 128 levels/);
    expect(checkStructuredResult(nested(MAX_RESULT_DEPTH))).toBeUndefined();
    expect(checkStructuredResult(nested(MAX_RESULT_DEPTH + 1))).toMatch(/deeper than/);
  });

  test("a result that is not plain JSON is named", () => {
    const loop: Record<string, unknown> = {};
    loop.self = loop;
    expect(checkStructuredResult(loop)).toMatch(/cyclic/);
    expect(checkStructuredResult({ n: 1n })).toMatch(/result\.n is a bigint/);
    expect(checkStructuredResult({ a: [1, () => 0] })).toMatch(/result\.a\[1\] is a function/);
    const shared = { x: 1 };
    expect(checkStructuredResult({ a: shared, b: shared })).toBeUndefined();
  });

  test("a value shared so often that printing it would explode is refused, not walked for ever", () => {
    let dag: unknown = [];
    for (let i = 0; i < 40; i++) dag = [dag, dag]; // 2^40 paths through 40 objects
    expect(checkStructuredResult(dag)).toMatch(/too large to check/);
  });
});

/** `levels` definitions, each naming the next twice: 2^levels schemas once refs are expanded. */
function branchingRefs(levels: number): Record<string, unknown> {
  const definitions: Record<string, unknown> = {};
  for (let i = 0; i < levels; i++) {
    definitions[`d${i}`] = { properties: { a: { ref: `d${i + 1}` }, b: { ref: `d${i + 1}` } } };
  }
  definitions[`d${levels}`] = { type: "string" };
  return { definitions, ref: "d0" };
}

describe("output schemas that expand (issue #27)", () => {
  test("refs that branch 40 levels × 2 are refused before Ajv sees them, never a hang", () => {
    // Ajv compiles each use of a ref again: on the code before the fix this never returned.
    expect(compileOutputSchema(branchingRefs(40))).toEqual({
      ok: false,
      error: expect.stringMatching(
        new RegExp(`expands to more than ${MAX_SCHEMA_NODES} schemas once its refs are followed`),
      ),
    });
  });

  test("a schema just inside the limit compiles; a recursive schema counts its cycle once", () => {
    // About 3 × 2^8 schemas expanded, plus the definitions as written: about 1,050.
    expect(compileOutputSchema(branchingRefs(8)).ok).toBe(true);
    expect(compileOutputSchema(branchingRefs(9)).ok).toBe(false);
    expect(compileOutputSchema(recursive).ok).toBe(true);
    // A flat schema of more than the limit is refused too: Ajv spends about a millisecond on each.
    const properties = Object.fromEntries(
      Array.from({ length: MAX_SCHEMA_NODES + 1 }, (_, i) => [`p${i}`, { type: "string" }]),
    );
    expect(compileOutputSchema({ properties }).ok).toBe(false);
  });
});

describe("validation is part of the task tool", () => {
  test("a custom runner's data is checked against the schema", async () => {
    const mem = memoryRegistry([item({ name: "scout", output: { properties: { n: { type: "int32" } } } })]);
    const runner = spyRunner({ data: { n: "not a number" } });
    const tool = createTaskTool({ registry: mem.registry, ctx: mem.ctx, runner });
    const [result] = completed(
      await tool.execute({ agent: "scout", tasks: [task("a")] }, { cwd: tmp }),
    ).results;
    expect(result!.error).toMatch(/^structured result does not match the output schema: result\/n/);
    expect(result!.data).toEqual({ n: "not a number" });
  });

  test("a runner's extra fields are kept when they are JSON, and cannot replace the tool's own", async () => {
    const mem = memoryRegistry([item({ name: "w" })]);
    const runner = spyRunner({
      sessionId: "s-1",
      costUsd: 0.5,
      id: "spoof",
      source: "bundled",
      durationMs: -1,
    } as never);
    const tool = createTaskTool({ registry: mem.registry, ctx: mem.ctx, runner });
    const [result] = completed(await tool.execute({ agent: "w", tasks: [task("a")] }, { cwd: tmp })).results;
    expect(result).toMatchObject({ id: "a", source: "user", sessionId: "s-1", costUsd: 0.5 });
    expect(result!.durationMs).toBeGreaterThanOrEqual(0);
    expect(Object.keys(result!).slice(0, 3)).toEqual(["id", "agent", "source"]);
  });

  test("a cyclic schema is refused before any runner starts", async () => {
    const mem = memoryRegistry([item({ name: "scout", output: cyclic })]);
    const runner = spyRunner();
    const tool = createTaskTool({ registry: mem.registry, ctx: mem.ctx, runner });
    const outcome = await tool.execute({ agent: "scout", tasks: [task("a"), task("b")] }, { cwd: tmp });
    expect(outcome).toMatchObject({ status: "refused", code: "executor/invalid-schema" });
    if (outcome.status === "refused")
      expect(outcome.message).toMatch(/output schema of agent "scout".*cycle of refs/s);
    expect(runner.calls).toHaveLength(0);
  });

  test("a 5,000-level result loses its data with a clear error; the other results are intact", async () => {
    const mem = memoryRegistry([item({ name: "tree", output: recursive })]);
    const runner: Runner = {
      async run(invocation) {
        const data = invocation.id === "deep" ? nested(5000) : nested(3);
        return { exitCode: 0, output: "ok", stderr: "", truncated: false, data };
      },
    };
    const tool = createTaskTool({ registry: mem.registry, ctx: mem.ctx, runner });
    const outcome = completed(
      await tool.execute({ agent: "tree", tasks: [task("deep"), task("flat")] }, { cwd: tmp }),
    );
    const [deep, flat] = outcome.results;
    expect(deep!.error).toMatch(/structured result is nested deeper than 128 levels/);
    expect(deep!.data).toBeUndefined();
    expect(flat!.error).toBeUndefined();
    expect(flat!.data).toEqual([[[]]]);
    expect(() => JSON.stringify(outcome)).not.toThrow();
  });

  test("the dry-run runner's data is depth-checked but not held to the agent's schema", async () => {
    const mem = memoryRegistry([item({ name: "scout", output: { properties: { n: { type: "int32" } } } })]);
    const tool = createTaskTool({ registry: mem.registry, ctx: mem.ctx });
    const [result] = completed(
      await tool.execute({ agent: "scout", tasks: [task("a")] }, { cwd: tmp }),
    ).results;
    expect(result!.error).toBeUndefined();
    expect(result!.data).toMatchObject({ invocation: { id: "a" } });
  });
});

describe("streaming and the run's temp folder", () => {
  test("onResult sees each result as it finishes; keepResults: false holds none", async () => {
    const mem = memoryRegistry([item({ name: "w" })]);
    const gates = new Map<string, () => void>();
    const seen: string[] = [];
    const runner: Runner = {
      run(invocation) {
        return new Promise((resolve) => {
          gates.set(invocation.id, () =>
            resolve({ exitCode: 0, output: invocation.id, stderr: "", truncated: false }),
          );
        });
      },
    };
    const tool = createTaskTool({ registry: mem.registry, ctx: mem.ctx, runner });
    const running = tool.execute(
      { agent: "w", tasks: [task("a"), task("b")] },
      { cwd: tmp },
      {
        onResult: (result: TaskResult, index: number) => {
          seen.push(`${index}:${result.id}`);
        },
        keepResults: false,
      },
    );
    while (gates.size < 2) await new Promise((r) => setTimeout(r, 5));
    gates.get("b")!();
    while (seen.length < 1) await new Promise((r) => setTimeout(r, 5));
    expect(seen).toEqual(["1:b"]);
    gates.get("a")!();
    const outcome = completed(await running);
    expect(seen).toEqual(["1:b", "0:a"]);
    expect(outcome.results).toEqual([]);
  });

  test("every runner gets one private temp folder per run, removed afterwards", async () => {
    const mem = memoryRegistry([item({ name: "w" })]);
    const seen: RunOptions[] = [];
    const runner: Runner = {
      async run(invocation, options) {
        seen.push(options);
        writeFileSync(join(options.taskDir!, "prompt.md"), invocation.prompt);
        return { exitCode: 0, output: "", stderr: "", truncated: false };
      },
    };
    const tool = createTaskTool({ registry: mem.registry, ctx: mem.ctx, runner, tmpDir: tmp });
    const onResult = (_result: TaskResult, index: number) => {
      // A finished task's folder is gone at once; the run's folder stays until the run ends.
      expect(existsSync(seen[index]!.taskDir!)).toBe(false);
      expect(existsSync(seen[index]!.runDir!)).toBe(true);
    };
    completed(await tool.execute({ agent: "w", tasks: [task("a"), task("b")] }, { cwd: tmp }, { onResult }));
    const dirs = seen.map((o) => o.runDir);
    expect(dirs[0]).toBeDefined();
    expect(dirs[1]).toBe(dirs[0]);
    expect(dirs[0]!.startsWith(join(tmp, "roster-run-"))).toBe(true);
    const taskDirs = seen.map((o) => o.taskDir);
    expect(new Set(taskDirs).size).toBe(2);
    expect(existsSync(dirs[0]!)).toBe(false);
    expect(readdirSync(tmp)).toEqual([]);
  });

  test("the run folder is private (0700) while the run lasts", async () => {
    const mem = memoryRegistry([item({ name: "w" })]);
    let mode = 0;
    const runner: Runner = {
      async run(_invocation, options) {
        mode = statSync(options.runDir!).mode & 0o777;
        return { exitCode: 0, output: "", stderr: "", truncated: false };
      },
    };
    const tool = createTaskTool({ registry: mem.registry, ctx: mem.ctx, runner, tmpDir: tmp });
    completed(await tool.execute({ agent: "w", tasks: [task("a")] }, { cwd: tmp }));
    expect(mode).toBe(0o700);
  });
});

describe("names and settings from untrusted places", () => {
  test.each(["constructor", "__proto__", "toString", "hasOwnProperty"])(
    "an agent named %s runs, with and without overrides",
    async (name) => {
      const mem = memoryRegistry([item({ name, model: "m1" })]);
      const runner = spyRunner();
      const tool = createTaskTool({ registry: mem.registry, ctx: mem.ctx, runner });
      const plain = await tool.execute(
        { agent: name, tasks: [task("a")] },
        { cwd: tmp, settings: { agentModelOverrides: {}, disabledAgents: [] } },
      );
      expect(completed(plain).results[0]!.error).toBeUndefined();
      expect(runner.calls[0]!.invocation.model).toEqual(["m1"]);
      const overrides = JSON.parse(`{${JSON.stringify(name)}: "m2"}`) as Record<string, string>;
      await tool.execute(
        { agent: name, tasks: [task("b")] },
        { cwd: tmp, settings: { agentModelOverrides: overrides } },
      );
      expect(runner.calls[1]!.invocation.model).toEqual(["m2"]);
    },
  );

  test.each([0, -1, 2 ** 31, Number.NaN, 1.5, Number.POSITIVE_INFINITY])(
    "timeoutMs %s is refused before anything runs",
    async (timeoutMs) => {
      const mem = memoryRegistry([item({ name: "w" })]);
      const runner = spyRunner();
      const tool = createTaskTool({ registry: mem.registry, ctx: mem.ctx, runner });
      const outcome = await tool.execute(
        { agent: "w", tasks: [task("a")] },
        { cwd: tmp, settings: { timeoutMs } },
      );
      expect(outcome).toMatchObject({ status: "refused", code: "executor/invalid-settings" });
      expect(runner.calls).toHaveLength(0);
    },
  );

  test.each(["-1", "abc", "1e3", "", " ", "1.5", "99999999999999999999"])(
    "ROSTER_TASK_DEPTH=%j fails closed: an error, and a session that may spawn nothing",
    (raw) => {
      const session = readSessionFromEnv({ ROSTER_TASK_DEPTH: raw, ROSTER_SPAWNS: "*" });
      expect(session.diagnostics).toEqual([
        expect.objectContaining({ severity: "error", code: "executor/bad-task-depth" }),
      ]);
      expect(session.spawns).toBe("");
    },
  );

  test("a well-formed depth is read as before", () => {
    expect(readSessionFromEnv({ ROSTER_TASK_DEPTH: " 2 " })).toEqual({ depth: 2, diagnostics: [] });
    expect(readSessionFromEnv({})).toEqual({ depth: 0, diagnostics: [] });
  });
});

describe("children never outlive the run (real processes)", () => {
  const HANG = `
    import { spawn } from "node:child_process";
    import { appendFileSync } from "node:fs";
    const g = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
    appendFileSync(process.argv[2], process.pid + "\\n" + g.pid + "\\n");
    if (process.argv[3] === "quick") process.stdout.write("quick", () => process.exit(0));
    else setInterval(() => {}, 1000);`;

  const pids = (file: string) =>
    existsSync(file) ? readFileSync(file, "utf8").split("\n").filter(Boolean).map(Number) : [];

  test("the result file lives in the run's folder", async () => {
    const script = join(tmp, "result.mjs");
    writeFileSync(
      script,
      `import { writeFileSync } from "node:fs"; writeFileSync(process.env.ROSTER_RESULT_FILE, JSON.stringify({ file: process.env.ROSTER_RESULT_FILE }));`,
    );
    const runDir = mkdtempSync(join(tmp, "run-"));
    const runner = createProcessRunner({ command: process.execPath, args: [script] });
    const result = await runner.run(
      {
        id: "a",
        agent: "w",
        systemPrompt: "",
        prompt: "p",
        tools: null,
        spawns: "",
        model: null,
        thinkingLevel: null,
        outputSchema: null,
        disallowedTools: null,
        permissionMode: null,
        cwd: tmp,
      },
      { depth: 1, env: {}, runDir },
    );
    expect((result.data as { file: string }).file.startsWith(`${runDir}/`)).toBe(true);
    expect(readdirSync(runDir)).toEqual([]);
  });

  test("a reaper kills every live process group and removes the run folder, synchronously", async () => {
    const script = join(tmp, "hang.mjs");
    writeFileSync(script, HANG);
    const pidFile = join(tmp, "pids");
    const reaper = createReaper();
    const mem = memoryRegistry([item({ name: "w" })]);
    const runner = createProcessRunner({ command: process.execPath, args: [script, pidFile] });
    const tool = createTaskTool({
      registry: mem.registry,
      ctx: mem.ctx,
      runner,
      reaper,
      tmpDir: tmp,
    });
    const running = tool.execute({ agent: "w", tasks: [task("a"), task("b")] }, { cwd: tmp });
    await waitFor(() => pids(pidFile).length === 4, "two children and two grandchildren");
    expect(readdirSync(tmp).filter((n) => n.startsWith("roster-run-"))).toHaveLength(1);
    reaper.reapAll();
    expect(readdirSync(tmp).filter((n) => n.startsWith("roster-run-"))).toEqual([]);
    await waitFor(() => pids(pidFile).every((pid) => !isAlive(pid)), "every process to die");
    const outcome = completed(await running);
    expect(outcome.results.map((r) => r.exitCode)).toEqual([null, null]);
  });

  test("a callback that throws stops the run: children killed, folder removed, the error rethrown", async () => {
    const script = join(tmp, "hang.mjs");
    writeFileSync(script, HANG);
    const pidFile = join(tmp, "pids");
    const mem = memoryRegistry([item({ name: "w" })]);
    const quick = createProcessRunner({
      command: process.execPath,
      args: [script, pidFile, "quick"],
    });
    const slow = createProcessRunner({ command: process.execPath, args: [script, pidFile] });
    const runner: Runner = {
      run: (invocation, options) => (invocation.id === "quick" ? quick : slow).run(invocation, options),
    };
    const tool = createTaskTool({ registry: mem.registry, ctx: mem.ctx, runner, tmpDir: tmp });
    const running = tool.execute(
      { agent: "w", tasks: [task("slow"), task("quick")] },
      { cwd: tmp },
      {
        onResult: async () => {
          await waitFor(() => pids(pidFile).length === 4, "both children");
          throw new Error("printer broke");
        },
      },
    );
    await expect(running).rejects.toThrow("printer broke");
    await waitFor(() => pids(pidFile).every((pid) => !isAlive(pid)), "every process to die");
    expect(readdirSync(tmp).filter((n) => n.startsWith("roster-run-"))).toEqual([]);
  });
});
