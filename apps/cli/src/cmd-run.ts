import { tmpdir } from "node:os";
import { join } from "node:path";
import { splitArguments } from "@roster/commands";
import { runnerSettings, userConfigDir } from "@roster/config";
import { getAgent } from "@roster/core";
import {
  createDryRunRunner,
  createProcessRunner,
  createReaper,
  createTaskTool,
  MAX_TIMEOUT_MS,
  type Runner,
  readSessionFromEnv,
  type TaskInput,
  type TaskResult,
  type TaskSession,
} from "@roster/executor";
import { type HostCommand, type HostId, pickHost } from "@roster/hosts";
import { configuredHostRunner, hostIds, missingHost, trustNoteText } from "./configured-host.js";
import type { App } from "./context.js";
import { FindingError, UsageError } from "./errors.js";
import { lookUpNames, type NameLookup } from "./find-stored-agent.js";
import { parseDuration, parseInteger } from "./flags.js";
import { createJsonArrayStream } from "./json-stream.js";
import {
  Block,
  count,
  line,
  type Output,
  omitNulls,
  oneLine,
  paint,
  printJson,
  sentenceLines,
} from "./output.js";
import { checkProvider, pickAgent } from "./pick-agent.js";
import type { QueueRun, QueueRunFlags } from "./queue-run.js";
import { readStdinBounded } from "./read-stdin.js";
import { STOP_SIGNALS, type StopSignal } from "./stop-signals.js";
import { shortenRefusal, unknownValue } from "./unknown-name.js";

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

/**
 * `--task -` and `--context -` read stdin (once: only one of them may be `-`). Returns the
 * assignments and context with stdin put in.
 */
async function readDashes(flags: RunFlags): Promise<{ tasks: string[]; context?: string }> {
  const tasks = flags.task ?? [];
  const dashes = tasks.filter((t) => t === "-").length + (flags.context === "-" ? 1 : 0);
  if (dashes === 0) return { tasks, ...(flags.context !== undefined ? { context: flags.context } : {}) };
  if (dashes > 1) throw new UsageError("Only one --task or --context can read stdin (-).");
  const flag = flags.context === "-" ? "--context" : "--task";
  const text = await readStdinBounded(flag);
  return {
    tasks: tasks.map((t) => (t === "-" ? text : t)),
    ...(flags.context !== undefined ? { context: flags.context === "-" ? text : flags.context } : {}),
  };
}

/** How the tasks run: a custom command, an agent host, or no host (an error said only once the call passed the executor's checks). */
type Mode =
  | { kind: "runner"; command: string; args: string[] }
  | { kind: "host"; host: HostId }
  | { kind: "none"; error: UsageError };

/** `--host auto` (the default): the host of the agent's family, else `defaultHost` from the config. */
async function chooseMode(app: App, agentName: string, flags: RunFlags, lookup: NameLookup): Promise<Mode> {
  if (flags.runner !== undefined) {
    if (flags.host !== undefined)
      throw new UsageError("--runner and --host cannot be used together: pick one.");
    const [command, ...args] = splitArguments(flags.runner);
    if (!command) throw new UsageError('--runner needs a command, like --runner "node child.mjs".');
    return { kind: "runner", command, args };
  }
  const wanted = flags.host ?? "auto";
  const hosts = hostIds(app);
  if (wanted !== "auto" && !hosts.includes(wanted))
    throw unknownValue("host", "--host", wanted, [...hosts, "auto"]);
  if (wanted !== "auto") return { kind: "host", host: wanted };
  const agent =
    (flags.provider === undefined ? await lookup.agent(agentName) : undefined) ??
    getAgent(
      await lookup.whole(),
      agentName,
      flags.provider !== undefined ? { provider: flags.provider } : {},
    );
  // An unknown agent is refused by the task tool with its own text; any host will do until then
  // (the first of the app's), and with none the refusal comes first all the same.
  if (!agent) {
    const first = hosts[0];
    if (first !== undefined) return { kind: "host", host: first };
    return { kind: "none", error: new UsageError("no family of this app has an agent host: give --runner") };
  }
  const defaultHost = app.loaded.config.defaultHost;
  const choice = pickHost(agent, app.families.families, defaultHost ? { defaultHost } : {});
  if (choice.host === null) {
    const config = join(userConfigDir({ home: app.ctx.home, env: app.env }), "config.json");
    const error = new UsageError(
      `Agent "${agent.name}" comes from ${agent.provider}, which has no agent host of its own: ` +
        `choose one with --host ${hosts.join("|")}, or set "defaultHost" in ${config}.`,
    );
    return { kind: "none", error };
  }
  return { kind: "host", host: choice.host };
}

/** `roster run AGENT --task TEXT …`: runs the agent on its host (or `--runner`), or shows what would run. */
export async function runAgent(app: App, agent: string, flags: RunFlags): Promise<number> {
  if ((flags.task ?? []).length === 0)
    throw new UsageError("roster run needs at least one --task TEXT (--task - reads it from stdin).");
  checkProvider(app.registry.ids(), flags.provider);
  // `--queue` (SPEC §21): the tasks become jobs for the fleet's workers (queue-run.ts).
  const queueing = flags.queue !== undefined || flags.detach === true || (flags.repo ?? []).length > 0;
  const queueModule = queueing ? await import("./queue-run.js") : undefined;
  queueModule?.checkQueueFlags(flags);
  // One lookup of the agent, stopping at the first family that defines it, serves the host's
  // choice and the task tool; a name it does not settle goes to the whole discovery, one per
  // run, which the task tool and a refusal's did-you-mean share.
  const lookup = lookUpNames(app);
  // A provider that does not define the agent: said as show and why say it, before anything runs.
  if (flags.provider !== undefined) pickAgent(await lookup.whole(), agent, flags.provider);
  const config = app.loaded.config;
  const o = app.output;
  const quiet = flags.quiet === true;
  const maxDepth = parseInteger("--max-depth", flags.maxDepth, { min: -1 });
  const timeoutMs = parseDuration("--timeout", flags.timeout, MAX_TIMEOUT_MS);
  const { tasks, context } = await readDashes(flags);
  const mode = await chooseMode(app, agent, flags, lookup);
  const dryRun = flags.dryRun === true;
  const queued = flags.queue !== undefined;
  const hostRunner = mode.kind === "host" && !queued ? configuredHostRunner(app, mode.host) : undefined;

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
    settings: runnerSettings(config, maxDepth),
  };
  if (fromEnv.spawns !== undefined) session.spawns = fromEnv.spawns;
  if (timeoutMs !== undefined) session.settings!.timeoutMs = timeoutMs;

  // A problem found before the run is raised only when the executor lets the call through, so
  // its refusals (unknown, disabled, spawn policy) keep precedence.
  let deferred: Error | undefined;
  const failing = (error: Error): Runner => ({
    async run() {
      deferred = error;
      return { exitCode: null, output: "", stderr: "", truncated: false, error: error.message };
    },
  });
  let runner: Runner;
  let queue: QueueRun | undefined;
  if (mode.kind === "none") runner = failing(mode.error);
  else if (queued && mode.kind === "host") {
    queue = queueModule!.prepareQueueRun(app, {
      flags,
      agent,
      host: mode.host,
      lookup,
      ...(flags.schema !== undefined ? { schema: flags.schema } : {}),
      session: {
        depth: session.depth ?? 0,
        ...(fromEnv.spawns !== undefined ? { spawns: fromEnv.spawns } : {}),
        planMode: session.planMode === true,
        maxRecursionDepth: session.settings!.maxRecursionDepth!,
        ...(app.env.PI_BLOCKED_AGENT ? { blockedAgent: app.env.PI_BLOCKED_AGENT } : {}),
        ...(timeoutMs !== undefined ? { timeoutMs } : {}),
      },
    });
    // Redis out of reach, a repository that cannot be resolved: one line for the whole run.
    const queueRunner = queue.runner;
    runner = {
      async run(invocation, options) {
        try {
          return await queueRunner.run(invocation, options);
        } catch (error) {
          deferred ??= error as Error;
          return {
            exitCode: null,
            output: "",
            stderr: "",
            truncated: false,
            error: (error as Error).message,
          };
        }
      },
    };
  } else if (mode.kind === "runner")
    runner = dryRun ? createDryRunRunner() : createProcessRunner({ command: mode.command, args: mode.args });
  else if (dryRun) {
    // Starts nothing: the plan of each invocation is the task's data (a dry run's data is not
    // held to the output schema).
    runner = {
      dryRun: true,
      async run(invocation, options) {
        const runDir = join(tmpdir(), `roster-run-${invocation.id}`);
        const data = hostRunner!.plan(invocation, { depth: options.depth, runDir });
        return { exitCode: 0, output: "", stderr: "", truncated: false, data };
      },
    };
  } else {
    const missing = missingHost(app, mode.host);
    runner = missing !== undefined ? failing(new FindingError(missing)) : hostRunner!;
  }

  const input: TaskInput = {
    agent,
    ...(flags.provider !== undefined ? { provider: flags.provider } : {}),
    tasks: tasks.map((assignment, i) => ({
      id: `task-${i + 1}`,
      description: assignment.slice(0, 60),
      assignment,
    })),
  };
  if (queue) {
    // One job per task and repository, all queued at once: the fleet decides how many run.
    input.tasks = queue.expand(input.tasks);
    session.settings!.maxConcurrency = input.tasks.length;
  }
  if (context !== undefined) input.context = context;
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
  const hostName = mode.kind === "host" ? mode.host : undefined;
  // A TTY gets one status line per task (queued / running / done in Ns / failed), on stderr.
  const board = dryRun || o.json || quiet ? undefined : createStatusBoard(input.tasks.map((t) => t.id));
  const tracked: Runner = {
    // The wrapper is the runner the tool sees: it keeps saying whether this is a dry run.
    ...(runner.dryRun === true ? { dryRun: true } : {}),
    async run(invocation, options) {
      board?.update(invocation.id, { state: "running", started: Date.now() });
      const result = await runner.run(invocation, options);
      const failed = result.error !== undefined || result.exitCode !== 0;
      board?.update(invocation.id, { state: failed ? "failed" : "done" });
      return result;
    },
  };
  const tool = createTaskTool({
    registry: app.registry,
    ctx: app.ctx,
    runner: tracked,
    env: app.env,
    cache: app.cache,
    reaper,
    findAgent: lookup.agent,
    discover: lookup.whole,
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
  const hostDryRun = dryRun && mode.kind !== "runner";
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
    if (deferred) return;
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

  let outcome: Awaited<ReturnType<typeof tool.execute>>;
  try {
    // --timeout counts from the process's start (performance.now()'s origin): it bounds the whole run.
    outcome = await tool.execute(input, session, {
      signal: controller.signal,
      onResult,
      keepResults: false,
      timeoutFrom: 0,
    });
  } finally {
    board?.stop();
    for (const signal of signals) process.off(signal, onSignal);
    await queue?.close();
  }
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
  if (deferred) {
    if (o.json) printJson(o, { error: deferred.message });
    throw deferred;
  }
  stream?.end();
  if (detached && !quiet && !o.json)
    o.err(
      line`roster: queued ${count(input.tasks.length, "job")} on ${queue!.target.shown}; \`roster queue wait ID… --queue ${queue!.target.shown}\` collects the results`,
    );
  if (dryRun && !quiet) o.err("roster: dry run, nothing was started (without --dry-run the tasks run).");
  if (caught !== undefined) return 128 + STOP_SIGNALS[caught];
  if (dryRun) return hostDryRun && failed ? 1 : 0;
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

/** One planned host command: a shell-like line, its stdin and files (`--json` puts the plan in `invocations`). */
function printPlan(o: Output, { id, plan }: { id: string; plan: HostCommand }, folder?: string): void {
  const env = Object.entries(plan.env).map(([k, v]) => `${k}=${shellQuote(v)}`);
  const command = [...env, shellQuote(plan.command), ...plan.args.map(shellQuote)].join(" ");
  o.out(line`${paint(o, "bold", `[${id}]`)} ${command}`);
  o.out(line`  stdin (${Buffer.byteLength(plan.stdin)} bytes): ${oneLine(JSON.stringify(plan.stdin), 200)}`);
  for (const file of plan.files) o.out(line`  file ${file.path} (${Buffer.byteLength(file.content)} bytes)`);
  const notes = [...plan.notes, ...plan.trustNotes.map((note) => trustNoteText(note, folder))];
  for (const note of notes) printNote(o, note);
}

/** The indentation of a note's lines after its first (under the text, past `  note: `). */
const NOTE_INDENT = "        ";

/**
 * One note of a plan: a sentence, so on a terminal it wraps at spaces under itself (the
 * terminal would break it mid-word); piped, one line. The command line above it is never
 * wrapped: it is there to be copied.
 */
function printNote(o: Output, note: string): void {
  const width = o.columns === undefined ? undefined : Math.max(20, o.columns - NOTE_INDENT.length);
  sentenceLines({ columns: width }, `note: ${note}`).forEach((piece, n) => {
    o.out(line`${n === 0 ? "  " : NOTE_INDENT}${paint(o, "yellow", n === 0 ? piece : piece.trimStart())}`);
  });
}

/** Quotes a word for a POSIX shell when it needs it. */
function shellQuote(word: string): string {
  if (/^[\w@%+=:,./-]+$/.test(word)) return word;
  return `'${word.replaceAll("'", `'\\''`)}'`;
}

function seconds(ms: number): string {
  return ms < 10_000 ? `${(ms / 1000).toFixed(1)}s` : `${Math.round(ms / 1000)}s`;
}

/**
 * One finished task. stdout gets the answer alone (so `> review.md` holds only it; answers
 * of several tasks are separated by a blank line); stderr gets the header — id, agent, host,
 * status, session and cost — unless `--quiet`, and a failure always, once: a host's message
 * already in the error is not repeated, and the tail of its stderr follows only when roster
 * has no one-line reason of its own (`code`).
 */
export function printResult(
  o: Output,
  r: TaskResult,
  options: { host: string | undefined; quiet: boolean; answers: { printed: number } },
): void {
  const { id, agent } = r;
  const failed = r.error !== undefined || r.exitCode !== 0;
  const extra: string[] = [];
  // A queued task names the worker that ran it.
  const worker = (r as { worker?: unknown }).worker;
  if (typeof worker === "string") extra.push(`worker ${worker}`);
  if (r.sessionId) extra.push(`session ${r.sessionId}`);
  // A cost of nothing on a failure is noise: nothing ran.
  if (r.cost && !(failed && r.cost.amount === 0))
    extra.push(r.cost.unit === "usd" ? `$${r.cost.amount.toFixed(4)}` : `${r.cost.amount} premium requests`);
  const on = options.host ? ` on ${options.host}` : "";
  const status = failed
    ? paint(o, "red", `failed: ${r.error ?? `exit ${r.exitCode}`}`)
    : paint(o, "green", `exit ${r.exitCode}`);
  const more = extra.length ? paint(o, "dim", ` (${extra.join(", ")})`) : undefined;
  if (failed || !options.quiet) o.err(line`${paint(o, "bold", `[${id}] ${agent}${on}`)} ${status}${more}`);
  // What a queue's worker held back from the task (a permission mode above its ceiling).
  const notes = (r as { notes?: unknown }).notes;
  if (!options.quiet && Array.isArray(notes))
    for (const note of notes) o.err(line`  ${paint(o, "yellow", `note: ${String(note)}`)}`);
  const answer = r.output.trimEnd();
  const repeated = failed && answer !== "" && (r.error ?? "").includes(answer.trim());
  if (answer && !repeated) {
    if (options.answers.printed++ > 0) o.out("");
    o.out(new Block(answer));
  }
  if (failed && r.code === undefined && !options.quiet && r.stderr.trim()) {
    const tail = r.stderr.trimEnd().split("\n").slice(-10);
    o.err(line`  ${paint(o, "dim", `stderr (last ${tail.length} lines):`)}`);
    for (const text of tail) o.err(line`  ${paint(o, "dim", text)}`);
  }
}

type TaskState =
  | { state: "queued" }
  | { state: "running"; started: number }
  | { state: "done" | "failed"; ms: number };

/**
 * One status line per task on stderr, only on a TTY (queued / running Ns / done in Ns /
 * failed), redrawn every second; results printed meanwhile appear above the lines.
 */
function createStatusBoard(ids: string[]): {
  update(id: string, next: { state: "running"; started: number } | { state: "done" | "failed" }): void;
  print(write: () => void): void;
  stop(): void;
} {
  const tty = process.stderr.isTTY === true;
  const states = new Map<string, TaskState>(ids.map((id) => [id, { state: "queued" }]));
  let drawn = 0;
  const line = (id: string, s: TaskState) => {
    switch (s.state) {
      case "queued":
        return `${id}  queued`;
      case "running":
        return `${id}  running ${seconds(Date.now() - s.started)}`;
      case "done":
        return `${id}  done in ${seconds(s.ms)}`;
      case "failed":
        return `${id}  failed after ${seconds(s.ms)}`;
    }
  };
  const clear = () => {
    if (drawn > 0) process.stderr.write(`\u001b[${drawn}F\u001b[J`);
    drawn = 0;
  };
  const draw = () => {
    if (!tty) return;
    clear();
    const text = [...states].map(([id, s]) => line(id, s)).join("\n");
    process.stderr.write(`${text}\n`);
    drawn = states.size;
  };
  const timer = tty ? setInterval(draw, 1000) : undefined;
  timer?.unref();
  draw();
  return {
    update(id, next) {
      const before = states.get(id);
      if (next.state === "running") states.set(id, next);
      else {
        const started = before?.state === "running" ? before.started : Date.now();
        states.set(id, { state: next.state, ms: Date.now() - started });
      }
      draw();
    },
    print(write) {
      if (tty) clear();
      write();
      draw();
    },
    stop() {
      if (timer) clearInterval(timer);
      if (tty) draw();
    },
  };
}
