// Where each finished task of `roster run` goes: a JSON stream in input order, in-order lines
// for a dry run or `--detach`, or the answer as it arrives above a status board. The routing
// is the executor's; writing is the caller's (handed `out`, `err` and `raw`).
import { createJsonArrayStream, type Fit, type JsonArrayStream, line, type Text } from "@roster/terminal";
import {
  createStatusBoard,
  DRY_RUN_CLOSING,
  describePlannedCommand,
  describeResult,
  detachedLine,
  type PlannedCommand,
} from "./describe-run.js";
import { createInOrder } from "./task-board.js";
import type { TaskResult } from "./types.js";

/** Where a run's lines go: stdout as lines, stderr as lines, and stdout as exact text. */
export interface RunWriters {
  out(text: Text): void;
  err(text: Text): void;
  raw(text: string): void;
}

/** How a run's results are delivered (see {@link deliverResults}). */
export interface DeliverResultsOptions {
  /** The task ids, in input order. */
  ids: readonly string[];
  /** `--json`: one object, `{ schemaVersion, …, results|invocations|jobs }`. */
  json: boolean;
  /** The `schemaVersion` every JSON answer starts with. */
  schemaVersion: number;
  dryRun: boolean;
  /** A dry run of a host: each result's data is the planned command. */
  hostDryRun: boolean;
  /** `--detach`: each result is a queued job id. */
  detached: boolean;
  host: string | undefined;
  quiet: boolean;
  /** True once the runner deferred an error: results after it are dropped. */
  deferred(): boolean;
  /**
   * How a host dry run's commands are said without `--json` ({@link describePlannedCommand}):
   * fitted to `view`, each of a plan's trust notes in `trustNote`'s words (the CLI's names the
   * `roster trust` that allows it), after its other notes.
   */
  plans: { view: Fit; trustNote(note: string): string };
  /** A status board is drawn for a person (stderr); a terminal redraws it in place. */
  board?: { tty: boolean; write: (text: string) => void };
  write: RunWriters;
}

/** What {@link deliverResults} answers: hand it each result and task state, then stop and end. */
export interface ResultDelivery {
  onResult(r: TaskResult, index: number): void;
  onTask(id: string, state: "running" | "done" | "failed"): void;
  /** Did any task fail (an error or a non-zero exit)? */
  failed(): boolean;
  /** Stops the status board (the run ended, or threw). */
  stop(): void;
  /** Closes the JSON object and says the closing line (queued jobs, a dry run). */
  end(options: { queue?: string }): void;
}

/** A printer of finished tasks as `run` and `queue wait` print them: the first answer alone, then each with its header. */
export function createResultPrinter(
  write: Pick<RunWriters, "out" | "err">,
  quiet: boolean,
): (r: TaskResult, host: string | undefined) => void {
  let printed = 0;
  return (r, host) => {
    const said = describeResult(r, { host, quiet, first: printed === 0 });
    for (const { to, text } of said) write[to](text);
    if (said.some((s) => s.to === "out")) printed++;
  };
}

/** Absent values are left out, as everywhere in roster's JSON (the executor says `model: null`). */
function omitNulls<T>(value: T): T {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null)) as T;
}

/** A host's planned command as a dry run's result carries it: the command and its notes. */
type HostPlan = {
  id: string;
  plan: PlannedCommand & { notes: readonly string[]; trustNotes: readonly string[] };
};

/** One planned host command, its stdin, files and notes, the trust notes last. */
function planLines({ id, plan }: HostPlan, plans: DeliverResultsOptions["plans"]): Text[] {
  const notes = [...plan.notes, ...plan.trustNotes.map((note) => plans.trustNote(note))];
  return describePlannedCommand(plans.view, { id, plan, notes });
}

/** The routing of a run's results to stdout and stderr, by mode (JSON, dry run, detach, answers). */
export function deliverResults(options: DeliverResultsOptions): ResultDelivery {
  const { json, dryRun, hostDryRun, detached, host, quiet, write } = options;
  const total = options.ids.length;
  const board =
    dryRun || json || quiet || !options.board
      ? undefined
      : createStatusBoard({ ids: options.ids, ...options.board });
  const stream: JsonArrayStream | undefined = json
    ? createJsonArrayStream({
        key: dryRun ? "invocations" : detached ? "jobs" : "results",
        total,
        write: write.raw,
        fields: { schemaVersion: options.schemaVersion, ...(dryRun ? { dryRun: true } : {}) },
      })
    : undefined;
  // A dry run prints one invocation per line, in input order: a runner's invocations as JSON
  // Lines, a host's commands as a shell-like line.
  const pending = createInOrder(total, (value) => {
    if (hostDryRun) for (const text of planLines(value as HostPlan, options.plans)) write.out(text);
    else if (detached) write.raw(String(value));
    else write.raw(JSON.stringify(value));
  });
  const print = createResultPrinter(write, quiet);
  let failed = false;
  const onResult = (r: TaskResult, index: number): void => {
    if (options.deferred()) return;
    if (r.error !== undefined || r.exitCode !== 0) failed = true;
    if (dryRun) {
      if (hostDryRun) {
        if (r.error !== undefined) write.err(`roster: ${r.id}: ${r.error}`);
        if (stream)
          stream.put(
            index,
            r.error !== undefined ? { id: r.id, error: r.error } : { id: r.id, ...(r.data as object) },
          );
        else if (r.error === undefined) pending.put(index, { id: r.id, plan: r.data });
        return;
      }
      const invocation = (r.data as { invocation?: unknown } | undefined)?.invocation;
      const value = omitNulls(invocation ?? { id: r.id, error: r.error ?? "no invocation" });
      if (stream) stream.put(index, value);
      else pending.put(index, value);
      return;
    }
    if (detached) {
      // `--detach`: the job ids (one per line, for `roster queue wait`); results come later.
      const jobId = (r as { jobId?: string }).jobId;
      if (stream) stream.put(index, r.error === undefined ? { id: r.id, jobId, host } : r);
      else if (r.error === undefined && jobId !== undefined) pending.put(index, jobId);
      else write.err(line`roster: ${r.id}: ${r.error ?? "not queued"}`);
      return;
    }
    if (stream) {
      stream.put(index, host ? { ...r, host } : r);
      return;
    }
    if (board) board.print(() => print(r, host));
    else print(r, host);
  };
  return {
    onResult,
    onTask: (id, state) => board?.update(id, state),
    failed: () => failed,
    stop: () => board?.stop(),
    end({ queue }) {
      stream?.end();
      if (detached && !quiet && !json && queue !== undefined) write.err(detachedLine(total, queue));
      if (dryRun && !quiet) write.err(DRY_RUN_CLOSING);
    },
  };
}
