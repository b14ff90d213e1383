import { join } from "node:path";
import { splitArguments } from "@roster/commands";
import { runnerSettings, trustNoteText, userConfigDir } from "@roster/config";
import { getAgent } from "@roster/core";
import {
  createRunRunner,
  deliverResults,
  fillFromStdin,
  MAX_TIMEOUT_MS,
  planRun,
  readBounded,
  runExitCode,
  runTasks,
  stopExitCode,
  taskInputOf,
} from "@roster/executor";
import type { QueueRunFlags } from "@roster/queue";
import { line } from "@roster/terminal";
import type { App } from "../../context.js";
import { FindingError, UsageError } from "../../errors.js";
import { parseDuration, parseInteger } from "../../flags.js";
import { asUsage, usageOf } from "../../library-usage.js";
import { printJson, SCHEMA_VERSION } from "../../output.js";
import { shortenRefusal } from "../../unknown-name.js";
import { appHosts } from "./configured-host.js";
import { lookUpNames } from "./find-stored-agent.js";
import { checkProvider, pickAgent } from "./pick-agent.js";

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
  const hosts = appHosts(app);
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
      hostIds: hosts.ids,
      agentHost: async () => hosts.agentHost(await findAgent()),
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
  const hostRunner = mode.kind === "host" && !plan.queued ? hosts.runner(mode.host) : undefined;
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
  const missing = mode.kind === "host" && !plan.queued && !dryRun ? hosts.missing(mode.host) : undefined;
  const built = createRunRunner({
    plan,
    ...(hostRunner ? { hostRunner } : {}),
    ...(queue ? { queueRunner: queue.runner } : {}),
    ...(missing !== undefined ? { missingHost: missing } : {}),
  });
  const runner = built.runner;

  const input = await usageOf(() =>
    taskInputOf({
      agent,
      ...(flags.provider !== undefined ? { provider: flags.provider } : {}),
      tasks,
      ...(context !== undefined ? { context } : {}),
      ...(flags.schema !== undefined ? { schema: flags.schema } : {}),
    }),
  );
  queue?.expand(input, session);

  // Results are printed as they arrive: in finish order for people, in input order in JSON
  // (@roster/executor's routing; a TTY gets a status board on stderr).
  const detached = queue !== undefined && flags.detach === true;
  const folder = app.loaded.project?.folder;
  const delivery = deliverResults({
    ids: input.tasks.map((t) => t.id),
    json: o.json,
    schemaVersion: SCHEMA_VERSION,
    dryRun,
    hostDryRun,
    detached,
    host: hostName,
    quiet,
    deferred: () => built.deferred() !== undefined,
    plans: { view: o, trustNote: (note) => trustNoteText(note, folder) },
    board: { tty: process.stderr.isTTY === true, write: (text) => process.stderr.write(text) },
    write: o,
  });

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
      onResult: delivery.onResult,
      onTask: delivery.onTask,
    });
  } finally {
    delivery.stop();
    await queue?.close();
  }
  const { outcome } = ended;
  // A refusal: with --json it is printed as { error, code, suggestions } where errors are reported.
  if (outcome.status === "refused")
    throw shortenRefusal(
      outcome,
      agent,
      (await lookup.whole()).agents.map((a) => a.name),
    );
  const deferred = built.deferred();
  if (deferred) {
    if (o.json) printJson(o, { error: deferred.message });
    throw asUsage(deferred);
  }
  delivery.end(queue ? { queue: queue.target.shown } : {});
  return runExitCode(plan, {
    failed: delivery.failed(),
    ...(ended.signal ? { signalCode: stopExitCode(ended.signal) } : {}),
  });
}
