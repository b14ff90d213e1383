// The run of a planned `roster run` as one call: the reaper that ends every process group and
// run folder however the process ends, the task tool, and the stop signals (the first stops
// the run, a second leaves at once). Nothing here prints: results and task states go to the
// caller's hooks.
import { createReaper } from "./reaper.js";
import { STOP_SIGNALS, type StopSignal, stopExitCode } from "./stop-signals.js";
import { createTaskTool, type TaskToolOptions } from "./task-tool.js";
import type { Runner, TaskInput, TaskOutcome, TaskResult, TaskSession } from "./types.js";

/** What {@link runTasks} runs, and the hooks it reports to. */
export interface RunTasksOptions extends Omit<TaskToolOptions, "runner" | "reaper"> {
  runner: Runner;
  input: TaskInput;
  session: TaskSession;
  /** Each task's result as it finishes (finish order), with its input index. */
  onResult(result: TaskResult, index: number): void;
  /** A task starts, or ends (`done`, or `failed`: an error or an exit code other than 0). */
  onTask?(id: string, state: "running" | "done" | "failed"): void;
}

/** How a run ended: the executor's outcome, and the stop signal that ended it early, if one did. */
export interface RunTasksEnd {
  outcome: TaskOutcome;
  signal?: StopSignal;
}

/**
 * Runs the tasks of a planned run through the task tool. Every process group and the run's
 * temp folder are known to a reaper that runs on the process's exit (a signal, a closed pipe,
 * an uncaught error, `process.exit`); a stop signal aborts the run (its result says which), a
 * second exits with 128 + its number. `--timeout` counts from the process's start.
 */
export async function runTasks(options: RunTasksOptions): Promise<RunTasksEnd> {
  const { runner, input, session, onResult, onTask, ...toolOptions } = options;
  const reaper = createReaper();
  process.on("exit", () => reaper.reapAll());
  const tracked: Runner = {
    // The wrapper is the runner the tool sees: it keeps saying whether this is a dry run.
    ...(runner.dryRun === true ? { dryRun: true } : {}),
    async run(invocation, runOptions) {
      onTask?.(invocation.id, "running");
      const result = await runner.run(invocation, runOptions);
      onTask?.(invocation.id, result.error !== undefined || result.exitCode !== 0 ? "failed" : "done");
      return result;
    },
  };
  const tool = createTaskTool({ ...toolOptions, runner: tracked, reaper });
  const controller = new AbortController();
  let caught: StopSignal | undefined;
  const onSignal = (signal: StopSignal) => {
    // A second signal: leave now (the exit handler kills and removes what is left).
    if (caught !== undefined) process.exit(stopExitCode(signal));
    caught = signal;
    controller.abort(new Error(`interrupted by ${signal}`));
  };
  const signals = Object.keys(STOP_SIGNALS) as StopSignal[];
  for (const signal of signals) process.on(signal, onSignal);
  try {
    // --timeout counts from the process's start (performance.now()'s origin): it bounds the whole run.
    const outcome = await tool.execute(input, session, {
      signal: controller.signal,
      onResult,
      keepResults: false,
      timeoutFrom: 0,
    });
    return { outcome, ...(caught !== undefined ? { signal: caught } : {}) };
  } finally {
    for (const signal of signals) process.off(signal, onSignal);
  }
}
