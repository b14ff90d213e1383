import { splitArguments } from "@roster/commands";
import { discoverAgents } from "@roster/core";
import {
  createDryRunRunner,
  createProcessRunner,
  createTaskTool,
  readSessionFromEnv,
  type TaskInput,
  type TaskSession,
} from "@roster/executor";
import type { App } from "./context.js";
import { UsageError } from "./errors.js";
import { parseInteger } from "./flags.js";
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
  const fromEnv = readSessionFromEnv(app.env);
  const maxDepth = parseInteger("--max-depth", flags.maxDepth, { min: -1 });
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
  const timeoutMs = parseInteger("--timeout", flags.timeout, { min: 1, max: 2 ** 31 - 1 });
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

  const tool = createTaskTool({
    registry: app.registry,
    ctx: app.ctx,
    runner,
    env: app.env,
    cache: app.cache,
  });
  const controller = new AbortController();
  const stop = () => controller.abort(new Error("interrupted"));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  let outcome: Awaited<ReturnType<typeof tool.execute>>;
  const progress = showProgress(app, input.tasks.length, dryRun);
  try {
    outcome = await tool.execute(input, session, { signal: controller.signal });
  } finally {
    progress.stop();
    process.off("SIGINT", stop);
    process.off("SIGTERM", stop);
  }
  const o = app.output;
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
  if (dryRun) {
    // Absent values are left out, as everywhere in roster's JSON (the executor says `model: null`).
    const invocations = outcome.results.map((r) => omitNulls((r.data as { invocation: unknown }).invocation));
    o.err("roster: dry run, nothing was started (--runner CMD runs the tasks).");
    // One invocation per line (JSON Lines); --json: one object holding them all.
    if (o.json) printJson(o, { dryRun: true, invocations });
    else for (const invocation of invocations) o.raw(JSON.stringify(invocation));
    return 0;
  }
  const failed = outcome.results.some((r) => r.error !== undefined || r.exitCode !== 0);
  if (o.json) printJson(o, { results: outcome.results });
  else {
    for (const r of outcome.results) {
      const status = r.error ? paint(o, "red", r.error) : paint(o, "green", `exit ${r.exitCode}`);
      o.out(
        line`${paint(o, "bold", `[${r.id}] ${r.agent}`)} ${status} ${paint(o, "dim", `${r.durationMs} ms`)}`,
      );
      if (r.output) o.out(new Block(r.output.trimEnd()));
    }
  }
  return failed ? 1 : 0;
}

/**
 * A one-line progress note on stderr, only on a TTY, only when a run takes longer than a
 * second, and never for JSON output or a dry run; erased when the run ends.
 */
function showProgress(app: App, tasks: number, dryRun: boolean): { stop(): void } {
  if (dryRun || app.output.json || process.stderr.isTTY !== true) return { stop() {} };
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
  };
}
