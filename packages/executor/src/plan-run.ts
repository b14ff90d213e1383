// The decisions of `roster run` (SPEC §6, §21), made before anything runs: how the tasks run
// (a custom command, an agent host, the queue, or a dry run of either), the session the
// executor checks the call in, and the deadline. Inputs in, a plan out: nothing here starts,
// reads or prints anything; `agentHost` is the one question asked of the caller.
import { runnerCommand } from "./fixed-runner.js";
import { RunUsageError } from "./run-usage-error.js";
import { readSessionFromEnv } from "./session-env.js";
import type { Diagnostic, TaskSession, TaskSettings } from "./types.js";

/** How the tasks run: a custom command, an agent host, or no host (an error said only once the call passed the executor's checks). */
export type RunMode =
  | { kind: "runner"; command: string; args: string[] }
  | { kind: "host"; host: string }
  | { kind: "none"; error: RunUsageError };

/** The host the agent's family runs on (`--host auto`): an id; null when it has none; `agent` names it for the message. */
export type AgentHost = { host: string } | { host: null; agent: string; provider: string };

/** What {@link planRun} decides from. */
export interface PlanRunOptions {
  /** `--runner` split into words; undefined when not given. */
  runner?: readonly string[];
  /** `--host`: a host id or `auto`; undefined means `auto`. */
  host?: string;
  /** The ids `--host` takes here (every family with a host of its own). */
  hostIds: readonly string[];
  /** For `--host auto`: the host of the agent's family, else the config's `defaultHost`. */
  agentHost(): Promise<AgentHost>;
  /** The user config file, named when no host can be chosen. */
  configFile: string;
  /** `--dry-run`: plan each invocation, start nothing. */
  dryRun: boolean;
  /** `--queue URL` was given: the tasks become the queue's jobs. */
  queued: boolean;
  /** The caller's environment: `ROSTER_TASK_DEPTH`, `ROSTER_SPAWNS`, `PI_BLOCKED_AGENT`. */
  env: Record<string, string | undefined>;
  cwd: string;
  planMode: boolean;
  /** The runner settings of the config, `--max-depth` applied (`maxRecursionDepth` set). */
  settings: TaskSettings;
  /** `--timeout`, in milliseconds: the whole run's deadline. */
  timeoutMs?: number;
}

/** What a queued job carries of the session (the queue's `QueuedSession` without the model override). */
export interface CarriedSession {
  depth: number;
  spawns?: string;
  planMode: boolean;
  maxRecursionDepth: number;
  blockedAgent?: string;
  timeoutMs?: number;
}

/** The decisions of one `roster run`, before anything runs. */
export interface RunPlan {
  mode: RunMode;
  /** `--dry-run`. */
  dryRun: boolean;
  /** A dry run of a host (its commands are printed; a failed plan exits 1), not of a `--runner`. */
  hostDryRun: boolean;
  /** The tasks go to the queue (with a host: `--queue` and `--runner` are refused together). */
  queued: boolean;
  /** The host the tasks run on, named in each result; undefined for a runner or none. */
  host: string | undefined;
  /** The session the executor checks the call in. */
  session: TaskSession;
  /** What travels with every queued job of the session (set when {@link RunPlan.queued}). */
  carried?: CarriedSession;
  /** What the environment said that does not stop the run (said before it starts). */
  warnings: Diagnostic[];
  /** An environment that cannot be read (`ROSTER_TASK_DEPTH=abc`): the run is refused with it. */
  refusal?: Diagnostic;
}

/** How the tasks run, from `--runner`, `--host` and the agent's family. */
async function chooseMode(options: PlanRunOptions): Promise<RunMode> {
  if (options.runner !== undefined) {
    if (options.host !== undefined)
      throw new RunUsageError("--runner and --host cannot be used together: pick one.");
    return { kind: "runner", ...runnerCommand(options.runner) };
  }
  const wanted = options.host ?? "auto";
  const hosts = options.hostIds;
  if (wanted !== "auto" && !hosts.includes(wanted))
    throw new RunUsageError(`unknown host ${JSON.stringify(wanted)} for --host`, {
      kind: "host",
      flag: "--host",
      wanted,
      known: [...hosts, "auto"],
    });
  if (wanted !== "auto") return { kind: "host", host: wanted };
  const choice = await options.agentHost();
  if (choice.host !== null) return { kind: "host", host: choice.host };
  const error = new RunUsageError(
    `Agent "${choice.agent}" comes from ${choice.provider}, which has no agent host of its own: ` +
      `choose one with --host ${hosts.join("|")}, or set "defaultHost" in ${options.configFile}.`,
  );
  return { kind: "none", error };
}

/**
 * Plans `roster run`: the mode (a {@link RunUsageError} for flags that cannot go together or
 * an unknown host; no host for the agent is a mode whose error is raised only once the
 * executor let the call through), the session from the environment (its depth and spawn
 * policy; one that cannot be read is the plan's `refusal`) and the deadline.
 */
export async function planRun(options: PlanRunOptions): Promise<RunPlan> {
  const mode = await chooseMode(options);
  const fromEnv = readSessionFromEnv(options.env);
  const settings: TaskSettings = { ...options.settings };
  if (options.timeoutMs !== undefined) settings.timeoutMs = options.timeoutMs;
  const session: TaskSession = {
    cwd: options.cwd,
    depth: fromEnv.depth,
    planMode: options.planMode,
    settings,
  };
  if (fromEnv.spawns !== undefined) session.spawns = fromEnv.spawns;
  const queued = options.queued && mode.kind === "host";
  const plan: RunPlan = {
    mode,
    dryRun: options.dryRun,
    hostDryRun: options.dryRun && mode.kind !== "runner",
    queued,
    host: mode.kind === "host" ? mode.host : undefined,
    session,
    warnings: fromEnv.diagnostics.filter((d) => d.severity !== "error"),
  };
  const refusal = fromEnv.diagnostics.find((d) => d.severity === "error");
  if (refusal) plan.refusal = refusal;
  if (queued)
    plan.carried = {
      depth: fromEnv.depth,
      ...(fromEnv.spawns !== undefined ? { spawns: fromEnv.spawns } : {}),
      planMode: options.planMode,
      maxRecursionDepth: settings.maxRecursionDepth ?? 0,
      ...(options.env.PI_BLOCKED_AGENT ? { blockedAgent: options.env.PI_BLOCKED_AGENT } : {}),
      ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    };
  return plan;
}

/**
 * The exit code of a run: 128 + the signal's number when one stopped it; a dry run of a
 * `--runner` 0, of a host 1 when a plan failed; otherwise 1 when a task failed, else 0.
 */
export function runExitCode(
  plan: Pick<RunPlan, "dryRun" | "hostDryRun">,
  ended: { failed: boolean; signalCode?: number },
): number {
  if (ended.signalCode !== undefined) return ended.signalCode;
  if (plan.dryRun) return plan.hostDryRun && ended.failed ? 1 : 0;
  return ended.failed ? 1 : 0;
}
