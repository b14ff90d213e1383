import { join } from "node:path";
import { splitArguments } from "@roster/commands";
import { runnerSettings, trustNoteText, userConfigDir } from "@roster/config";
import { getAgent } from "@roster/core";
import {
  createInOrder,
  createRunRunner,
  createStatusBoard,
  DRY_RUN_CLOSING,
  describePlannedCommand,
  describeResult,
  detachedLine,
  fillFromStdin,
  MAX_TIMEOUT_MS,
  planRun,
  readBounded,
  runExitCode,
  runTasks,
  stopExitCode,
  type TaskResult,
  taskInputOf,
} from "@roster/executor";
import { type HostCommand, pickHost } from "@roster/hosts";
import type { QueueRunFlags } from "@roster/queue";
import { configuredHostRunner, hostIds, missingHost } from "./configured-host.js";
import type { App } from "./context.js";
import { FindingError, UsageError } from "./errors.js";
import { lookUpNames } from "./find-stored-agent.js";
import { parseDuration, parseInteger } from "./flags.js";
import { createJsonArrayStream } from "./json-stream.js";
import { asUsage, usageOf } from "./library-usage.js";
import { line, type Output, omitNulls, oneLine, printJson } from "./output.js";
import { checkProvider, pickAgent } from "./pick-agent.js";
import { shortenRefusal } from "./unknown-name.js";

/** Flags of `roster run`. */
export interface RunFlags extends QueueRunFlags {
  task?: string[];
  context?: string;
  schema?: string;
  runner?: string;
  host?: string;
  dryRun?: boolean;
  planMode?: boolean;
  maxDepth?: string;
  timeout?: string;
  /** No status on stderr: no progress, headers, costs or notes (errors still are). */
  quiet?: boolean;
  /** That provider's definition of the agent, even when another shadows it (SPEC §16). */
  provider?: string;
}

/** `roster run AGENT --task TEXT …`: runs the agent on its host (or `--runner`), or shows what would run. */
export async function runAgent(app: App, agent: string, flags: RunFlags): Promise<number> {
  if ((flags.task ?? []).length === 0)
    throw new UsageError("roster run needs at least one --task TEXT (--task - reads it from stdin).");
  checkProvider(app.registry.ids(), flags.provider);
  // `--queue` (SPEC §21): the tasks become jobs for the fleet's workers (@roster/queue).
  const queueing = flags.queue !== undefined || flags.detach === true || (flags.repo ?? []).length > 0;
  const queueModule = queueing ? await import("@roster/queue") : undefined;
  await usageOf(() => queueModule?.checkQueueFlags(flags));
  // One lookup of the agent, stopping at the first family that defines it, serves the host's
  // choice, the queue and the task tool; a name it does not settle goes to the whole
  // discovery, one per run, which the task tool and a refusal's did-you-mean share.
  const lookup = lookUpNames(app);
  const findAgent = async () =>
    (flags.provider === undefined ? await lookup.agent(agent) : undefined) ??
    getAgent(await lookup.whole(), agent, flags.provider !== undefined ? { provider: flags.provider } : {});
  // A provider that does not define the agent: said as show and why say it, before anything runs.
  if (flags.provider !== undefined) pickAgent(await lookup.whole(), agent, flags.provider);
  const config = app.loaded.config;
  const o = app.output;
  const quiet = flags.quiet === true;
  const maxDepth = parseInteger("--max-depth", flags.maxDepth, { min: -1 });
  const timeoutMs = parseDuration("--timeout", flags.timeout, MAX_TIMEOUT_MS);
  const { tasks, context } = await usageOf(() =>
    fillFromStdin({
      tasks: flags.task ?? [],
      ...(flags.context !== undefined ? { context: flags.context } : {}),
      read: (flag) => readBounded(flag, process.stdin),
    }),
  );
  const plan = await usageOf(() =>
    planRun({
      ...(flags.runner !== undefined ? { runner: splitArguments(flags.runner) } : {}),
      ...(flags.host !== undefined ? { host: flags.host } : {}),
      hostIds: hostIds(app),
      async agentHost() {
        const found = await findAgent();
        // An unknown agent is refused by the task tool with its own text; any host will do until then.
        if (!found) {
          const first = hostIds(app)[0];
          if (first === undefined)
            throw new UsageError("no family of this app has an agent host: give --runner");
          return { host: first };
        }
        const defaultHost = config.defaultHost;
        const choice = pickHost(found, app.families.families, defaultHost ? { defaultHost } : {});
        return choice.host !== null
          ? { host: choice.host }
          : { host: null, agent: found.name, provider: found.provider };
      },
      configFile: join(userConfigDir({ home: app.ctx.home, env: app.env }), "config.json"),
      dryRun: flags.dryRun === true,
      queued: flags.queue !== undefined,
      env: app.env,
      cwd: app.ctx.cwd,
      planMode: flags.planMode === true,
      settings: runnerSettings(config, maxDepth),
      ...(timeoutMs !== undefined ? { timeoutMs } : {}),
    }),
  );
  const { mode, dryRun, hostDryRun, session } = plan;
  const hostName = plan.host;
  const hostRunner = mode.kind === "host" && !plan.queued ? configuredHostRunner(app, mode.host) : undefined;
  // The session's depth comes from the environment; one that cannot be read refuses the run.
  for (const d of plan.warnings) o.err(`roster: ${d.severity}: ${d.message}`);
  // With --json the answer is printed as { error, code } where errors are reported.
  if (plan.refusal) throw new FindingError(plan.refusal.message, { code: plan.refusal.code });

  const queue =
    plan.queued && hostName !== undefined
      ? await usageOf(() =>
          queueModule!.prepareQueueRun({
            target: queueModule!.parseRedisUrl(flags.queue!),
            host: hostName,
            agent,
            findAgent,
            repos: flags.repo ?? [],
            detach: flags.detach === true,
            quiet: quiet || o.json,
            cwd: app.ctx.cwd,
            env: app.env,
            ...(config.agentModelOverrides ? { modelOverrides: config.agentModelOverrides } : {}),
            ...(flags.schema !== undefined ? { schema: flags.schema } : {}),
            session: plan.carried!,
            onNote: (note) => o.err(line`roster: note: ${note}`),
          }),
        )
      : undefined;
  const missing = mode.kind === "host" && !plan.queued && !dryRun ? missingHost(app, mode.host) : undefined;
  const built = createRunRunner({
    plan,
    ...(hostRunner ? { hostRunner } : {}),
    ...(queue ? { queueRunner: queue.runner } : {}),
    ...(missing !== undefined ? { missingHost: missing } : {}),
  });
  const runner = built.runner;

  const input = taskInputOf({
    agent,
    ...(flags.provider !== undefined ? { provider: flags.provider } : {}),
    tasks,
    ...(context !== undefined ? { context } : {}),
  });
  if (queue) {
    // One job per task and repository, all queued at once: the fleet decides how many run.
    input.tasks = queue.expand(input.tasks);
    session.settings!.maxConcurrency = input.tasks.length;
  }
  if (flags.schema !== undefined) {
    try {
      JSON.parse(flags.schema);
    } catch {
      throw new UsageError(`--schema takes a JSON schema, got "${oneLine(flags.schema, 40)}".`);
    }
    input.schema = flags.schema;
  }

  // A TTY gets one status line per task (queued / running / done in Ns / failed), on stderr.
  const board =
    dryRun || o.json || quiet
      ? undefined
      : createStatusBoard({
          ids: input.tasks.map((t) => t.id),
          tty: process.stderr.isTTY === true,
          write: (text) => process.stderr.write(text),
        });

  // Results are printed as they arrive: in finish order for people, in input order in JSON.
  const total = input.tasks.length;
  // --json: one object, whatever ran (`{ schemaVersion, results }` or, for a dry run,
  // `{ schemaVersion, dryRun: true, invocations }`).
  const detached = queue !== undefined && flags.detach === true;
  const stream = o.json
    ? createJsonArrayStream({
        key: dryRun ? "invocations" : detached ? "jobs" : "results",
        total,
        write: o.raw,
        ...(dryRun ? { fields: { dryRun: true } } : {}),
      })
    : undefined;
  // A dry run prints one invocation per line, in input order: a runner's invocations as JSON
  // Lines, a host's commands as a shell-like line.
  const folder = app.loaded.project?.folder;
  const pending = createInOrder(total, (value) => {
    if (hostDryRun) printPlan(o, value as { id: string; plan: HostCommand }, folder);
    else if (detached) o.raw(String(value));
    else o.raw(JSON.stringify(value));
  });
  let failed = false;
  const onResult = (r: TaskResult, index: number) => {
    if (built.deferred()) return;
    if (r.error !== undefined || r.exitCode !== 0) failed = true;
    if (dryRun) {
      if (hostDryRun) {
        if (r.error !== undefined) o.err(`roster: ${r.id}: ${r.error}`);
        if (stream)
          stream.put(
            index,
            r.error !== undefined ? { id: r.id, error: r.error } : { id: r.id, ...(r.data as HostCommand) },
          );
        else if (r.error === undefined) pending.put(index, { id: r.id, plan: r.data as HostCommand });
        return;
      }
      const invocation = (r.data as { invocation?: unknown } | undefined)?.invocation;
      // Absent values are left out, as everywhere in roster's JSON (the executor says `model: null`).
      const value = omitNulls(invocation ?? { id: r.id, error: r.error ?? "no invocation" });
      if (stream) stream.put(index, value);
      else pending.put(index, value);
      return;
    }
    if (detached) {
      // `--detach`: the job ids (one per line, for `roster queue wait`); results come later.
      const jobId = (r as { jobId?: string }).jobId;
      if (stream) stream.put(index, r.error === undefined ? { id: r.id, jobId, host: hostName } : r);
      else if (r.error === undefined && jobId !== undefined) pending.put(index, jobId);
      else o.err(line`roster: ${r.id}: ${r.error ?? "not queued"}`);
      return;
    }
    if (stream) {
      stream.put(index, hostName ? { ...r, host: hostName } : r);
      return;
    }
    const print = () => printResult(o, r, { host: hostName, quiet, answers });
    if (board) board.print(print);
    else print();
  };
  const answers = { printed: 0 };

  let ended: Awaited<ReturnType<typeof runTasks>>;
  try {
    ended = await runTasks({
      registry: app.registry,
      ctx: app.ctx,
      runner,
      env: app.env,
      cache: app.cache,
      findAgent: lookup.agent,
      discover: lookup.whole,
      input,
      session,
      onResult,
      onTask: (id, state) => board?.update(id, state),
    });
  } finally {
    board?.stop();
    await queue?.close();
  }
  const { outcome } = ended;
  if (outcome.status === "refused") {
    const discovery = await lookup.whole();
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
  const deferred = built.deferred();
  if (deferred) {
    if (o.json) printJson(o, { error: deferred.message });
    throw asUsage(deferred);
  }
  stream?.end();
  if (detached && !quiet && !o.json) o.err(detachedLine(input.tasks.length, queue!.target.shown));
  if (dryRun && !quiet) o.err(DRY_RUN_CLOSING);
  return runExitCode(plan, { failed, ...(ended.signal ? { signalCode: stopExitCode(ended.signal) } : {}) });
}

/** One planned host command, its stdin, files and notes (@roster/executor's lines). */
function printPlan(o: Output, { id, plan }: { id: string; plan: HostCommand }, folder?: string): void {
  const notes = [...plan.notes, ...plan.trustNotes.map((note) => trustNoteText(note, folder))];
  for (const text of describePlannedCommand(o, { id, plan, notes })) o.out(text);
}

/**
 * One finished task: the answer alone on stdout, the header, notes and a failure's stderr
 * tail on stderr (@roster/executor's `describeResult`).
 */
export function printResult(
  o: Output,
  r: TaskResult,
  options: { host: string | undefined; quiet: boolean; answers: { printed: number } },
): void {
  const said = describeResult(r, {
    host: options.host,
    quiet: options.quiet,
    first: options.answers.printed === 0,
  });
  for (const { to, text } of said) o[to](text);
  if (said.some((s) => s.to === "out")) options.answers.printed++;
}
