import { expect, test } from "vitest";
import type { RunPlan } from "./plan-run.js";
import { createRunRunner, type PlanningRunner } from "./run-runner.js";
import { RunUsageError } from "./run-usage-error.js";
import type { RunOptions, TaskInvocation } from "./types.js";

const invocation = { id: "task-1", agent: "a", prompt: "p" } as TaskInvocation;
const runOptions = { depth: 1 } as RunOptions;
const host = (mode: RunPlan["mode"], over: Partial<RunPlan> = {}) => ({
  mode,
  dryRun: false,
  queued: false,
  ...over,
});

/** A host runner that says which of its parts ran. */
const hostRunner: PlanningRunner = {
  async run() {
    return { exitCode: 0, output: "ran", stderr: "", truncated: false };
  },
  plan: (i, o) => ({ planned: i.id, depth: o.depth }),
};

test("a host's runner runs; its dry run plans each invocation and starts nothing", async () => {
  const live = createRunRunner({ plan: host({ kind: "host", host: "alpha" }), hostRunner });
  expect((await live.runner.run(invocation, runOptions)).output).toBe("ran");
  const dry = createRunRunner({ plan: host({ kind: "host", host: "alpha" }, { dryRun: true }), hostRunner });
  expect(dry.runner.dryRun).toBe(true);
  expect((await dry.runner.run(invocation, runOptions)).data).toEqual({ planned: "task-1", depth: 1 });
});

test("no host and a missing host fail each task and are kept until the run ends", async () => {
  const error = new RunUsageError("no host");
  const none = createRunRunner({ plan: host({ kind: "none", error }) });
  expect(none.deferred()).toBeUndefined();
  expect((await none.runner.run(invocation, runOptions)).error).toBe("no host");
  expect(none.deferred()).toBe(error);
  const missing = createRunRunner({
    plan: host({ kind: "host", host: "alpha" }),
    hostRunner,
    missingHost: "alpha is not installed",
  });
  expect((await missing.runner.run(invocation, runOptions)).error).toBe("alpha is not installed");
  expect(missing.deferred()?.message).toBe("alpha is not installed");
});

test("a queue runner that throws fails the task; the first error is the one kept", async () => {
  let n = 0;
  const queueRunner = {
    async run(): Promise<never> {
      throw new Error(`redis down ${++n}`);
    },
  };
  const queued = createRunRunner({
    plan: host({ kind: "host", host: "alpha" }, { queued: true }),
    queueRunner,
  });
  expect((await queued.runner.run(invocation, runOptions)).error).toBe("redis down 1");
  await queued.runner.run(invocation, runOptions);
  expect(queued.deferred()?.message).toBe("redis down 1");
});

test("a mode without the runner it needs is a misuse error naming it", () => {
  expect(() => createRunRunner({ plan: host({ kind: "host", host: "alpha" }) })).toThrow(
    /options\.hostRunner/,
  );
});
