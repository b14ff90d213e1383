import { splitArguments } from "@roster/commands";
import { discoverAgents } from "@roster/core";
import {
  createDryRunRunner,
  createProcessRunner,
  createReaper,
  createTaskTool,
  MAX_TIMEOUT_MS,
  readSessionFromEnv,
  type TaskInput,
  type TaskResult,
  type TaskSession,
} from "@roster/executor";
import type { App } from "./context.js";
import { FindingError, UsageError } from "./errors.js";
import { parseInteger } from "./flags.js";
import { createJsonArrayStream } from "./json-stream.js";
import { Block, line, omitNulls, oneLine, paint, printJson } from "./output.js";
import { shortenRefusal } from "./unknown-name.js";

/** Flags of `roster run`. */
export interface RunFlags {
  task?: string[];
  context?: string;
  schema?: string;
  runner?: string;
  planMode?: boolean;
  maxDepth?: string;
  timeout?: string;
}

/** A timer cannot wait longer than 2^31-1 ms (a longer one fires at once), nor 0 ms or less. */
function timeout(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const ms = /^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN;
  if (!(Number.isSafeInteger(ms) && ms >= 1 && ms <= MAX_TIMEOUT_MS)) {
    throw new UsageError(
      `--timeout takes a whole number of milliseconds from 1 to ${MAX_TIMEOUT_MS} (about 24.8 days), got "${oneLine(value, 40)}".`,
    );
  }
  return ms;
}

/** The signals that end a run like Ctrl-C does, with their numbers (exit code 128 + n). */
const STOP_SIGNALS = { SIGHUP: 1, SIGINT: 2, SIGQUIT: 3, SIGTERM: 15 } as const;
type StopSignal = keyof typeof STOP_SIGNALS;

/** `roster run AGENT --task TEXT …`: the executor, dry run unless --runner is given. */
export async function runAgent(app: App, agent: string, flags: RunFlags): Promise<number> {
  const tasks = flags.task ?? [];
  if (tasks.length === 0) throw new UsageError("roster run needs at least one --task TEXT.");
  let runner = createDryRunRunner();
  const dryRun = flags.runner === undefined;
  if (!dryRun) {
    const [command, ...args] = splitArguments(flags.runner!);
    if (!command) throw new UsageError('--runner needs a command, like --runner "node child.mjs".');
    runner = createProcessRunner({ command, args });
  }
  const config = app.loaded.config;
  const o = app.output;
  const maxDepth = parseInteger("--max-depth", flags.maxDepth, { min: -1 });
  const timeoutMs = timeout(flags.timeout);

  // The session's depth comes from the environment; one that cannot be read refuses the run.
  const fromEnv = readSessionFromEnv(app.env);
  for (const d of fromEnv.diagnostics)
    if (d.severity !== "error") o.err(`roster: ${d.severity}: ${d.message}`);
  const unreadable = fromEnv.diagnostics.find((d) => d.severity === "error");
  // With --json the answer is printed as { error, code } where errors are reported.
  if (unreadable) throw new FindingError(unreadable.message, { code: unreadable.code });
  const session: TaskSession = {
    cwd: app.ctx.cwd,
    depth: fromEnv.depth,
    planMode: flags.planMode === true,
    settings: {
      maxRecursionDepth: maxDepth ?? config.maxRecursionDepth ?? 2,
      maxConcurrency: config.maxConcurrency ?? 4,
      disabledAgents: config.disabledAgents ?? [],
      agentModelOverrides: config.agentModelOverrides ?? {},
    },
  };
  if (fromEnv.spawns !== undefined) session.spawns = fromEnv.spawns;
  if (timeoutMs !== undefined) session.settings!.timeoutMs = timeoutMs;

  const input: TaskInput = {
    agent,
    tasks: tasks.map((assignment, i) => ({
      id: `task-${i + 1}`,
      description: assignment.slice(0, 60),
      assignment,
    })),
  };
  if (flags.context !== undefined) input.context = flags.context;
  if (flags.schema !== undefined) {
    try {
      JSON.parse(flags.schema);
    } catch {
      throw new UsageError(`--schema takes a JSON schema, got "${oneLine(flags.schema, 40)}".`);
    }
    input.schema = flags.schema;
  }

  // Every process group and the run's temp folder are known to the reaper: whatever way
  // roster ends (a signal, a closed pipe, an uncaught error, process.exit), they go with it.
  const reaper = createReaper();
  process.on("exit", () => reaper.reapAll());
  const tool = createTaskTool({
    registry: app.registry,
    ctx: app.ctx,
    runner,
    env: app.env,
    cache: app.cache,
    reaper,
  });
  const controller = new AbortController();
  let caught: StopSignal | undefined;
  const onSignal = (signal: StopSignal) => {
    if (caught !== undefined) {
      // A second signal: leave now (the exit handler kills and removes what is left).
      process.exit(128 + STOP_SIGNALS[signal]);
    }
    caught = signal;
    controller.abort(new Error(`interrupted by ${signal}`));
  };
  const signals = Object.keys(STOP_SIGNALS) as StopSignal[];
  for (const signal of signals) process.on(signal, onSignal);

  // Results are printed as they arrive: in finish order for people, in input order in JSON.
  const total = input.tasks.length;
  const stream = o.json
    ? createJsonArrayStream({
        key: dryRun ? "invocations" : "results",
        total,
        write: o.raw,
        ...(dryRun ? { fields: { dryRun: true } } : {}),
      })
    : undefined;
  // A human dry run prints one invocation per line (JSON Lines), in input order.
  const pending = createInOrder(total, (value) => o.raw(JSON.stringify(value)));
  const progress = showProgress(app, total, dryRun);
  let failed = false;
  const onResult = (r: TaskResult, index: number) => {
    if (r.error !== undefined || r.exitCode !== 0) failed = true;
    if (dryRun) {
      const invocation = (r.data as { invocation?: unknown } | undefined)?.invocation;
      // Absent values are left out, as everywhere in roster's JSON (the executor says `model: null`).
      const value = omitNulls(invocation ?? { id: r.id, error: r.error ?? "no invocation" });
      if (stream) stream.put(index, value);
      else pending.put(index, value);
      return;
    }
    if (stream) {
      stream.put(index, r);
      return;
    }
    const status = r.error ? paint(o, "red", r.error) : paint(o, "green", `exit ${r.exitCode}`);
    progress.clear();
    o.out(
      line`${paint(o, "bold", `[${r.id}] ${r.agent}`)} ${status} ${paint(o, "dim", `${r.durationMs} ms`)}`,
    );
    if (r.output) o.out(new Block(r.output.trimEnd()));
  };

  let outcome: Awaited<ReturnType<typeof tool.execute>>;
  try {
    outcome = await tool.execute(input, session, { signal: controller.signal, onResult, keepResults: false });
  } finally {
    progress.stop();
    for (const signal of signals) process.off(signal, onSignal);
  }
  if (outcome.status === "refused") {
    const discovery = await discoverAgents(app.registry, app.ctx, { cache: app.cache });
    const finding = shortenRefusal(
      outcome,
      agent,
      discovery.agents.map((a) => a.name),
    );
    if (o.json) {
      const { suggestions } = finding.details;
      printJson(o, { error: outcome.message, code: outcome.code, ...(suggestions ? { suggestions } : {}) });
      finding.details.printed = true;
    }
    throw finding;
  }
  stream?.end();
  if (dryRun) o.err("roster: dry run, nothing was started (--runner CMD runs the tasks).");
  if (caught !== undefined) return 128 + STOP_SIGNALS[caught];
  if (dryRun) return 0;
  return failed ? 1 : 0;
}

/** Calls `print` for values in index order, holding only those that arrive early. */
function createInOrder(total: number, print: (value: unknown) => void) {
  const waiting = new Map<number, unknown>();
  let next = 0;
  return {
    put(index: number, value: unknown) {
      waiting.set(index, value);
      while (next < total && waiting.has(next)) {
        const ready = waiting.get(next);
        waiting.delete(next);
        next++;
        print(ready);
      }
    },
  };
}

/**
 * A one-line progress note on stderr, only on a TTY, only when a run takes longer than a
 * second, and never for JSON output or a dry run; erased when the run ends.
 */
function showProgress(app: App, tasks: number, dryRun: boolean): { stop(): void; clear(): void } {
  if (dryRun || app.output.json || process.stderr.isTTY !== true) return { stop() {}, clear() {} };
  const started = Date.now();
  let shown = false;
  const draw = () => {
    shown = true;
    const seconds = Math.round((Date.now() - started) / 1000);
    process.stderr.write(`\r\u001b[2Krunning ${tasks} task(s)… ${seconds}s`);
  };
  const delay = setTimeout(() => {
    draw();
    interval = setInterval(draw, 1000);
    interval.unref();
  }, 1000);
  delay.unref();
  let interval: ReturnType<typeof setInterval> | undefined;
  return {
    stop() {
      clearTimeout(delay);
      if (interval) clearInterval(interval);
      if (shown) process.stderr.write("\r\u001b[2K");
    },
    // Erases the line before a result is printed; the next tick draws it again.
    clear() {
      if (shown) process.stderr.write("\r\u001b[2K");
    },
  };
}
