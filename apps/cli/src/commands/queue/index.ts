// `roster worker`, `roster queue status` and `roster queue wait` (SPEC §21): argv and output
// only; the queue itself is @roster/queue's.
import { join, resolve } from "node:path";
import {
  createResultPrinter,
  MAX_TIMEOUT_MS,
  STOP_SIGNALS,
  type StopSignal,
  stopExitCode,
} from "@roster/executor";
import { cacheDirOf } from "@roster/index";
import {
  checkLockDuration,
  checkWorkerName,
  describeQueueStatus,
  describeWorkerEvent,
  parseRedisUrl,
  pickWorkerHosts,
  queueUrlOf,
  readQueueStatus,
  type StartWorkerOptions,
  splitRate,
  startWorker,
  type WorkerEvent,
  waitForJobs,
  workerCeiling,
  workerEventJson,
  workerStartLine,
} from "@roster/queue";
import { line } from "@roster/terminal";
import type { App } from "../../context.js";
import { hostFamilies } from "../../families.js";
import { parseDuration, parseInteger } from "../../flags.js";
import { createJsonArrayStream } from "../../json-stream.js";
import { usageOf } from "../../library-usage.js";
import { type Output, printJson } from "../../output.js";

/** The checked queue of a command: its flag or argument, else `ROSTER_QUEUE` (`argument`: `queue status URL`). */
function queueOf(app: App, given: string | undefined, command: string, argument = false) {
  return usageOf(() => parseRedisUrl(queueUrlOf({ given, env: app.env, command, argument })));
}

/** Flags of `roster worker`. */
export interface WorkerFlags {
  queue?: string;
  concurrency?: string;
  hosts?: string;
  workdir?: string;
  maxPermission?: string;
  timeout?: string;
  maxDepth?: string;
  lockDuration?: string;
  rate?: string;
  name?: string;
  quiet?: boolean;
}

/** `--rate N/DURATION`: BullMQ's rate limiter, N jobs per DURATION on each host queue. */
async function parseRate(
  value: string | undefined,
): Promise<{ max: number; durationMs: number } | undefined> {
  if (value === undefined) return undefined;
  const { max, duration } = await usageOf(() => splitRate(value));
  return {
    max: parseInteger("--rate", max, { min: 1, max: 1_000_000 })!,
    durationMs: parseDuration("--rate", duration, MAX_TIMEOUT_MS)!,
  };
}

/**
 * `roster worker --queue URL`: takes jobs from the queues of this machine's hosts and runs
 * them until SIGINT or SIGTERM, which hands the jobs it holds back to the queue and ends their
 * host processes.
 */
export async function runWorker(app: App, flags: WorkerFlags): Promise<number> {
  const target = await queueOf(app, flags.queue, "roster worker");
  const o = app.output;
  const concurrency = parseInteger("--concurrency", flags.concurrency, { min: 1, max: 1000 }) ?? 1;
  const ceiling = await usageOf(() => workerCeiling(flags.maxPermission));
  const timeoutMs = parseDuration("--timeout", flags.timeout, MAX_TIMEOUT_MS);
  const maxDepth =
    parseInteger("--max-depth", flags.maxDepth, { min: -1 }) ?? app.loaded.config.maxRecursionDepth;
  const lockDurationMs = parseDuration("--lock-duration", flags.lockDuration, 3_600_000);
  await usageOf(() => checkLockDuration(lockDurationMs));
  const rateLimit = await parseRate(flags.rate);
  await usageOf(() => checkWorkerName(flags.name));
  const hosts = await usageOf(() =>
    pickWorkerHosts({
      families: hostFamilies(app.families),
      configOf: (id) => app.loaded.config.hosts?.[id],
      wanted: flags.hosts,
      env: app.env,
      cwd: app.ctx.cwd,
    }),
  );
  const workdir = resolve(
    app.ctx.cwd,
    flags.workdir ?? join(cacheDirOf({ home: app.ctx.home, env: app.env }), "worker"),
  );

  const print = workerPrinter(o, flags.quiet === true);
  const options: StartWorkerOptions = {
    target,
    hosts,
    tools: app.families.tools,
    concurrency,
    workdir,
    limits: {
      ceiling,
      ...(maxDepth !== undefined ? { maxRecursionDepth: maxDepth } : {}),
      ...(timeoutMs !== undefined ? { timeoutMs } : {}),
      ...(app.loaded.config.disabledAgents ? { disabledAgents: app.loaded.config.disabledAgents } : {}),
    },
    env: app.env,
    home: app.ctx.home,
    ...(flags.name !== undefined ? { name: flags.name } : {}),
    ...(lockDurationMs !== undefined ? { lockDurationMs } : {}),
    ...(rateLimit ? { rateLimit } : {}),
    onEvent: print,
  };
  const worker = await startWorker(options);
  if (!o.json) o.err(workerStartLine(worker.name, options));

  // Until a stop signal: the first hands the jobs back and closes; a second leaves at once.
  const signal = await new Promise<StopSignal>((done) => {
    for (const name of Object.keys(STOP_SIGNALS) as StopSignal[]) process.on(name, () => done(name));
  });
  for (const name of Object.keys(STOP_SIGNALS) as StopSignal[])
    process.on(name, () => process.exit(stopExitCode(name)));
  if (!flags.quiet && !o.json)
    o.err(line`roster: ${signal}: stopping; the jobs running here go back to the queue`);
  await worker.stop();
  return 0;
}

/** How a worker's events print: a line each on stderr, or JSON Lines on stdout with `--json`. */
function workerPrinter(o: Output, quiet: boolean): (event: WorkerEvent) => void {
  return (event) => {
    if (o.json) return o.raw(workerEventJson(event, new Date()));
    const text = describeWorkerEvent(event, { quiet });
    if (text) o.err(text);
  };
}

/** `roster queue status [URL]`: jobs per host queue and state, and the live workers. */
export async function queueStatus(app: App, url: string | undefined): Promise<number> {
  const target = await queueOf(app, url, "roster queue status", true);
  const hosts = hostFamilies(app.families).map((f) => f.id);
  const status = await readQueueStatus(target, hosts);
  const o = app.output;
  if (o.json) {
    printJson(o, status);
    return 0;
  }
  for (const text of describeQueueStatus(o, status, Date.now())) o.out(text);
  return 0;
}

/** `roster queue wait ID…`: each job's result, printed once as `run` prints it, as it arrives. */
export async function queueWait(
  app: App,
  ids: string[],
  flags: { queue?: string; quiet?: boolean },
): Promise<number> {
  const target = await queueOf(app, flags.queue, "roster queue wait");
  const o = app.output;
  const quiet = flags.quiet === true;
  let stream = undefined as ReturnType<typeof createJsonArrayStream> | undefined;
  const print = createResultPrinter(o, quiet);
  const { failed } = await usageOf(() =>
    waitForJobs({
      target,
      ids,
      onReady(total) {
        if (o.json) stream = createJsonArrayStream({ key: "results", total, write: o.raw });
      },
      onResult(result, index, host) {
        if (stream) stream.put(index, { ...result, host });
        else print(result, host);
      },
    }),
  );
  stream?.end();
  return failed ? 1 : 0;
}
