// `roster run … --queue URL`: the run's tasks become jobs on the fleet's queue. The executor
// still checks the call here (refusals answer at once, nothing is queued) and prints each
// result as a local run would; its runner queues one job per task and hands back the
// worker's answer, once per task.
import { hostname, userInfo } from "node:os";
import { type AgentDefinition, getAgent } from "@roster/core";
import type { Runner, RunResult, TaskItem } from "@roster/executor";
import {
  GitError,
  hostOfJobId,
  type JobOutcome,
  jobIdOf,
  localRepository,
  newRunId,
  openSubmitter,
  parseRedisUrl,
  type QueuedAgent,
  type QueuedJob,
  type QueuedRepo,
  type QueuedSession,
  QueueUrlError,
  type RedisTarget,
  repoLabel,
  resolveRepoSpec,
  type Submitter,
} from "@roster/queue";
import type { App } from "./context.js";
import { FindingError, UsageError } from "./errors.js";
import type { NameLookup } from "./find-stored-agent.js";
import { line } from "./output.js";

/** A queued task's result: the runner's fields and the job's own (kept in `--json` results). */
type QueuedRunResult = RunResult & { jobId: string; worker?: string; notes?: string[] };

/** The queue flags of `roster run`. */
export interface QueueRunFlags {
  queue?: string;
  detach?: boolean;
  repo?: string[];
}

/** A checked queue URL, or a usage error saying what a queue URL looks like. */
export function queueTarget(url: string): RedisTarget {
  try {
    return parseRedisUrl(url);
  } catch (error) {
    if (error instanceof QueueUrlError) throw new UsageError(error.message);
    throw error;
  }
}

/** Refuses queue flags used without `--queue`, and flags a queued run cannot take. */
export function checkQueueFlags(flags: QueueRunFlags & { runner?: string; dryRun?: boolean }): void {
  if (flags.queue === undefined) {
    if (flags.detach)
      throw new UsageError("--detach needs --queue URL: only a queued run can return before its results.");
    if ((flags.repo ?? []).length > 0)
      throw new UsageError(
        "--repo needs --queue URL: the repositories are checked out by the queue's workers.",
      );
    return;
  }
  if (flags.runner !== undefined)
    throw new UsageError(
      "--runner and --queue cannot be used together: a queued task runs on a worker's host.",
    );
  if (flags.dryRun)
    throw new UsageError("--dry-run and --queue cannot be used together: drop --queue to see the commands.");
}

/** Where the tasks run: the submitter's own repository, or each `--repo`. */
interface Location {
  /** `@alpha` after the task id, or "" for the submitter's own repository. */
  suffix: string;
  resolve(): Promise<QueuedRepo>;
}

/** What the run needs from `run`'s own decisions. */
export interface QueueRunOptions {
  flags: QueueRunFlags & { provider?: string; quiet?: boolean };
  agent: string;
  host: string;
  lookup: NameLookup;
  /** The call's output schema (`--schema`), as JSON text. */
  schema?: string;
  /** The session the executor checks the call in: it travels with every job. */
  session: Omit<QueuedSession, "modelOverride">;
}

/** A queued run: its tasks (one per task and repository) and the runner that queues them. */
export interface QueueRun {
  target: RedisTarget;
  /** The run's tasks: with `--repo`, one per task and repository (`task-1@alpha`). */
  expand(tasks: TaskItem[]): TaskItem[];
  runner: Runner;
  /** The job id of each task that was queued. */
  readonly jobIds: ReadonlyMap<string, string>;
  /** Closes the connections (the jobs stay queued). */
  close(): Promise<void>;
}

/** Memoises an async step: every caller shares the one answer (or failure). */
function once<T>(step: () => Promise<T>): () => Promise<T> {
  let answer: Promise<T> | undefined;
  return () => {
    answer ??= step();
    return answer;
  };
}

/** The agent definition a job carries: what a run uses, nothing of the file's other keys. */
function queuedAgent(agent: AgentDefinition): QueuedAgent {
  const { name, description, systemPrompt, source, provider } = agent;
  const queued: QueuedAgent = { name, description, systemPrompt, source, provider };
  if (agent.tools) queued.tools = [...agent.tools];
  if (agent.spawns !== undefined) queued.spawns = agent.spawns === "*" ? "*" : [...agent.spawns];
  if (agent.model) queued.model = [...agent.model];
  if (agent.thinkingLevel) queued.thinkingLevel = agent.thinkingLevel;
  if (agent.output !== undefined) queued.output = agent.output;
  if (agent.filePath !== undefined) queued.filePath = agent.filePath;
  if (agent.disallowedTools) queued.disallowedTools = [...agent.disallowedTools];
  if (agent.permissionMode !== undefined) queued.permissionMode = agent.permissionMode;
  if (agent.toolsAsWritten) queued.toolsAsWritten = [...agent.toolsAsWritten];
  if (agent.maxTurns !== undefined) queued.maxTurns = agent.maxTurns;
  return queued;
}

/**
 * Prepares `run --queue`: nothing connects until the executor lets the first task through,
 * then Redis is checked once (an unreachable one fails every task with one line naming the
 * URL), the repositories are resolved once each, and every task becomes one job.
 */
export function prepareQueueRun(app: App, options: QueueRunOptions): QueueRun {
  const { flags, host } = options;
  const target = queueTarget(flags.queue!);
  const o = app.output;
  const quiet = flags.quiet === true || o.json;
  const run = newRunId();
  const jobIds = new Map<string, string>();
  let n = 0;

  // The repositories, each resolved once, when its first task is queued.
  const specs = flags.repo ?? [];
  const locations: Location[] =
    specs.length === 0
      ? [
          {
            suffix: "",
            resolve: once(async () => {
              const local = await localRepository(app.ctx.cwd, app.env).catch((error: unknown) => {
                throw new FindingError(
                  `run --queue runs each task in a checkout of a repository: ${(error as Error).message}; ` +
                    "run it from a pushed git repository, or name one with --repo URL[#REF]",
                );
              });
              const short = local.repo.commit.slice(0, 12);
              if (!quiet && local.dirty)
                o.err(
                  line`roster: note: workers run commit ${short} of ${local.remote}; changes not committed here are not in it`,
                );
              if (!quiet && local.unpushed)
                o.err(
                  line`roster: note: no branch of ${local.remote} holds commit ${short} (as this clone knows): push it, or workers cannot fetch it`,
                );
              return local.repo;
            }),
          },
        ]
      : uniqueLabels(specs).map(({ spec, label }) => ({
          suffix: `@${label}`,
          resolve: once(() =>
            resolveRepoSpec(spec, { cwd: app.ctx.cwd, env: app.env }).catch((error: unknown) => {
              throw error instanceof GitError ? new FindingError(`--repo ${spec}: ${error.message}`) : error;
            }),
          ),
        }));
  const locationOf = new Map<string, Location>();

  const submitter = once(async (): Promise<Submitter> => {
    const opened = await openSubmitter(target);
    await opened.listen([host]);
    if (!quiet && !flags.detach && (await opened.workersOn(host)) === 0)
      o.err(
        line`roster: note: no worker takes ${host} jobs from ${target.shown} now; the jobs wait for one (roster worker --queue URL)`,
      );
    return opened;
  });
  const definition = once(async (): Promise<AgentDefinition> => {
    const found =
      flags.provider === undefined
        ? ((await options.lookup.agent(options.agent)) ??
          getAgent(await options.lookup.whole(), options.agent))
        : getAgent(await options.lookup.whole(), options.agent, { provider: flags.provider });
    // The executor has found it before any task runs: this cannot miss.
    if (!found) throw new Error(`agent "${options.agent}" vanished between the check and the queue`);
    return found;
  });

  const runner: Runner = {
    async run(invocation, runOptions): Promise<QueuedRunResult> {
      const location = locationOf.get(invocation.id) ?? locations[0]!;
      // Redis, the agent and every repository are settled before the first job is queued: a
      // run that cannot queue all its jobs queues none.
      const [queue, agent] = await Promise.all([
        submitter(),
        definition(),
        Promise.all(locations.map((l) => l.resolve())),
      ]);
      const repo = await location.resolve();
      const override = app.loaded.config.agentModelOverrides?.[agent.name];
      const session: QueuedSession = { ...options.session };
      if (override !== undefined)
        session.modelOverride = typeof override === "string" ? override : [...override];
      const job: QueuedJob = {
        v: 1,
        taskId: invocation.id,
        host,
        agent: queuedAgent(agent),
        // The prompt as the executor built it: the context, a blank line, the assignment.
        prompt: invocation.prompt,
        ...(options.schema !== undefined ? { schema: options.schema } : {}),
        session,
        repo,
        submittedBy: `${safeUser()}@${hostname()}`.slice(0, 256),
      };
      const jobId = jobIdOf(host, run, ++n);
      jobIds.set(invocation.id, jobId);
      const none = { exitCode: null, output: "", stderr: "", truncated: false };
      if (flags.detach) {
        await queue.submit(jobId, job);
        return { ...none, exitCode: 0, jobId };
      }
      const outcome = queue.outcome(jobId, host);
      await queue.submit(jobId, job);
      const stopped = new Promise<"stopped">((resolve) => {
        if (runOptions.signal?.aborted) resolve("stopped");
        runOptions.signal?.addEventListener("abort", () => resolve("stopped"), { once: true });
      });
      const answer = await Promise.race([outcome, stopped]);
      if (answer === "stopped")
        return {
          ...none,
          aborted: true,
          error: `stopped waiting; the job goes on: roster queue wait ${jobId} --queue ${target.shown}`,
          jobId,
        };
      return resultOf(answer);
    },
  };

  return {
    target,
    jobIds,
    runner,
    expand(tasks) {
      const out: TaskItem[] = [];
      for (const task of tasks)
        for (const location of locations) {
          const item = { ...task, id: `${task.id}${location.suffix}` };
          locationOf.set(item.id, location);
          out.push(item);
        }
      return out;
    },
    async close() {
      const opened = await submitter().catch(() => undefined);
      await opened?.close();
    },
  };
}

/** The current user's name, when the system knows one. */
function safeUser(): string {
  try {
    return userInfo().username || "someone";
  } catch {
    return "someone";
  }
}

/** `--repo` specs with a label each, made unique (`alpha`, `alpha-2`). */
function uniqueLabels(specs: readonly string[]): Array<{ spec: string; label: string }> {
  const seen = new Map<string, number>();
  return specs.map((spec) => {
    const hash = spec.lastIndexOf("#");
    const base = repoLabel(hash >= 0 ? spec.slice(0, hash) : spec);
    const k = (seen.get(base) ?? 0) + 1;
    seen.set(base, k);
    return { spec, label: k === 1 ? base : `${base}-${k}` };
  });
}

/**
 * A job's outcome as a runner's result (the executor checks it again, schema included): the
 * job's id, the worker's name and its notes ride along (printed with the header, kept in `--json`).
 */
export function resultOf(outcome: JobOutcome): QueuedRunResult {
  const base = { exitCode: null, output: "", stderr: "", truncated: false, jobId: outcome.jobId };
  if (outcome.state === "gone") return { ...base, error: outcome.reason };
  if (outcome.state === "failed")
    return {
      ...base,
      error: `the worker could not run it: ${outcome.reason}`,
      ...(outcome.worker ? { worker: outcome.worker } : {}),
    };
  const { id: _id, agent: _agent, source: _source, durationMs: _duration, ...result } = outcome.result;
  return {
    ...result,
    jobId: outcome.jobId,
    worker: outcome.worker,
    ...(outcome.notes.length > 0 ? { notes: outcome.notes } : {}),
  };
}

/** The host (queue) of each job id, or a usage error naming the first id that is not roster's. */
export function hostsOfJobIds(ids: readonly string[]): Map<string, string> {
  const hosts = new Map<string, string>();
  for (const id of ids) {
    const host = hostOfJobId(id);
    if (host === undefined)
      throw new UsageError(
        `"${id.slice(0, 80)}" is not a roster job id (they read like claude.3f9a0c12e4.1).`,
      );
    hosts.set(id, host);
  }
  return hosts;
}
