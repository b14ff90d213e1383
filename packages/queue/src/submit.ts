import { type JobsOptions, Queue, QueueEvents } from "bullmq";
import type { Redis } from "ioredis";
import { checkRedis, createClient, QueueConnectionError, type RedisTarget, reasonOf } from "./connection.js";
import { encodeJob, parseResult } from "./job-payload.js";
import { QUEUE_PREFIX } from "./names.js";
import type { JobOutcome, QueuedJob } from "./types.js";

/** How long finished jobs (and their results) stay in Redis for `queue wait`: 7 days, at most 5,000 per host. */
export const KEEP_FINISHED = { age: 7 * 24 * 3600, count: 5000 } as const;

/** How often outstanding jobs are looked at directly, in case their event was missed. */
const POLL_MS = 10_000;

/** The job options of every roster job: one attempt (a failing host is a result, not a retry). */
const JOB_OPTIONS: JobsOptions = {
  attempts: 1,
  removeOnComplete: KEEP_FINISHED,
  removeOnFail: KEEP_FINISHED,
};

/** A submitter: queues jobs and hands back each one's outcome exactly once. */
export interface Submitter {
  /**
   * Starts listening to the hosts' queues, from now on: call it before {@link submit}, so no
   * outcome can be missed.
   */
  listen(hosts: readonly string[]): Promise<void>;
  /** Queues one job under its id (jobs of one tick go to Redis together). */
  submit(jobId: string, job: QueuedJob): Promise<void>;
  /**
   * The outcome of a job, resolved once from its queue's events (ask before submitting it).
   * `check: true` also looks at its state now, for a job that may have finished before anyone
   * listened (`queue wait`). Rejects with a {@link QueueConnectionError} when Redis is lost for good.
   */
  outcome(jobId: string, host: string, options?: { check?: boolean }): Promise<JobOutcome>;
  /** How many workers take jobs from a host's queue right now. */
  workersOn(host: string): Promise<number>;
  /** Stops listening and closes every connection (jobs in the queue are left as they are). */
  close(): Promise<void>;
}

interface Pending {
  host: string;
  promise: Promise<JobOutcome>;
  resolve(outcome: JobOutcome): void;
  reject(error: Error): void;
}

/**
 * Opens a submitter on `target`: checks at once that Redis answers (a
 * {@link QueueConnectionError} naming the URL within a few seconds otherwise), then queues
 * through connections that never wait for an absent Redis.
 *
 * @example
 * const submitter = await openSubmitter(parseRedisUrl(url));
 * await submitter.listen(["claude"]);
 * await submitter.submit("claude.3f9a0c12e4.1", job);
 * const outcome = await submitter.outcome("claude.3f9a0c12e4.1", "claude");
 */
export async function openSubmitter(target: RedisTarget): Promise<Submitter> {
  await checkRedis(target);
  const clients: Redis[] = [];
  const client = (role: "command" | "listener") => {
    const c = createClient(target, role);
    // Each failure is answered where it matters (a rejected command, a lost listener).
    c.on("error", () => {});
    clients.push(c);
    return c;
  };
  const commands = client("command");
  await commands.connect().catch((error) => {
    throw new QueueConnectionError(`cannot reach Redis at ${target.shown}: ${reasonOf(error)}`, {
      cause: error,
    });
  });
  const queues = new Map<string, Queue>();
  const queueOf = (host: string): Queue => {
    let queue = queues.get(host);
    if (!queue) {
      queue = new Queue(host, { connection: commands, prefix: QUEUE_PREFIX });
      queue.on("error", () => {});
      queues.set(host, queue);
    }
    return queue;
  };
  const listeners = new Map<string, QueueEvents>();
  const pending = new Map<string, Pending>();
  let lost: QueueConnectionError | undefined;
  const settle = (jobId: string, outcome: JobOutcome) => {
    const entry = pending.get(jobId);
    if (!entry) return;
    pending.delete(jobId);
    entry.resolve(outcome);
  };
  const loseAll = (error: QueueConnectionError) => {
    lost ??= error;
    for (const [id, entry] of pending) {
      pending.delete(id);
      entry.reject(error);
    }
  };

  /** The outcome of a finished job from its stored state, or undefined while it is not finished. */
  const lookUp = async (jobId: string, host: string): Promise<JobOutcome | undefined> => {
    const queue = queueOf(host);
    const state = await queue.getJobState(jobId);
    if (state === "unknown")
      return {
        jobId,
        state: "gone",
        reason: `job ${jobId} is not in the ${host} queue (removed, or never queued)`,
      };
    if (state !== "completed" && state !== "failed") return undefined;
    const job = await queue.getJob(jobId);
    if (!job) return { jobId, state: "gone", reason: `job ${jobId} was removed from the ${host} queue` };
    if (state === "failed")
      return {
        jobId,
        state: "failed",
        reason: job.failedReason || "the job failed",
        ...(job.processedBy ? { worker: job.processedBy } : {}),
      };
    return fromResult(jobId, job.returnvalue);
  };

  // Outstanding jobs are looked at now and then: an event can be missed when the events
  // stream (10,000 entries per queue) was trimmed past it.
  const poll = setInterval(() => {
    for (const [id, entry] of [...pending].slice(0, 500))
      lookUp(id, entry.host).then(
        (outcome) => outcome && settle(id, outcome),
        () => {},
      );
  }, POLL_MS);
  poll.unref();

  // Jobs queued in one tick are sent together.
  let batch: Array<{ host: string; jobId: string; data: string; done: (error?: Error) => void }> = [];
  const flush = async () => {
    const sending = batch;
    batch = [];
    const byHost = new Map<string, typeof sending>();
    for (const item of sending) byHost.set(item.host, [...(byHost.get(item.host) ?? []), item]);
    await Promise.all(
      [...byHost].map(async ([host, items]) => {
        try {
          await queueOf(host).addBulk(
            items.map((item) => ({
              name: host,
              data: item.data,
              opts: { ...JOB_OPTIONS, jobId: item.jobId },
            })),
          );
          for (const item of items) item.done();
        } catch (error) {
          const failure = new QueueConnectionError(
            `could not queue jobs on ${target.shown}: ${reasonOf(error)}`,
            {
              cause: error,
            },
          );
          for (const item of items) item.done(failure);
        }
      }),
    );
  };

  return {
    async listen(hosts) {
      // Redis's own clock names the first event to read: every job queued after this is seen.
      const [seconds, micros] = await commands.time();
      const from = `${Number(seconds) * 1000 + Math.floor(Number(micros) / 1000) - 1}-0`;
      await Promise.all(
        hosts
          .filter((host) => !listeners.has(host))
          .map(async (host) => {
            const connection = client("listener");
            connection.on("end", () =>
              loseAll(new QueueConnectionError(`lost Redis at ${target.shown} while waiting for results`)),
            );
            const events = new QueueEvents(host, { connection, prefix: QUEUE_PREFIX, lastEventId: from });
            events.on("error", () => {});
            events.on("completed", ({ jobId, returnvalue }) => settle(jobId, fromResult(jobId, returnvalue)));
            events.on("failed", ({ jobId, failedReason }) =>
              settle(jobId, { jobId, state: "failed", reason: failedReason || "the job failed" }),
            );
            listeners.set(host, events);
            await events.waitUntilReady();
          }),
      );
    },
    submit(jobId, job) {
      const data = encodeJob(job);
      return new Promise<void>((resolve, reject) => {
        if (batch.length === 0) setImmediate(() => void flush());
        batch.push({ host: job.host, jobId, data, done: (error) => (error ? reject(error) : resolve()) });
      });
    },
    outcome(jobId, host, options = {}) {
      const known = pending.get(jobId);
      if (known) return known.promise;
      if (lost) return Promise.reject(lost);
      let resolve!: (outcome: JobOutcome) => void;
      let reject!: (error: Error) => void;
      const promise = new Promise<JobOutcome>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      pending.set(jobId, { host, promise, resolve, reject });
      // A job that finished before anyone listened answers from its state.
      if (options.check)
        lookUp(jobId, host).then(
          (outcome) => outcome && settle(jobId, outcome),
          () => {},
        );
      return promise;
    },
    async workersOn(host) {
      return (await queueOf(host).getWorkers()).length;
    },
    async close() {
      clearInterval(poll);
      await Promise.all([...listeners.values()].map((l) => l.close().catch(() => {})));
      await Promise.all([...queues.values()].map((q) => q.close().catch(() => {})));
      for (const c of clients) c.disconnect();
    },
  };
}

/** A worker's answer as an outcome: its result when the answer is well-formed, else a failure saying why. */
function fromResult(jobId: string, value: unknown): JobOutcome {
  const parsed = parseResult(value);
  if ("error" in parsed) return { jobId, state: "failed", reason: parsed.error };
  const { worker, result, notes } = parsed.result;
  return { jobId, state: "completed", worker, result, notes: notes ?? [] };
}
