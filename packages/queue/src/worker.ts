import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join, resolve } from "node:path";
import { createReaper, type Reaper, type Runner, type TaskInvocation } from "@roster/executor";
import {
  createHostRunner,
  type HostConfig,
  type HostRunner,
  type HostRunnerOptions,
  type RunnableFamily,
} from "@roster/hosts";
import { isNotConnectionError, type Job, UnrecoverableError, WaitingError, Worker } from "bullmq";
import type { Redis } from "ioredis";
import { ceilingRaises } from "./ceiling.js";
import { type Checkout, createCheckouts } from "./checkout.js";
import { checkRedis, createClient, QueueConnectionError, type RedisTarget, reasonOf } from "./connection.js";
import { parseJob } from "./job-payload.js";
import { QUEUE_PREFIX, WORKER_RECORD_PREFIX, WORKER_RECORD_TTL_S } from "./names.js";
import { runQueuedJob, type WorkerLimits } from "./run-job.js";
import type { QueuedResult } from "./types.js";

/** One host a worker serves: its family (host definition and vocabulary) and the user's `hosts.<id>` config. */
export interface WorkerHost {
  family: RunnableFamily;
  config?: HostConfig;
}

/** What a worker reports as it goes (the CLI prints it; the library never does). */
export type WorkerEvent =
  | { type: "ready"; name: string; hosts: string[]; redisVersion: string }
  | { type: "started"; jobId: string; host: string; taskId: string; agent: string; repo: string }
  | {
      type: "finished";
      jobId: string;
      host: string;
      taskId: string;
      ok: boolean;
      error?: string;
      durationMs: number;
    }
  | { type: "failed"; jobId: string; host: string; reason: string }
  | { type: "handed-back"; jobId: string; host: string }
  | { type: "note"; jobId: string; note: string }
  | { type: "connection-lost"; reason: string }
  | { type: "reconnected" }
  | { type: "error"; message: string };

/** Options of {@link startWorker}. */
export interface StartWorkerOptions {
  target: RedisTarget;
  /** The hosts whose queues this worker takes jobs from. */
  hosts: readonly WorkerHost[];
  /** The app's tool table (its family set's `tools`): what the queued agents' tool names stand for. */
  tools: HostRunnerOptions["tools"];
  /** Jobs at once per host queue (default 1). */
  concurrency?: number;
  /** Where the clones and per-job worktrees live; one worker per folder. */
  workdir: string;
  limits: WorkerLimits;
  env: Record<string, string | undefined>;
  home: string;
  /** Default `<machine>.<pid>`. */
  name?: string;
  /**
   * How long a job's lock lasts without renewal (default 30 s): a killed worker's jobs go back to
   * the queue within about twice this. The lock is renewed every half of it while a job runs.
   */
  lockDurationMs?: number;
  /** BullMQ's rate limiter, per host queue and shared by every worker on it: `max` jobs per `durationMs`. */
  rateLimit?: { max: number; durationMs: number };
  onEvent?: (event: WorkerEvent) => void;
}

/** A running worker. */
export interface RunningWorker {
  readonly name: string;
  /**
   * Stops taking jobs, ends the host processes of the jobs it holds and hands those jobs back
   * to the queue (another worker runs them afresh), removes their checkouts, then closes.
   */
  stop(): Promise<void>;
}

/** The default worker name: `<machine>.<pid>`, without characters Redis client names refuse. */
export function defaultWorkerName(): string {
  return `${
    hostname()
      .replace(/[^\w.-]+/g, "-")
      .slice(0, 64) || "worker"
  }.${process.pid}`;
}

/** Claims `workdir` for this process (a pid file), or throws when a live worker holds it. */
function claimWorkdir(workdir: string): () => void {
  mkdirSync(workdir, { recursive: true, mode: 0o700 });
  const file = join(workdir, "worker.pid");
  let holder: number | undefined;
  try {
    holder = Number.parseInt(readFileSync(file, "utf8"), 10);
  } catch {}
  if (holder !== undefined && holder !== process.pid && Number.isSafeInteger(holder) && holder > 0) {
    let alive = true;
    try {
      process.kill(holder, 0);
    } catch (error) {
      alive = (error as NodeJS.ErrnoException).code === "EPERM";
    }
    if (alive)
      throw new QueueConnectionError(
        `another worker (pid ${holder}) uses ${workdir}: give each worker its own --workdir`,
      );
  }
  writeFileSync(file, String(process.pid), { mode: 0o600 });
  return () => {
    try {
      if (readFileSync(file, "utf8") === String(process.pid)) rmSync(file, { force: true });
    } catch {}
  };
}

/**
 * Starts a worker: one BullMQ worker per host queue, each running up to `concurrency` jobs at
 * once, every job validated, checked out at its commit and run by the executor under this
 * worker's limits. Resolves once every queue is ready; rejects at once (a
 * {@link QueueConnectionError} naming the URL) when Redis cannot be reached.
 *
 * @example
 * const worker = await startWorker({ target: parseRedisUrl("redis://127.0.0.1:6379"), hosts: [{ family: claudeFamily }], tools: families.tools,
 *   workdir, limits: { ceiling: "default" }, env: process.env, home: os.homedir() });
 * process.on("SIGTERM", () => void worker.stop());
 */
export async function startWorker(options: StartWorkerOptions): Promise<RunningWorker> {
  const redisVersion = await checkRedis(options.target);
  const name = options.name ?? defaultWorkerName();
  const emit = (event: WorkerEvent) => options.onEvent?.(event);
  const workdir = resolve(options.workdir);
  const release = claimWorkdir(workdir);
  const checkouts = createCheckouts({ workdir, env: options.env });
  await checkouts.clean();
  const reaper = createReaper();
  const clients: Redis[] = [];
  const client = (): Redis => {
    const c = createClient(options.target, "worker");
    clients.push(c);
    return c;
  };

  // One line when Redis goes away, one when it is back (every connection reports both).
  let lost = false;
  const onConnectionError = (error: unknown) => {
    if (stopping) return;
    if (!lost) {
      lost = true;
      emit({ type: "connection-lost", reason: reasonOf(error) });
    }
  };
  const onReady = () => {
    if (lost) {
      lost = false;
      emit({ type: "reconnected" });
    }
  };

  // The host runners, one per host; one that found its host missing or logged out is made
  // anew for the next job, which checks again.
  const runners = new Map<string, HostRunner>();
  const notesOf = new WeakMap<TaskInvocation, string[]>();
  const runnerFor = (host: WorkerHost): HostRunner => {
    let runner = runners.get(host.family.id);
    if (!runner) {
      runner = createHostRunner({
        family: host.family,
        tools: options.tools,
        ...(host.config?.command !== undefined ? { command: host.config.command } : {}),
        ...(host.config?.args !== undefined ? { args: host.config.args } : {}),
        trustProject: ceilingRaises(options.limits.ceiling),
        onTrustNote: (note, invocation) => notesOf.get(invocation)?.push(note),
      });
      runners.set(host.family.id, runner);
    }
    return runner;
  };

  const records = client();
  records.on("error", onConnectionError);
  records.on("ready", onReady);
  const recordKey = `${WORKER_RECORD_PREFIX}${name}`;
  const counts = { active: 0, done: 0, failed: 0 };
  const since = Date.now();
  /** Writes the record within a second of a change (not once per job: a busy worker finishes many). */
  let recordDue: NodeJS.Timeout | undefined;
  const recordSoon = () => {
    recordDue ??= setTimeout(() => {
      recordDue = undefined;
      void writeRecord();
    }, 1000);
  };
  const writeRecord = async () => {
    await records
      .multi()
      .hset(recordKey, {
        name,
        hosts: options.hosts.map((h) => h.family.id).join(","),
        concurrency: String(options.concurrency ?? 1),
        since: String(since),
        seen: String(Date.now()),
        ...Object.fromEntries(Object.entries(counts).map(([k, v]) => [k, String(v)])),
      })
      .expire(recordKey, WORKER_RECORD_TTL_S)
      .exec()
      .catch(() => {});
  };

  /** The worker's reaper, which also starts the checkout's spare once the job's host runs. */
  const startedBy = (checkout: Checkout): Reaper => ({
    ...reaper,
    addGroup(pid) {
      reaper.addGroup(pid);
      checkout.spare();
    },
  });

  let stopping = false;
  const removals = new Set<Promise<void>>();
  const handBack = async (job: Job, token: string | undefined, host: string): Promise<never> => {
    await job.moveToWait(token);
    emit({ type: "handed-back", jobId: job.id ?? "?", host });
    throw new WaitingError();
  };

  const processorFor =
    (host: WorkerHost) =>
    async (job: Job, token?: string, signal?: AbortSignal): Promise<QueuedResult> => {
      const hostId = host.family.id;
      const jobId = job.id ?? "?";
      if (stopping) return handBack(job, token, hostId);
      const parsed = parseJob(job.data);
      if ("error" in parsed) throw new UnrecoverableError(parsed.error);
      const queued = parsed.job;
      if (queued.host !== hostId)
        throw new UnrecoverableError(`the job is for host "${queued.host}" but sits in the ${hostId} queue`);
      const started = performance.now();
      emit({
        type: "started",
        jobId,
        host: hostId,
        taskId: queued.taskId,
        agent: queued.agent.name,
        repo: `${queued.repo.label}@${queued.repo.commit.slice(0, 12)}`,
      });
      counts.active++;
      recordSoon();
      let checkout: Checkout | undefined;
      try {
        try {
          checkout = await checkouts.prepare(queued.repo, signal);
        } catch (error) {
          if (stopping) return await handBack(job, token, hostId);
          throw new UnrecoverableError(
            `could not check out ${queued.repo.url} at ${queued.repo.commit.slice(0, 12)}: ${reasonOf(error)}`,
          );
        }
        const notes: string[] = [];
        const shared = runnerFor(host);
        const runner: Runner = {
          run(invocation, run) {
            notesOf.set(invocation, notes);
            return shared.run(invocation, run);
          },
        };
        const outcome = await runQueuedJob({
          job: queued,
          cwd: checkout.dir,
          runner,
          limits: options.limits,
          env: options.env,
          home: options.home,
          reaper: startedBy(checkout),
          ...(signal ? { signal } : {}),
          onNote: (note) => notes.push(note),
        });
        if (stopping && signal?.aborted) return await handBack(job, token, hostId);
        if (outcome.status === "refused") throw new UnrecoverableError(outcome.message);
        const { result } = outcome;
        if (result.code === "host/missing" || result.code === "host/not-logged-in") runners.delete(hostId);
        for (const note of notes) emit({ type: "note", jobId, note });
        const ok = result.error === undefined && result.exitCode === 0;
        emit({
          type: "finished",
          jobId,
          host: hostId,
          taskId: queued.taskId,
          ok,
          ...(result.error !== undefined ? { error: result.error } : {}),
          durationMs: Math.round(performance.now() - started),
        });
        counts[ok ? "done" : "failed"]++;
        return { v: 1, worker: name, result, ...(notes.length > 0 ? { notes } : {}) };
      } catch (error) {
        if (!(error instanceof WaitingError)) counts.failed++;
        throw error;
      } finally {
        counts.active--;
        recordSoon();
        // The checkout goes while the result is on its way to Redis; stop() waits for it.
        if (checkout) {
          const removing = checkout.remove().finally(() => removals.delete(removing));
          removals.add(removing);
        }
      }
    };

  const lockDuration = options.lockDurationMs ?? 30_000;
  const workers = options.hosts.map((host) => {
    const worker = new Worker(host.family.id, processorFor(host), {
      connection: client(),
      prefix: QUEUE_PREFIX,
      name,
      concurrency: options.concurrency ?? 1,
      lockDuration,
      stalledInterval: lockDuration,
      // A job whose worker died twice still gets a third worker; past that it fails.
      maxStalledCount: 2,
      // Fetch the next job without a delay when the queue was drained a moment ago.
      drainDelay: 1,
      ...(options.rateLimit
        ? { limiter: { max: options.rateLimit.max, duration: options.rateLimit.durationMs } }
        : {}),
    });
    // A worker's errors are Redis going away, or a job's own trouble (its key removed while it
    // ran, a lock lost): only the first kind is a lost connection.
    worker.on("error", (error) => {
      if (!isNotConnectionError(error)) onConnectionError(error);
      else if (!stopping) emit({ type: "error", message: reasonOf(error) });
    });
    worker.on("ready", onReady);
    worker.on("failed", (job, error) => {
      if (job && !(error instanceof WaitingError))
        emit({ type: "failed", jobId: job.id ?? "?", host: host.family.id, reason: error.message });
    });
    return worker;
  });
  try {
    await Promise.all(workers.map((w) => w.waitUntilReady()));
  } catch (error) {
    await Promise.all(workers.map((w) => w.close(true).catch(() => {})));
    for (const c of clients) c.disconnect();
    release();
    throw new QueueConnectionError(`cannot reach Redis at ${options.target.shown}: ${reasonOf(error)}`, {
      cause: error,
    });
  }
  await writeRecord();
  const heartbeat = setInterval(() => void writeRecord(), (WORKER_RECORD_TTL_S * 1000) / 3);
  heartbeat.unref();
  emit({ type: "ready", name, hosts: options.hosts.map((h) => h.family.id), redisVersion });

  let stopped: Promise<void> | undefined;
  return {
    name,
    stop() {
      stopped ??= (async () => {
        stopping = true;
        clearInterval(heartbeat);
        clearTimeout(recordDue);
        const closing = workers.map((w) => w.close());
        for (const w of workers) w.cancelAllJobs("the worker is stopping");
        await Promise.all(
          closing.map((c) => c.catch((error) => emit({ type: "error", message: reasonOf(error) }))),
        );
        reaper.reapAll();
        await Promise.all(removals);
        await checkouts.close();
        await records.del(recordKey).catch(() => {});
        for (const c of clients) c.disconnect();
        release();
      })();
      return stopped;
    },
  };
}
