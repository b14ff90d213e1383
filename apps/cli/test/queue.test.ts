// `roster worker`, `roster run --queue` and `roster queue`, end to end: the BUILT binary, a real
// redis-server, worker processes that are really killed, fake hosts on PATH and file:// bare
// repositories.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { isAlive, waitFor } from "@roster/testkit";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { writeHoldingHost } from "../../../packages/queue/test/holding-host.js";
import {
  freePort,
  HAS_REDIS,
  startRedis,
  type TestRedis,
} from "../../../packages/queue/test/redis-server.js";
import { makeRepo, type TestRepo } from "../../../packages/queue/test/repos.js";

const bin = fileURLToPath(new URL("../dist/roster.js", import.meta.url));
let root: string;
let redis: TestRedis;
let alpha: TestRepo;
let beta: TestRepo;
let hosts: string;
const commits: Record<string, string> = {};
const started: ChildProcess[] = [];
let n = 0;

const agent =
  "---\nname: reviewer\ndescription: Reviews\npermissionMode: bypassPermissions\n---\nYou review.\n";

beforeAll(async () => {
  if (!HAS_REDIS) return;
  root = mkdtempSync(join(tmpdir(), "roster-cli-queue-"));
  redis = await startRedis();
  hosts = writeHoldingHost(join(root, "bin"));
  alpha = makeRepo(root, "alpha");
  beta = makeRepo(root, "beta");
  commits.alpha = alpha.commit({ ".claude/agents/reviewer.md": agent, "marker.txt": "alpha" });
  commits.beta1 = beta.commit({ "marker.txt": "beta at v1" }, { tag: "v1" });
  commits.beta2 = beta.commit({ "marker.txt": "beta later" });
  mkdirSync(join(root, "home"), { recursive: true });
  mkdirSync(join(root, "tmp"), { recursive: true });
});
afterEach(() => {
  for (const child of started.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
});
afterAll(async () => {
  if (!HAS_REDIS) return;
  await redis.stop();
  rmSync(root, { recursive: true, force: true });
});

// TMPDIR inside the test's folder: a worker killed with SIGKILL leaves its run folder behind.
const env = (extra: Record<string, string> = {}) => ({
  PATH: `${hosts}:/usr/bin:/bin`,
  TMPDIR: join(root, "tmp"),
  ...extra,
});
const args = (rest: string[]) => [bin, "--home", join(root, "home"), "--cwd", alpha.clone, ...rest];

/** Runs roster to its end. */
function roster(rest: string[], extra: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, args(rest), { cwd: alpha.clone, encoding: "utf8", env: env(extra) });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Starts roster in the background, gathering its output. */
function start(rest: string[], extra: Record<string, string> = {}) {
  const child = spawn(process.execPath, args(rest), { cwd: alpha.clone, env: env(extra) });
  started.push(child);
  const out = { stdout: "", stderr: "" };
  child.stdout!.on("data", (d) => (out.stdout += d));
  child.stderr!.on("data", (d) => (out.stderr += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, out, exited };
}

/** A worker process, ready once it says so. */
async function worker(name: string, extra: Record<string, string> = {}, flags: string[] = []) {
  const w = start(
    [
      "worker",
      "--queue",
      redis.url,
      "--hosts",
      "claude",
      "--workdir",
      join(root, `work-${name}-${++n}`),
      "--name",
      name,
      ...flags,
    ],
    extra,
  );
  await waitFor(
    () => w.out.stderr.includes("Ctrl-C stops it") || w.child.exitCode !== null,
    `worker ${name} ready`,
    1600,
  );
  expect(w.out.stderr).toContain(`roster: worker ${name} takes claude jobs from ${redis.url}`);
  return w;
}

// Worker processes start in about a second; on a loaded machine in many more.
describe.skipIf(!HAS_REDIS)(
  "roster run --queue and roster worker (real redis-server)",
  { timeout: 60_000 },
  () => {
    test("a worker killed mid-run: its job runs again on another worker, and the result is printed once", async () => {
      const pids = join(root, "pids-kill");
      const hold = join(root, "hold-kill");
      mkdirSync(pids);
      const hostEnv = { FAKE_PIDS: pids, FAKE_HOLD: hold };
      const first = await worker("first", hostEnv, ["--lock-duration", "1s"]);
      const run = start(["run", "reviewer", "--task", "look", "--queue", redis.url, "--json"]);
      await waitFor(() => readdirSync(pids).length === 1, "the first worker's host started");
      const firstHost = Number(readdirSync(pids)[0]);
      // The machine dies: the worker and its host process with it.
      first.child.kill("SIGKILL");
      process.kill(-firstHost, "SIGKILL");
      await first.exited;
      writeFileSync(hold, "");
      const second = await worker("second", hostEnv, ["--lock-duration", "1s"]);
      expect(await run.exited).toBe(0);
      const { results } = JSON.parse(run.out.stdout);
      expect(results).toHaveLength(1);
      expect(results[0]).toMatchObject({
        id: "task-1",
        host: "claude",
        worker: "second",
        exitCode: 0,
        output: "alpha",
      });
      expect(readdirSync(pids)).toHaveLength(2);
      second.child.kill("SIGTERM");
      expect(await second.exited).toBe(0);
    });

    test("--repo fans the task out: one job per repository, each run in a checkout at its commit", async () => {
      const w = await worker("fan");
      const r = roster([
        "run",
        "reviewer",
        "--task",
        "look",
        "--task",
        "again",
        "--queue",
        redis.url,
        "--repo",
        alpha.url,
        "--repo",
        `${beta.url}#v1`,
        "--json",
      ]);
      w.child.kill("SIGTERM");
      expect(r.stderr).toBe("");
      expect(r.code).toBe(0);
      const { results } = JSON.parse(r.stdout);
      expect(results.map((x: { id: string; output: string }) => [x.id, x.output])).toEqual([
        ["task-1@alpha", "alpha"],
        ["task-1@beta", "beta at v1"],
        ["task-2@alpha", "alpha"],
        ["task-2@beta", "beta at v1"],
      ]);
      // The agent asked bypassPermissions; the worker's ceiling (default) ran it as default.
      expect(results[0].notes).toEqual([expect.stringContaining('runs as "default"')]);
      await w.exited;
    });

    test("Redis out of reach: run and worker fail within seconds, in one line naming the URL", async () => {
      const url = `redis://127.0.0.1:${await freePort()}`;
      for (const rest of [
        ["run", "reviewer", "--task", "x", "--queue", url],
        ["worker", "--queue", url],
      ]) {
        const r = roster(rest);
        expect(r.code).toBe(1);
        expect(r.stderr).toMatch(
          new RegExp(`^roster: cannot reach Redis at ${url}: connect ECONNREFUSED [^\\n]*\\n$`),
        );
      }
      const bad = roster(["run", "reviewer", "--task", "x", "--queue", "localhost:6379"]);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain(
        'a queue URL is redis://[user:password@]HOST[:PORT][/DB] (rediss:// for TLS), not "localhost:6379"',
      );
    });

    test("--detach prints the job ids; queue status counts them; queue wait prints each result once", async () => {
      const detached = roster([
        "run",
        "reviewer",
        "--task",
        "one",
        "--task",
        "two",
        "--queue",
        redis.url,
        "--detach",
      ]);
      expect(detached.code).toBe(0);
      const ids = detached.stdout.trim().split("\n");
      expect(ids).toEqual([
        expect.stringMatching(/^claude\.[0-9a-f]{10}\.1$/),
        expect.stringMatching(/\.2$/),
      ]);
      expect(detached.stderr).toContain(`roster: queued 2 jobs on ${redis.url}`);

      const before = JSON.parse(roster(["queue", "status", redis.url, "--json"]).stdout);
      expect(before.hosts.find((h: { host: string }) => h.host === "claude")).toMatchObject({
        waiting: 2,
        active: 0,
      });

      const w = await worker("waiter");
      const waited = roster(["queue", "wait", ...ids, ids[0]!, "--queue", redis.url, "--json"]);
      expect(waited.code).toBe(0);
      const { results } = JSON.parse(waited.stdout);
      expect(results.map((x: { id: string; jobId: string }) => [x.id, x.jobId])).toEqual([
        ["task-1", ids[0]],
        ["task-2", ids[1]],
      ]);
      const after = JSON.parse(roster(["queue", "status", "--json"], { ROSTER_QUEUE: redis.url }).stdout);
      expect(after.workers).toEqual([expect.objectContaining({ name: "waiter", hosts: ["claude"] })]);
      expect(after.hosts.find((h: { host: string }) => h.host === "claude")).toMatchObject({
        waiting: 0,
        workers: 1,
      });
      w.child.kill("SIGTERM");
      await w.exited;
    });

    test("SIGTERM: the worker ends its host processes, hands the job back and exits", async () => {
      const pids = join(root, "pids-term");
      mkdirSync(pids);
      const w = await worker("term", { FAKE_PIDS: pids, FAKE_HOLD: join(root, "never") });
      const detached = roster(["run", "reviewer", "--task", "one", "--queue", redis.url, "--detach"]);
      await waitFor(() => readdirSync(pids).length === 1, "the host started");
      const host = Number(readdirSync(pids)[0]);
      w.child.kill("SIGTERM");
      expect(await w.exited).toBe(0);
      expect(isAlive(host)).toBe(false);
      expect(w.out.stderr).toContain(`[${detached.stdout.trim()}] handed back to the queue`);
      const status = JSON.parse(roster(["queue", "status", redis.url, "--json"]).stdout);
      expect(status.hosts.find((h: { host: string }) => h.host === "claude")).toMatchObject({
        waiting: 1,
        active: 0,
      });
    });
  },
);
