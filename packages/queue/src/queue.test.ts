// The queue end to end in one process: a real redis-server, a real worker taking jobs from it
// and running fake hosts as child processes, a submitter collecting the outcomes.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { toolTable } from "@roster/family";
import type { RunnableFamily } from "@roster/hosts";
import { claudeFamily } from "@roster/source-claude";
import { isAlive, waitFor } from "@roster/testkit";
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { readRecords, writeFakeHosts } from "../../hosts/test/fake-hosts.js";
import { writeHoldingHost } from "../test/holding-host.js";
import { sampleJob } from "../test/jobs.js";
import { HAS_REDIS, startRedis, type TestRedis } from "../test/redis-server.js";
import { makeRepo, type TestRepo } from "../test/repos.js";
import {
  type JobOutcome,
  jobIdOf,
  newRunId,
  openSubmitter,
  parseRedisUrl,
  QUEUE_PREFIX,
  type QueuedJob,
  type RunningWorker,
  type StartWorkerOptions,
  type Submitter,
  startWorker,
  type WorkerEvent,
} from "./index.js";

const claude = claudeFamily as unknown as RunnableFamily;
let root: string;
let redis: TestRedis;
let repo: TestRepo;
let commit: string;
let submitter: Submitter;
let n = 0;

beforeAll(async () => {
  if (!HAS_REDIS) return;
  root = mkdtempSync(join(tmpdir(), "roster-queue-"));
  redis = await startRedis();
  repo = makeRepo(root, "alpha");
  commit = repo.commit({ "marker.txt": "alpha at one" });
  submitter = await openSubmitter(parseRedisUrl(redis.url));
  await submitter.listen(["claude"]);
});
afterAll(async () => {
  if (!HAS_REDIS) return;
  await submitter.close();
  await redis.stop();
  rmSync(root, { recursive: true, force: true });
});

/** A worker on the test's Redis, with the recording fake hosts first on PATH. */
async function worker(
  over: Partial<StartWorkerOptions> & { path?: string; record?: string } = {},
): Promise<{ worker: RunningWorker; events: WorkerEvent[]; record: string }> {
  const { path: given, record: recorded, env, ...rest } = over;
  const record = recorded ?? join(root, `record-${++n}`);
  const events: WorkerEvent[] = [];
  const path = given ?? writeFakeHosts(join(root, "fakes"), ["claude"]);
  const started = await startWorker({
    target: parseRedisUrl(redis.url),
    hosts: [{ family: claude }],
    tools: toolTable([claude.vocabulary]),
    workdir: join(root, `work-${++n}`),
    limits: { ceiling: "default" },
    env: { PATH: `${path}:/usr/bin:/bin`, FAKE_HOST_RECORD: record, ...env },
    home: join(root, "home"),
    name: `test-worker-${n}`,
    onEvent: (e) => events.push(e),
    ...rest,
  });
  return { worker: started, events, record };
}

/** Queues a job and waits for its outcome. */
async function run(job: QueuedJob): Promise<JobOutcome> {
  const id = jobIdOf("claude", newRunId(), 1);
  const outcome = submitter.outcome(id, "claude");
  await submitter.submit(id, job);
  return outcome;
}

const job = (over: Parameters<typeof sampleJob>[0] = {}) =>
  sampleJob({ repo: { url: repo.url, commit, label: "alpha" }, ...over });

describe.skipIf(!HAS_REDIS)(
  "a worker runs queued jobs (real redis-server, fake hosts)",
  { timeout: 60_000 },
  () => {
    test("in a checkout of the job's repository at its commit, answering once with the host's result", async () => {
      const { worker: w, record } = await worker();
      try {
        const outcome = await run(job());
        expect(outcome).toMatchObject({
          state: "completed",
          worker: w.name,
          result: { id: "task-1", agent: "reviewer", exitCode: 0, output: "fake answer from claude" },
        });
        const [host] = readRecords(record);
        expect(host!.cwd).toMatch(/\/jobs\/alpha-[0-9a-f]+$/);
        expect(host!.stdin).toBe("Review the change.");
        // The checkout is gone once the job is done.
        await waitFor(() => !existsSync(host!.cwd), "the checkout removed");
      } finally {
        await w.stop();
      }
    });

    test("depth and spawn limits travel with the job and hold on the worker", async () => {
      const { worker: w, record } = await worker();
      try {
        const deep = await run(
          job({
            agent: { tools: ["read"], spawns: ["helper"] },
            session: { depth: 1, maxRecursionDepth: 5 },
          }),
        );
        expect(deep.state).toBe("completed");
        // One deeper than the submitting session, with the agent's own spawn list.
        expect(readRecords(record)[0]!.env).toMatchObject({
          ROSTER_TASK_DEPTH: "2",
          ROSTER_SPAWNS: "helper",
        });

        // The submitter's limit reached: no spawning, natively or through roster.
        await run(
          job({
            agent: { tools: ["read"], spawns: ["helper"] },
            session: { depth: 1, maxRecursionDepth: 2 },
          }),
        );
        const atMax = readRecords(record)[1]!;
        expect(atMax.env).toMatchObject({
          ROSTER_TASK_DEPTH: "2",
          ROSTER_SPAWNS: "",
          CLAUDE_CODE_MAX_SUBAGENT_SPAWN_DEPTH: "0",
        });
        expect(atMax.argv.join(" ")).toMatch(/--disallowedTools \S*Agent/);

        // The submitting session's spawn policy and blocked agent refuse the job on the worker.
        expect(await run(job({ session: { spawns: "" } }))).toMatchObject({
          state: "failed",
          reason: expect.stringContaining("Cannot spawn 'reviewer'"),
        });
        expect(await run(job({ session: { blockedAgent: "reviewer" } }))).toMatchObject({
          state: "failed",
          reason: expect.stringContaining("Cannot spawn reviewer agent from within itself"),
        });
        expect(readRecords(record)).toHaveLength(2);
      } finally {
        await w.stop();
      }
    });

    test("the worker's own depth limit is lower than the job's: the worker's holds", async () => {
      const { worker: w, record } = await worker({ limits: { ceiling: "default", maxRecursionDepth: 1 } });
      try {
        await run(
          job({ agent: { tools: ["read"], spawns: "*" }, session: { depth: 0, maxRecursionDepth: 10 } }),
        );
        expect(readRecords(record)[0]!.env).toMatchObject({ ROSTER_TASK_DEPTH: "1", ROSTER_SPAWNS: "" });
      } finally {
        await w.stop();
      }
    });

    test.each([
      ["default", "default"],
      ["acceptEdits", "acceptEdits"],
      ["bypassPermissions", "bypassPermissions"],
    ] as const)(
      "a definition asking bypassPermissions runs as the worker's ceiling %s allows",
      async (ceiling, runs) => {
        const { worker: w, record } = await worker({ limits: { ceiling } });
        try {
          const outcome = await run(job({ agent: { source: "user", permissionMode: "bypassPermissions" } }));
          expect(outcome.state).toBe("completed");
          const argv = readRecords(record)[0]!.argv;
          expect(argv[argv.indexOf("--permission-mode") + 1]).toBe(runs);
          // Below a raising ceiling the checkout's own settings and hooks are not loaded either.
          expect(argv.includes("--setting-sources")).toBe(ceiling === "default");
          const notes = outcome.state === "completed" ? outcome.notes : [];
          expect(notes).toEqual(
            runs === "bypassPermissions"
              ? []
              : [expect.stringContaining(`"bypassPermissions" of agent "reviewer" runs as "${runs}"`)],
          );
        } finally {
          await w.stop();
        }
      },
    );

    test("a malformed job fails alone with its reason; the worker goes on", async () => {
      const { worker: w, events } = await worker();
      const connection = new Redis(redis.url);
      const raw = new Queue("claude", { connection, prefix: QUEUE_PREFIX });
      try {
        const bad: Array<[string, unknown, string]> = [
          ["claude.0badc0de00.1", { not: "text" }, "the job's data is not roster's"],
          ["claude.0badc0de00.2", "{nope", "the job's data is not JSON"],
          ["claude.0badc0de00.3", JSON.stringify({ ...job(), extra: true }), 'unknown field "extra"'],
          [
            "claude.0badc0de00.4",
            JSON.stringify(job({ host: "codex" })),
            'for host "codex" but sits in the claude queue',
          ],
          [
            "claude.0badc0de00.5",
            JSON.stringify(job({ repo: { url: repo.url, commit: "e".repeat(40), label: "alpha" } })),
            "could not check out",
          ],
        ];
        const outcomes = bad.map(([id]) => submitter.outcome(id, "claude"));
        for (const [id, data] of bad) await raw.add("claude", data, { jobId: id });
        const good = run(job());
        for (const [i, [, , reason]] of bad.entries())
          expect(await outcomes[i]).toMatchObject({
            state: "failed",
            reason: expect.stringContaining(reason),
          });
        expect((await good).state).toBe("completed");
        expect(events.filter((e) => e.type === "failed")).toHaveLength(bad.length);
      } finally {
        await raw.close();
        connection.disconnect();
        await w.stop();
      }
    });

    test("a host that is missing fails its job with the host's reason; the next job finds it once installed", async () => {
      const empty = join(root, "no-hosts");
      mkdirSync(empty, { recursive: true });
      const { worker: w } = await worker({ path: empty });
      try {
        expect(await run(job())).toMatchObject({
          state: "completed",
          result: { code: "host/missing", error: expect.stringContaining("Claude Code") },
        });
        writeFakeHosts(empty, ["claude"]);
        expect(await run(job())).toMatchObject({ state: "completed", result: { exitCode: 0 } });
      } finally {
        await w.stop();
      }
    });

    test("a host that runs past the lock's duration keeps its lock: the job runs once, on its worker", async () => {
      const pids = join(root, "pids-long");
      mkdirSync(pids, { recursive: true });
      const hold = join(root, "hold-long");
      const path = writeHoldingHost(join(root, "holding"));
      const hostEnv = { env: { FAKE_PIDS: pids, FAKE_HOLD: hold }, path, lockDurationMs: 600 };
      // Two workers, each checking for stalled jobs every 600 ms.
      const { worker: a } = await worker(hostEnv);
      const { worker: b } = await worker(hostEnv);
      try {
        const outcome = run(job());
        await waitFor(() => readdirSync(pids).length === 1, "the host started");
        // Five lock durations later the job still belongs to the worker running it.
        await new Promise((resolve) => setTimeout(resolve, 3000));
        writeFileSync(hold, "");
        const done = await outcome;
        expect(done.state).toBe("completed");
        expect(readdirSync(pids)).toHaveLength(1);
      } finally {
        await Promise.all([a.stop(), b.stop()]);
      }
    });

    test("stop() ends the host processes it holds and hands their jobs back to the queue", async () => {
      const pids = join(root, "pids");
      mkdirSync(pids, { recursive: true });
      const hold = join(root, "hold");
      const path = writeHoldingHost(join(root, "holding"));
      const { worker: w, events } = await worker({ path, env: { FAKE_PIDS: pids, FAKE_HOLD: hold } });
      const id = jobIdOf("claude", newRunId(), 1);
      const outcome = submitter.outcome(id, "claude");
      await submitter.submit(id, job());
      await waitFor(() => readdirSync(pids).length > 0, "the host started");
      const pid = Number(readdirSync(pids)[0]);
      await w.stop();
      expect(isAlive(pid)).toBe(false);
      expect(events.map((e) => e.type)).toContain("handed-back");
      const connection = new Redis(redis.url);
      const raw = new Queue("claude", { connection, prefix: QUEUE_PREFIX });
      expect(await raw.getJobState(id)).toBe("waiting");
      await raw.close();
      connection.disconnect();
      // Another worker takes it and finishes it: the outcome comes once, from that worker.
      writeFileSync(hold, "");
      const { worker: next } = await worker({ path, env: { FAKE_PIDS: pids, FAKE_HOLD: hold } });
      try {
        expect(await outcome).toMatchObject({
          state: "completed",
          worker: next.name,
          result: { output: "alpha at one" },
        });
      } finally {
        await next.stop();
      }
    });
  },
);
