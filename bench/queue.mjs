#!/usr/bin/env node
// The queue's own cost (issue #54; not a timed test): a real redis-server, real `roster worker`
// processes (the built bin) and a fake host that answers at once, so what is measured is
// roster and BullMQ, not a model.
//
// 1. Overhead per job: JOBS jobs over 2 workers, as many in flight as the workers have slots
//    (so no job waits behind another): the median of submit → result at the submitter, less
//    the median time of the host alone (the same fake host spawned by node with the same
//    stdin, as many at once, measured just before and after). Also the per-job difference
//    with the worker's own measure of its host run (the executor's `durationMs`).
// 2. Throughput: JOBS jobs queued at once, drained by 1, 2 and 4 workers (jobs per second),
//    and the CPU time each job cost (less moved by the machine's load than any wall time):
//    the workers' own (roster and BullMQ in Node), their children's (git and the host),
//    redis-server's and the submitter's (this process).
//
// Usage: node bench/queue.mjs [--jobs 1000] [--workers 1,2,4] [--concurrency 1] [--profile DIR]
// (--profile: each worker writes a CPU profile into DIR when it stops)
// (`pnpm build` first; needs redis-server and git on PATH).
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { repoRoot } from "./lib.mjs";

const { values: args } = parseArgs({
  options: {
    jobs: { type: "string", default: "1000" },
    workers: { type: "string", default: "1,2,4" },
    concurrency: { type: "string", default: "1" },
    profile: { type: "string" },
  },
});
const JOBS = Number(args.jobs);
const SERIES = args.workers.split(",").map(Number);
const CONCURRENCY = Number(args.concurrency);

if (spawnSync("redis-server", ["--version"]).status !== 0) {
  console.error("bench/queue: redis-server is not installed (apt-get install redis-server)");
  process.exit(1);
}
const queue = await import(pathToFileURL(join(repoRoot, "packages/queue/dist/index.js")).href);
const bin = join(repoRoot, "apps/cli/dist/roster.js");

const root = mkdtempSync(join(tmpdir(), "roster-bench-queue-"));
const children = new Set();
process.on("exit", () => {
  for (const child of children) child.kill("SIGKILL");
  rmSync(root, { recursive: true, force: true });
});

const port = await new Promise((resolve) => {
  const server = createServer().listen(0, "127.0.0.1", () => {
    const { port } = server.address();
    server.close(() => resolve(port));
  });
});
const redis = spawn(
  "redis-server",
  ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
  {
    stdio: "ignore",
  },
);
children.add(redis);
const url = `redis://127.0.0.1:${port}`;
const target = queue.parseRedisUrl(url);
for (let i = 0; i < 200; i++) {
  try {
    await queue.checkRedis(target);
    break;
  } catch {
    await new Promise((r) => setTimeout(r, 25));
  }
}

// A repository on file:// and a host that answers at once.
const git = (cwd, ...a) =>
  execFileSync("git", a, {
    cwd,
    encoding: "utf8",
    env: { ...process.env, GIT_CONFIG_GLOBAL: "/dev/null" },
  }).trim();
mkdirSync(join(root, "repo"));
git(join(root, "repo"), "init", "--quiet", "--initial-branch=main");
writeFileSync(join(root, "repo", "README"), "bench\n");
git(join(root, "repo"), "add", "-A");
git(join(root, "repo"), "-c", "user.name=b", "-c", "user.email=b@b", "commit", "--quiet", "-m", "one");
const commit = git(join(root, "repo"), "rev-parse", "HEAD");
const repo = { url: pathToFileURL(join(root, "repo")).href, commit, label: "repo" };
mkdirSync(join(root, "bin"));
writeFileSync(
  join(root, "bin", "claude"),
  `#!/bin/sh\ncase "$*" in *"auth status") echo '{"loggedIn":true}'; exit 0;; esac\ncat >/dev/null\necho '{"type":"result","subtype":"success","is_error":false,"result":"ok","session_id":"s"}'\n`,
);
chmodSync(join(root, "bin", "claude"), 0o755);

let workerN = 0;
/** Starts `count` roster workers and waits until each says it is ready. */
async function startWorkers(count) {
  const started = [];
  for (let i = 0; i < count; i++) {
    const name = `bench-${++workerN}`;
    const child = spawn(
      process.execPath,
      [
        ...(args.profile ? ["--cpu-prof", `--cpu-prof-dir=${args.profile}`] : []),
        bin,
        "--home",
        root,
        "worker",
        "--queue",
        url,
        "--hosts",
        "claude",
        "--concurrency",
        String(CONCURRENCY),
        "--workdir",
        join(root, `work-${name}`),
        "--name",
        name,
        "--quiet",
      ],
      {
        env: { ...process.env, PATH: `${join(root, "bin")}:${process.env.PATH}` },
        stdio: ["ignore", "ignore", "pipe"],
      },
    );
    children.add(child);
    let err = "";
    child.stderr.on("data", (d) => (err += d));
    started.push({ child, ready: () => err.includes("Ctrl-C stops it"), err: () => err });
  }
  for (const w of started) {
    const t0 = Date.now();
    while (!w.ready()) {
      if (w.child.exitCode !== null || Date.now() - t0 > 60_000)
        throw new Error(`a worker did not start: ${w.err()}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  return {
    pids: started.map((w) => w.child.pid),
    async stop() {
      await Promise.all(
        started.map(
          (w) =>
            new Promise((resolve) => {
              w.child.once("exit", resolve);
              w.child.kill("SIGTERM");
            }),
        ),
      );
      for (const w of started) children.delete(w.child);
    },
  };
}

const submitter = await queue.openSubmitter(target);
await submitter.listen(["claude"]);
const run = queue.newRunId();
let jobN = 0;
const job = () => ({
  v: 1,
  taskId: `task-${jobN + 1}`,
  host: "claude",
  agent: { name: "bench", description: "bench", systemPrompt: "Answer.", source: "user", provider: "claude" },
  prompt: "go",
  session: { depth: 0, planMode: false, maxRecursionDepth: 2 },
  repo,
  submittedBy: "bench@here",
});
/** Queues one job; resolves with submit → result (ms) and the host's own time. */
async function one() {
  const id = queue.jobIdOf("claude", run, ++jobN);
  const t0 = performance.now();
  const outcome = submitter.outcome(id, "claude");
  await submitter.submit(id, job());
  const answer = await outcome;
  const total = performance.now() - t0;
  if (answer.state !== "completed" || answer.result.exitCode !== 0)
    throw new Error(`job ${id}: ${answer.reason ?? answer.result?.error}`);
  return { total, host: answer.result.durationMs };
}

/** The fake host alone: spawned with the prompt on stdin, until it exits (ms). */
function hostAlone() {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(join(root, "bin", "claude"), ["-p"], { stdio: ["pipe", "ignore", "ignore"] });
    child.on("error", reject);
    child.on("exit", () => resolve(performance.now() - t0));
    child.stdin.end("go");
  });
}
/** `rounds` samples of the host alone, `parallel` at a time. */
async function hostAloneSamples(rounds, parallel) {
  const samples = [];
  for (let i = 0; i < rounds; i += parallel)
    samples.push(...(await Promise.all(Array.from({ length: parallel }, hostAlone))));
  return samples;
}

/** A process's CPU time so far, ms: its own and its waited-for children's (/proc/PID/stat). */
function cpuOf(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const tick = 10; // ms per clock tick (USER_HZ 100)
  return {
    own: (Number(fields[11]) + Number(fields[12])) * tick,
    children: (Number(fields[13]) + Number(fields[14])) * tick,
  };
}
const cpuAll = (pids) =>
  pids
    .map(cpuOf)
    .reduce((a, b) => ({ own: a.own + b.own, children: a.children + b.children }), { own: 0, children: 0 });

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * p))];
};
const fmt = (ms) => `${ms.toFixed(1)} ms`;

console.log(
  `bench/queue: ${JOBS} jobs, redis-server ${queue.MIN_REDIS_VERSION}+ on loopback, ${cpus().length} cores, load ${loadavg()[0].toFixed(1)}`,
);

// 1. Overhead per job over 2 workers, in flight as many as their slots.
{
  const fleet = await startWorkers(2);
  const slots = 2 * CONCURRENCY;
  // Warm up: the first job of each worker clones the repository.
  await Promise.all(Array.from({ length: slots * 2 }, one));
  const alone = await hostAloneSamples(100, slots);
  const samples = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: slots }, async () => {
      while (next++ < JOBS) samples.push(await one());
    }),
  );
  alone.push(...(await hostAloneSamples(100, slots)));
  await fleet.stop();
  const total = samples.map((s) => s.total);
  const beyond = samples.map((s) => s.total - s.host);
  const [t50, t90, a50] = [pct(total, 0.5), pct(total, 0.9), pct(alone, 0.5)];
  console.log(
    `overhead per job, ${samples.length} jobs over 2 workers × ${CONCURRENCY}: submit → result median ${fmt(t50)} (p90 ${fmt(t90)}),` +
      ` the host alone median ${fmt(a50)}: roster's overhead ${fmt(t50 - a50)};` +
      ` beyond the worker's own measure of its host run: median ${fmt(pct(beyond, 0.5))} (p90 ${fmt(pct(beyond, 0.9))})`,
  );
}

// 2. Throughput: all jobs queued at once.
for (const count of SERIES) {
  const fleet = await startWorkers(count);
  await Promise.all(Array.from({ length: count * 2 }, one));
  const [before, redisBefore, submitterBefore] = [cpuAll(fleet.pids), cpuOf(redis.pid), process.cpuUsage()];
  const t0 = performance.now();
  await Promise.all(Array.from({ length: JOBS }, one));
  const seconds = (performance.now() - t0) / 1000;
  const [after, redisAfter, submitterUsed] = [
    cpuAll(fleet.pids),
    cpuOf(redis.pid),
    process.cpuUsage(submitterBefore),
  ];
  await fleet.stop();
  const perJob = (a, b) => ((b - a) / JOBS).toFixed(1);
  console.log(
    `throughput, ${count} worker${count === 1 ? "" : "s"} × ${CONCURRENCY}: ${(JOBS / seconds).toFixed(1)} jobs/s (${JOBS} jobs in ${seconds.toFixed(1)} s);` +
      ` CPU per job: workers ${perJob(before.own, after.own)} ms, their git and host processes ${perJob(before.children, after.children)} ms, redis-server ${perJob(redisBefore.own, redisAfter.own)} ms, the submitter ${perJob(0, (submitterUsed.user + submitterUsed.system) / 1000)} ms`,
  );
}

await submitter.close();
console.log(`load after: ${loadavg()[0].toFixed(1)}`);
process.exit(0);
