import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDryRunRunner } from "./dry-run-runner.js";
import type { RunPlan } from "./plan-run.js";
import { createProcessRunner } from "./process-runner.js";
import type { Runner, RunResult, TaskInvocation } from "./types.js";

/** A host's runner as `roster run` uses it: it runs an invocation, or only plans its command. */
export interface PlanningRunner extends Runner {
  plan(invocation: TaskInvocation, options: { depth: number; runDir: string }): unknown;
}

/** What {@link createRunRunner} builds the run's runner from. */
export interface RunRunnerOptions {
  plan: Pick<RunPlan, "mode" | "dryRun" | "queued">;
  /** The host's runner (a host mode that is not queued). */
  hostRunner?: PlanningRunner;
  /** The queue's runner (a queued run). */
  queueRunner?: Runner;
  /** Why the host cannot run here (its program is not found), when that is so. */
  missingHost?: string;
}

/** The run's runner, and the problem found before the run that it raised, if any. */
export interface RunRunner {
  runner: Runner;
  /** The error to raise for the run once it ended (each task failed with its message). */
  deferred(): Error | undefined;
}

/**
 * The runner of a planned run: the queue's, a `--runner` command (or its dry run), a host's
 * (or its plan, for a dry run). A problem found before the run (no host for the agent, a host
 * not installed, Redis out of reach) fails each task and is kept, to be raised only when the
 * executor lets the call through, so its refusals (unknown, disabled, spawn policy) keep
 * precedence.
 */
export function createRunRunner(options: RunRunnerOptions): RunRunner {
  const { mode, dryRun } = options.plan;
  let deferred: Error | undefined;
  const failed = (error: Error): RunResult => ({
    exitCode: null,
    output: "",
    stderr: "",
    truncated: false,
    error: error.message,
  });
  const failing = (error: Error): Runner => ({
    async run() {
      deferred = error;
      return failed(error);
    },
  });
  const runner = (): Runner => {
    if (mode.kind === "none") return failing(mode.error);
    if (options.plan.queued) {
      const queueRunner = need(options.queueRunner, "queueRunner");
      // Redis out of reach, a repository that cannot be resolved: one line for the whole run.
      return {
        async run(invocation, runOptions) {
          try {
            return await queueRunner.run(invocation, runOptions);
          } catch (error) {
            deferred ??= error as Error;
            return failed(error as Error);
          }
        },
      };
    }
    if (mode.kind === "runner")
      return dryRun ? createDryRunRunner() : createProcessRunner({ command: mode.command, args: mode.args });
    const hostRunner = need(options.hostRunner, "hostRunner");
    if (dryRun)
      // Starts nothing: the plan of each invocation is the task's data (a dry run's data is not
      // held to the output schema).
      return {
        dryRun: true,
        async run(invocation, runOptions) {
          const runDir = join(tmpdir(), `roster-run-${invocation.id}`);
          const data = hostRunner.plan(invocation, { depth: runOptions.depth, runDir });
          return { exitCode: 0, output: "", stderr: "", truncated: false, data };
        },
      };
    return options.missingHost !== undefined ? failing(new Error(options.missingHost)) : hostRunner;
  };
  return { runner: runner(), deferred: () => deferred };
}

/** A part the plan's mode needs, or a misuse error naming it. */
function need<T>(part: T | undefined, name: string): T {
  if (part === undefined) throw new Error(`createRunRunner: this plan's mode needs options.${name}`);
  return part;
}
