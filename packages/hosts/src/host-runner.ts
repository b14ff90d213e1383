import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import {
  type ChildOutcome,
  deadlineOf,
  layerEnv,
  type Runner,
  type RunOptions,
  type RunResult,
  reasonText,
  runChild,
  type TaskInvocation,
} from "@roster/executor";
import type { ToolTable } from "@roster/family";
import {
  checkHostReady,
  type HostReadiness,
  notLoggedInMessage,
  STATUS_TIMEOUT_MS,
  saysNotLoggedIn,
} from "./check-host-ready.js";
import { dropNullOptionals } from "./jtd-to-json-schema.js";
import { jsonAnswer, MAX_ARG_BYTES } from "./plan-common.js";
import type { HostCommand, HostConfig, HostDefinition, HostId, RunnableFamily } from "./types.js";

/** Options of {@link createHostRunner}. */
export interface HostRunnerOptions {
  /** The family whose host runs the tasks (`claudeFamily`): its host, in its vocabulary. */
  family: RunnableFamily;
  /** The app's tool table (its family set's `tools`): what the agents' tool names stand for. */
  tools: ToolTable;
  /** Replaces the host's program (`hosts.<id>.command` of the user config). */
  command?: string;
  /** Put before the arguments roster adds (`hosts.<id>.args`). */
  args?: readonly string[];
  /** Extra environment laid over the parent's. */
  env?: Record<string, string | undefined>;
  /**
   * Whether the user trusted the project (`roster trust`); default false. Untrusted, no
   * permission a project file raises reaches the host, and the host is told not to load the
   * project's own settings, hooks and plugins where it can be told (see the README).
   */
  trustProject?: boolean;
  /** Called with each of a plan's `trustNotes` as a task starts (the CLI prints them on stderr). */
  onTrustNote?: (note: string, invocation: TaskInvocation) => void;
  /** Where each run's temporary folder is made; default `os.tmpdir()`. */
  tmpDir?: string;
}

/** A runner for one host, which can also say what it would start. */
export interface HostRunner extends Runner {
  readonly host: HostId;
  /** The exact command for one invocation (files named inside `runDir`), for `--dry-run`. */
  plan(invocation: TaskInvocation, options: { depth: number; runDir: string }): HostCommand;
}

function hostConfig(options: HostRunnerOptions): HostConfig {
  const config: HostConfig = {};
  if (options.command !== undefined) config.command = options.command;
  if (options.args !== undefined) config.args = options.args;
  return config;
}

/** Thrown by `plan` when the host command would break roster's own limits (an argv element over 100 KB). */
export class HostPlanError extends Error {
  override readonly name = "HostPlanError";
}

/**
 * Plans one invocation on a host: pure, no file is written. Every argv element stays under
 * 100 KB: long texts travel on stdin or in files of `runDir`.
 */
export function planHostCommand(
  family: RunnableFamily,
  invocation: TaskInvocation,
  options: { depth: number; runDir: string; tools: ToolTable; trustProject?: boolean; config?: HostConfig },
): HostCommand {
  const plan = family.host.plan(invocation, {
    vocabulary: family.vocabulary,
    tools: options.tools,
    depth: options.depth,
    tmpDir: options.runDir,
    trustProject: options.trustProject === true,
    ...(options.config ? { host: options.config } : {}),
  });
  const long = plan.args.find((a) => Buffer.byteLength(a) > MAX_ARG_BYTES);
  if (long !== undefined)
    throw new HostPlanError(
      `an argument for ${family.host.displayName} is over 100 KB (${long.slice(0, 40)}…)`,
    );
  return plan;
}

/**
 * How long the preflight's status command may take within a run's timeout: a quarter of what
 * is left of it (at most {@link STATUS_TIMEOUT_MS}), so a status command that hangs leaves the
 * task most of the budget; the timeout bounds the whole run, preflight included.
 */
export function statusBudget(run: Pick<RunOptions, "timeoutMs" | "deadline">): { timeoutMs?: number } {
  const end = deadlineOf(run, performance.now());
  if (end === undefined) return {};
  const left = end - performance.now();
  return { timeoutMs: Math.max(1, Math.min(STATUS_TIMEOUT_MS, Math.floor(left / 4))) };
}

/**
 * A runner that runs each invocation on one agent host's own CLI, non-interactively, and
 * turns the host's output back into a result (answer, structured data validated against the
 * JTD schema, session id, cost).
 *
 * @example
 * const runner = createHostRunner({ family: claudeFamily, tools: families.tools });
 * const tool = createTaskTool({ registry, ctx, runner, env: process.env });
 */
export function createHostRunner(options: HostRunnerOptions): HostRunner {
  const def = options.family.host;
  const config = hostConfig(options);
  const trustProject = options.trustProject === true;
  // Preflight once per runner (one `roster run`, one MCP call): every task waits on one check.
  let readiness: Promise<HostReadiness> | undefined;
  return {
    host: def.id,
    plan(invocation, { depth, runDir }) {
      return planHostCommand(options.family, invocation, {
        depth,
        runDir,
        tools: options.tools,
        trustProject,
        config,
      });
    },
    async run(invocation, run): Promise<RunResult> {
      const none: RunResult = { exitCode: null, output: "", stderr: "", truncated: false };
      if (run.signal?.aborted)
        return { ...none, aborted: true, error: `aborted before start: ${reasonText(run.signal)}` };
      const env = layerEnv(run.env, options.env);
      readiness ??= checkHostReady(def, {
        config,
        env,
        cwd: invocation.cwd,
        ...(run.signal ? { signal: run.signal } : {}),
        ...(run.reaper ? { reaper: run.reaper } : {}),
        ...statusBudget(run),
      });
      const ready = await readiness;
      if (!ready.ready) return { ...none, error: ready.message, code: ready.code };
      // The program is started by the absolute path the preflight found, never looked up again by name.
      const program = ready.path;
      if (run.signal?.aborted)
        return { ...none, aborted: true, error: `aborted before start: ${reasonText(run.signal)}` };
      // The task's own folder from the task tool when there is one (removed by the tool), else our own.
      let runDir: string;
      const own = run.taskDir === undefined;
      try {
        runDir = run.taskDir ?? mkdtempSync(join(options.tmpDir ?? tmpdir(), "roster-run-"));
      } catch (error) {
        return { ...none, error: `could not create the run folder: ${(error as Error).message}` };
      }
      try {
        let plan: HostCommand;
        try {
          plan = planHostCommand(options.family, invocation, {
            depth: run.depth,
            runDir,
            tools: options.tools,
            trustProject,
            config,
          });
          for (const file of plan.files) {
            mkdirSync(dirname(file.path), { recursive: true });
            writeFileSync(file.path, file.content, { mode: 0o600 });
          }
        } catch (error) {
          return { ...none, error: (error as Error).message };
        }
        for (const note of plan.trustNotes) options.onTrustNote?.(note, invocation);
        const child = await runChild(
          {
            command: program,
            args: plan.args,
            cwd: invocation.cwd,
            env: layerEnv(env, plan.env),
            stdin: plan.stdin,
          },
          run,
        );
        return finishResult(invocation, child, def);
      } finally {
        if (own) rmSync(runDir, { recursive: true, force: true });
      }
    },
  };
}

function finishResult(invocation: TaskInvocation, child: ChildOutcome, host: HostDefinition): RunResult {
  const name = host.displayName;
  const parsed = host.parse({
    stdout: child.stdout.text,
    stderr: child.stderr.text,
    exitCode: child.exitCode,
  });
  const errors: string[] = [];
  if (child.spawnError) errors.push(child.spawnError);
  if (child.abortReason) errors.push(child.abortReason);
  else if (child.signal) errors.push(`${name} was killed by ${child.signal}`);
  else if (child.exitCode !== null && child.exitCode !== 0)
    errors.push(`${name} exited with code ${child.exitCode}${parsed.error ? `: ${parsed.error}` : ""}`);
  else if (parsed.error) errors.push(`${name}: ${parsed.error}`);

  // A host that is not logged in ran nothing: its own words become roster's one line, with
  // no answer, session or cost to show.
  const failedText = [parsed.error, parsed.output, child.stderr.text].filter(Boolean).join("\n");
  if (errors.length > 0 && !child.abortReason && saysNotLoggedIn(host, failedText)) {
    return {
      exitCode: child.exitCode,
      output: "",
      stderr: child.stderr.text,
      truncated: child.stdout.truncated || child.stderr.truncated,
      error: notLoggedInMessage(host),
      code: "host/not-logged-in",
    };
  }

  const schema = invocation.outputSchema;
  let data = parsed.data;
  if (schema !== null && schema !== undefined) {
    if (data === undefined && !errors.length) data = jsonAnswer(parsed.output);
    // The task tool validates every runner's data against the JTD schema.
    if (data !== undefined) data = dropNullOptionals(schema, data);
    else if (!errors.length)
      errors.push(`${name} gave no structured result, though the task has an output schema`);
  }
  const result: RunResult = {
    exitCode: child.exitCode,
    output: parsed.output || (errors.length ? "" : child.stdout.text),
    stderr: child.stderr.text,
    truncated: child.stdout.truncated || child.stderr.truncated,
  };
  if (data !== undefined) result.data = data;
  if (errors.length) result.error = errors.join("; ");
  if (child.abortReason) result.aborted = true;
  if (parsed.sessionId) result.sessionId = parsed.sessionId;
  if (parsed.cost) result.cost = parsed.cost;
  return result;
}
