import type { AgentDefinition, AgentDiscovery } from "@roster/core";
import { createRegistry } from "@roster/core";
import {
  createTaskTool,
  type Reaper,
  type RefusalCode,
  type Runner,
  type TaskResult,
  type TaskSession,
} from "@roster/executor";
import { capInvocation } from "./ceiling.js";
import type { PermissionCeiling, QueuedJob } from "./types.js";

/** What a worker's own settings allow a job, whatever the job asks. */
export interface WorkerLimits {
  /** The permission modes a queued definition may reach (default `default`). */
  ceiling: PermissionCeiling;
  /** The worker's `maxRecursionDepth` (-1: none): a job's own is lowered to it. */
  maxRecursionDepth?: number;
  /** The longest a job may run; a job asking for longer (or for no limit) gets this. */
  timeoutMs?: number;
  /** Agents this worker refuses to run (its config's `disabledAgents`). */
  disabledAgents?: readonly string[];
}

/** Options of {@link runQueuedJob}. */
export interface RunQueuedJobOptions {
  job: QueuedJob;
  /** The job's checkout: where the host runs. */
  cwd: string;
  /** The runner of the job's host on this machine (a host runner). */
  runner: Runner;
  limits: WorkerLimits;
  /** The worker's environment, handed to the host (output caps `PI_TASK_MAX_OUTPUT_*` are read here). */
  env: Record<string, string | undefined>;
  home: string;
  reaper: Reaper;
  signal?: AbortSignal;
  /** Where the run's temporary folder is made. */
  tmpDir?: string;
  /** Called with each thing held back from the job (a lowered permission mode). */
  onNote?: (note: string) => void;
}

/** A job's outcome: its result, or the refusal of the worker's executor (nothing ran). */
export type QueuedRunOutcome =
  | { status: "completed"; result: TaskResult }
  | { status: "refused"; code: RefusalCode; message: string };

/** Two depth limits as one: the stricter (a negative limit is none). */
function stricterDepth(a: number, b: number | undefined): number {
  if (b === undefined || b < 0) return a;
  if (a < 0) return b;
  return Math.min(a, b);
}

/** A discovery of one agent, for the executor's refusals. */
function discoveryOf(agent: AgentDefinition): AgentDiscovery {
  return {
    agents: [agent],
    shadowed: [],
    copies: [],
    diagnostics: [],
    projectAgentsDir: null,
    fingerprint: `queued:${agent.name}`,
    searched: [],
    files: [],
  };
}

/**
 * Runs one queued job on this machine with the executor, as `roster run` would have run it on
 * the submitter's: the job's definition, prompt and guardrail state (depth, spawn policy, plan
 * mode, blocked agent) go through the same checks and the same effective-agent rules, under
 * the worker's own limits — its ceiling caps the permission mode, its depth limit, timeout and
 * output caps (from `env`) win when lower, its disabled agents are refused.
 */
export async function runQueuedJob(options: RunQueuedJobOptions): Promise<QueuedRunOutcome> {
  const { job, limits } = options;
  const agent = Object.freeze({ ...job.agent }) as AgentDefinition;
  const ceiling: Runner = {
    async run(invocation, run) {
      const capped = capInvocation(invocation, limits.ceiling);
      if (capped.note !== undefined) options.onNote?.(capped.note);
      return options.runner.run(capped.invocation, run);
    },
  };
  // The job's blocked agent, not the worker's own: the guardrail of the session that queued it.
  const env: Record<string, string | undefined> = {
    ...options.env,
    PI_BLOCKED_AGENT: job.session.blockedAgent,
  };
  if (job.session.blockedAgent === undefined) delete env.PI_BLOCKED_AGENT;
  const tool = createTaskTool({
    registry: createRegistry(),
    ctx: { cwd: options.cwd, home: options.home, env },
    runner: ceiling,
    env,
    reaper: options.reaper,
    findAgent: async (name) => (name === agent.name ? agent : undefined),
    discover: async () => discoveryOf(agent),
    ...(options.tmpDir !== undefined ? { tmpDir: options.tmpDir } : {}),
  });
  const timeouts = [job.session.timeoutMs, limits.timeoutMs].filter((t): t is number => t !== undefined);
  const session: TaskSession = {
    cwd: options.cwd,
    depth: job.session.depth,
    // A "plan" ceiling runs every job in plan mode, prompt and read-only tools included.
    planMode: job.session.planMode || limits.ceiling === "plan",
    settings: {
      maxRecursionDepth: stricterDepth(job.session.maxRecursionDepth, limits.maxRecursionDepth),
      maxConcurrency: 1,
      ...(limits.disabledAgents ? { disabledAgents: limits.disabledAgents } : {}),
      ...(job.session.modelOverride !== undefined
        ? { agentModelOverrides: { [agent.name]: job.session.modelOverride } }
        : {}),
      ...(timeouts.length > 0 ? { timeoutMs: Math.min(...timeouts) } : {}),
    },
  };
  if (job.session.spawns !== undefined) session.spawns = job.session.spawns;
  const outcome = await tool.execute(
    {
      agent: agent.name,
      tasks: [{ id: job.taskId, assignment: job.prompt }],
      ...(job.schema !== undefined ? { schema: job.schema } : {}),
    },
    session,
    options.signal ? { signal: options.signal } : {},
  );
  if (outcome.status === "refused")
    return { status: "refused", code: outcome.code, message: outcome.message };
  return { status: "completed", result: outcome.results[0]! };
}
