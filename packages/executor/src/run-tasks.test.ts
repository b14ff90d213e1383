import { expect, test } from "vitest";
import { item, memoryRegistry, spyRunner, task } from "../test/helpers.js";
import { runTasks } from "./run-tasks.js";
import type { Runner, TaskResult } from "./types.js";

test("runs the tasks, reports each as it ends and each task's start and end", async () => {
  const mem = memoryRegistry([item({ name: "explore" })]);
  const results: Array<[string, number]> = [];
  const states: string[] = [];
  const failing: Runner = {
    async run(invocation) {
      return { exitCode: invocation.id === "b" ? 2 : 0, output: "", stderr: "", truncated: false };
    },
  };
  const ended = await runTasks({
    registry: mem.registry,
    ctx: mem.ctx,
    runner: failing,
    input: { agent: "explore", tasks: [task("a"), task("b")] },
    session: { cwd: "/work", settings: { maxConcurrency: 1 } },
    onResult: (r: TaskResult, index) => results.push([r.id, index]),
    onTask: (id, state) => states.push(`${id} ${state}`),
  });
  expect(ended.outcome.status).toBe("completed");
  expect(ended.signal).toBeUndefined();
  expect(results).toEqual([
    ["a", 0],
    ["b", 1],
  ]);
  expect(states).toEqual(["a running", "a done", "b running", "b failed"]);
});

test("a stop signal aborts the run, is said in the end, and its handlers are gone after", async () => {
  const mem = memoryRegistry([item({ name: "explore" })]);
  const before = process.listenerCount("SIGTERM");
  const waiting: Runner = {
    run: (_invocation, options) =>
      new Promise((resolve) => {
        process.emit("SIGTERM", "SIGTERM");
        const end = () =>
          resolve({ exitCode: null, output: "", stderr: "", truncated: false, aborted: true });
        if (options.signal?.aborted) end();
        else options.signal?.addEventListener("abort", end, { once: true });
      }),
  };
  const ended = await runTasks({
    registry: mem.registry,
    ctx: mem.ctx,
    runner: waiting,
    input: { agent: "explore", tasks: [task("a")] },
    session: { cwd: "/work" },
    onResult: () => {},
  });
  expect(ended.signal).toBe("SIGTERM");
  expect(process.listenerCount("SIGTERM")).toBe(before);
});

test("a dry-run runner stays one through the wrapper the tool sees", async () => {
  const mem = memoryRegistry([item({ name: "explore" })]);
  const data: unknown[] = [];
  const dry = { ...spyRunner({ data: { plan: "x" } }), dryRun: true };
  await runTasks({
    registry: mem.registry,
    ctx: mem.ctx,
    runner: dry,
    input: { agent: "explore", tasks: [task("a")] },
    session: { cwd: "/work" },
    onResult: (r) => data.push(r.data),
  });
  expect(data).toEqual([{ plan: "x" }]);
});
