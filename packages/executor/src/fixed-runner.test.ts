import { reviewInvocation } from "@roster/testkit";
import { describe, expect, test } from "vitest";
import { fixedRunner, runnerCommand } from "./fixed-runner.js";
import { RunUsageError } from "./run-usage-error.js";

const invocation = reviewInvocation({ id: "task-1", agent: "rev", cwd: process.cwd() });

describe("runnerCommand", () => {
  test("the first word is the program, the rest its arguments; none is a usage error", () => {
    expect(runnerCommand(["node", "child.mjs", "--fast"])).toEqual({
      command: "node",
      args: ["child.mjs", "--fast"],
    });
    expect(() => runnerCommand([])).toThrow(RunUsageError);
    expect(() => runnerCommand([])).toThrow('--runner needs a command, like --runner "node child.mjs".');
  });
});

describe("fixedRunner", () => {
  test("neither --runner nor --dry-run: no fixed runner (each task's host)", () => {
    expect(fixedRunner({ dryRun: false })).toBeUndefined();
  });

  test("--runner starts that program for each task, and wins over --dry-run", async () => {
    const fixed = fixedRunner({
      runner: [process.execPath, "-e", "process.stdout.write('hi')"],
      dryRun: true,
    });
    expect(fixed?.by).toBe("runner");
    const result = await fixed!.runner.run(invocation, { depth: 1, env: {} });
    expect(result.exitCode).toBe(0);
    expect(() => fixedRunner({ runner: [], dryRun: false })).toThrow(RunUsageError);
  });

  test("--dry-run alone: the dry-run runner, which starts nothing", async () => {
    const fixed = fixedRunner({ dryRun: true });
    expect(fixed?.by).toBe("dry-run");
    expect((await fixed!.runner.run(invocation, { depth: 1, env: {} })).exitCode).toBe(0);
  });
});
