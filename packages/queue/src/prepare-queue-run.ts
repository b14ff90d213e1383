// `roster run … --queue URL`: the run's tasks become jobs on the fleet's queue. The executor
// still checks the call (refusals answer at once, nothing is queued) and its caller prints
// each result as a local run's; the runner here queues one job per task and hands back the
// worker's answer, once per task.
import { hostname, userInfo } from "node:os";
import type { AgentDefinition } from "@roster/core";
import type { Runner, TaskInput, TaskItem, TaskSession } from "@roster/executor";
import { localRepository, repoLabel, resolveRepoSpec } from "./checkout.js";
import type { RedisTarget } from "./connection.js";
import { QueueRunError } from "./errors.js";
import { GitError } from "./git.js";
import { jobIdOf, newRunId } from "./names.js";
import { type QueuedRunResult, resultOf } from "./result-of.js";
import { openSubmitter, type Submitter } from "./submit.js";
import type { QueuedAgent, QueuedJob, QueuedRepo, QueuedSession } from "./types.js";

/** What a queued run needs from `run`'s own decisions. */
export interface PrepareQueueRunOptions {
  target: RedisTarget;
  /** The host whose queue takes the jobs. */
  host: string;
  /** The agent's name, as asked (for the message when it cannot be found). */
  agent: string;
  /** The agent's definition as the run resolved it; asked once, when the first task is queued. */
  findAgent(): Promise<AgentDefinition | undefined>;
  /** `--repo URL[#REF]` specs; none: the submitter's own repository at its commit. */
  repos: readonly string[];
  /** `--detach`: each task answers with its job id once queued. */
  detach: boolean;
  /** No notes (a dirty checkout, an unpushed commit, no worker now). */
  quiet: boolean;
  cwd: string;
  env: Record<string, string | undefined>;
  /** `agentModelOverrides` of the submitter's config: the agent's entry travels with its jobs. */
  modelOverrides?: Readonly<Record<string, string | readonly string[]>>;
  /** The call's output schema (`--schema`), as JSON text. */
  schema?: string;
  /** The session the executor checks the call in: it travels with every job. */
  session: Omit<QueuedSession, "modelOverride">;
  /** A note for the user, one sentence (the caller prints it). */
  onNote(text: string): void;
}

/** A queued run: its tasks (one per task and repository) and the runner that queues them. */
export interface QueueRun {
  target: RedisTarget;
  /**
   * Makes the run's tasks its jobs: with `--repo`, one per task and repository
   * (`task-1@alpha`), all queued at once (the session runs them all together: the fleet
   * decides how many run).
   */
  expand(input: Pick<TaskInput, "tasks">, session: Pick<TaskSession, "settings">): void;
  runner: Runner;
  /** The job id of each task that was queued. */
  readonly jobIds: ReadonlyMap<string, string>;
  /** Closes the connections (the jobs stay queued). */
  close(): Promise<void>;
}

/** Where the tasks run: the submitter's own repository, or each `--repo`. */
interface Location {
  /** `@alpha` after the task id, or "" for the submitter's own repository. */
  suffix: string;
  resolve(): Promise<QueuedRepo>;
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
export function queuedAgent(agent: AgentDefinition): QueuedAgent {
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

/** `--repo` specs with a label each, made unique (`alpha`, `alpha-2`). */
export function uniqueRepoLabels(specs: readonly string[]): Array<{ spec: string; label: string }> {
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
 * Prepares `run --queue`: nothing connects until the executor lets the first task through,
 * then Redis is checked once (an unreachable one fails every task with one line naming the
 * URL), the repositories are resolved once each, and every task becomes one job.
 */
export function prepareQueueRun(options: PrepareQueueRunOptions): QueueRun {
  const { target, host, quiet } = options;
  const run = newRunId();
  const jobIds = new Map<string, string>();
  let n = 0;

  // The repositories, each resolved once, when its first task is queued.
  const locations: Location[] =
    options.repos.length === 0
      ? [
          {
            suffix: "",
            resolve: once(async () => {
              const local = await localRepository(options.cwd, options.env).catch((error: unknown) => {
                throw new QueueRunError(
                  `run --queue runs each task in a checkout of a repository: ${(error as Error).message}; ` +
                    "run it from a pushed git repository, or name one with --repo URL[#REF]",
                );
              });
              const short = local.repo.commit.slice(0, 12);
              if (!quiet && local.dirty)
                options.onNote(
                  `workers run commit ${short} of ${local.remote}; changes not committed here are not in it`,
                );
              if (!quiet && local.unpushed)
                options.onNote(
                  `no branch of ${local.remote} holds commit ${short} (as this clone knows): push it, or workers cannot fetch it`,
                );
              return local.repo;
            }),
          },
        ]
      : uniqueRepoLabels(options.repos).map(({ spec, label }) => ({
          suffix: `@${label}`,
          resolve: once(() =>
            resolveRepoSpec(spec, { cwd: options.cwd, env: options.env }).catch((error: unknown) => {
              throw error instanceof GitError ? new QueueRunError(`--repo ${spec}: ${error.message}`) : error;
            }),
          ),
        }));
  const locationOf = new Map<string, Location>();

  const submitter = once(async (): Promise<Submitter> => {
    const opened = await openSubmitter(target);
    await opened.listen([host]);
    if (!quiet && !options.detach && (await opened.workersOn(host)) === 0)
      options.onNote(
        `no worker takes ${host} jobs from ${target.shown} now; the jobs wait for one (roster worker --queue URL)`,
      );
    return opened;
  });
  const definition = once(async (): Promise<AgentDefinition> => {
    const found = await options.findAgent();
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
      const override = options.modelOverrides?.[agent.name];
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
      if (options.detach) {
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
    expand(input, session) {
      const out: TaskItem[] = [];
      for (const task of input.tasks)
        for (const location of locations) {
          const item = { ...task, id: `${task.id}${location.suffix}` };
          locationOf.set(item.id, location);
          out.push(item);
        }
      input.tasks = out;
      session.settings = { ...session.settings, maxConcurrency: out.length };
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
