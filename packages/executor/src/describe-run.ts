// What `roster run` says: a planned host command (a dry run), one finished task, and the
// status board of a run's tasks. Lines only (@roster/terminal): the CLI prints them.
import {
  Block,
  count,
  type Fit,
  type Line,
  line,
  oneLine,
  Styled,
  sentenceLines,
  type Text,
} from "@roster/terminal";
import { commandLine } from "./command-line.js";
import { summarizeResult } from "./summarize-result.js";
import { createTaskBoard } from "./task-board.js";
import type { TaskResult } from "./types.js";

/** A line for stdout or for stderr, in the order they are written. */
export interface SaidLine {
  to: "out" | "err";
  text: Text;
}

/** A host command as a dry run shows it: what runs, its stdin and the files written for it. */
export interface PlannedCommand {
  env: Readonly<Record<string, string>>;
  command: string;
  args: readonly string[];
  stdin: string;
  files: ReadonlyArray<{ path: string; content: string }>;
}

/** The indentation of a note's lines after its first (under the text, past `  note: `). */
const NOTE_INDENT = "        ";

/**
 * One note of a plan: a sentence, so on a terminal it wraps at spaces under itself (the
 * terminal would break it mid-word); piped, one line.
 */
export function noteLines(view: Fit, note: string): Line[] {
  const width = view.columns === undefined ? undefined : Math.max(20, view.columns - NOTE_INDENT.length);
  return sentenceLines({ columns: width }, `note: ${note}`).map(
    (piece, n) =>
      line`${n === 0 ? "  " : NOTE_INDENT}${new Styled("yellow", n === 0 ? piece : piece.trimStart())}`,
  );
}

/**
 * One planned host command: a shell-like line (never wrapped: it is there to be copied), its
 * stdin and files, then its notes (`--json` puts the plan in `invocations`).
 */
export function describePlannedCommand(
  view: Fit,
  options: { id: string; plan: PlannedCommand; notes: readonly string[] },
): Line[] {
  const { id, plan } = options;
  return [
    line`${new Styled("bold", `[${id}]`)} ${commandLine(plan)}`,
    line`  stdin (${Buffer.byteLength(plan.stdin)} bytes): ${oneLine(JSON.stringify(plan.stdin), 200)}`,
    ...plan.files.map((file) => line`  file ${file.path} (${Buffer.byteLength(file.content)} bytes)`),
    ...options.notes.flatMap((note) => noteLines(view, note)),
  ];
}

/**
 * One finished task. stdout gets the answer alone (after a blank line unless it is the
 * first); stderr the header — id, agent, host, status, session and cost — unless `quiet`,
 * and a failure always, once; the tail of the host's stderr unless `quiet`.
 */
export function describeResult(
  r: TaskResult,
  options: { host: string | undefined; quiet: boolean; first: boolean },
): SaidLine[] {
  const said: SaidLine[] = [];
  const summary = summarizeResult(r);
  const on = options.host ? ` on ${options.host}` : "";
  const status = new Styled(summary.failed ? "red" : "green", summary.status);
  const more = summary.extras.length ? new Styled("dim", ` (${summary.extras.join(", ")})`) : undefined;
  if (summary.failed || !options.quiet)
    said.push({ to: "err", text: line`${new Styled("bold", `[${r.id}] ${r.agent}${on}`)} ${status}${more}` });
  if (!options.quiet)
    for (const note of summary.notes)
      said.push({ to: "err", text: line`  ${new Styled("yellow", `note: ${note}`)}` });
  if (summary.answer !== undefined) {
    if (!options.first) said.push({ to: "out", text: "" });
    said.push({ to: "out", text: new Block(summary.answer) });
  }
  const tail = options.quiet ? undefined : summary.stderrTail;
  if (tail) {
    said.push({ to: "err", text: line`  ${new Styled("dim", `stderr (last ${tail.length} lines):`)}` });
    for (const text of tail) said.push({ to: "err", text: line`  ${new Styled("dim", text)}` });
  }
  return said;
}

/** The closing stderr line of `run --detach`: how many jobs, where, and how to collect them. */
export function detachedLine(jobs: number, queue: string): Line {
  return line`roster: queued ${count(jobs, "job")} on ${queue}; \`roster queue wait ID… --queue ${queue}\` collects the results`;
}

/** The closing stderr line of a dry run. */
export const DRY_RUN_CLOSING = "roster: dry run, nothing was started (without --dry-run the tasks run).";

/** A status board: one line per task, redrawn in place on a terminal. */
export interface StatusBoard {
  /** A task starts or ends. */
  update(id: string, state: "running" | "done" | "failed"): void;
  /** Writes something (a result) above the board. */
  print(write: () => void): void;
  /** Stops redrawing; the last state stays drawn. */
  stop(): void;
}

/**
 * One status line per task (queued / running Ns / done in Ns / failed), drawn only when
 * `tty`, redrawn every `everyMs` (1 s); what is printed meanwhile appears above the lines.
 * `write` is the terminal's (stderr); `now` the clock.
 */
export function createStatusBoard(options: {
  ids: readonly string[];
  tty: boolean;
  write: (text: string) => void;
  now?: () => number;
  everyMs?: number;
}): StatusBoard {
  const { tty, write } = options;
  const now = options.now ?? Date.now;
  const board = createTaskBoard(options.ids);
  let drawn = 0;
  const clear = () => {
    if (drawn > 0) write(`\u001b[${drawn}F\u001b[J`);
    drawn = 0;
  };
  const draw = () => {
    if (!tty) return;
    clear();
    const lines = board.lines(now());
    write(`${lines.join("\n")}\n`);
    drawn = lines.length;
  };
  const timer = tty ? setInterval(draw, options.everyMs ?? 1000) : undefined;
  timer?.unref();
  draw();
  return {
    update(id, state) {
      board.update(id, state, now());
      draw();
    },
    print(print) {
      if (tty) clear();
      print();
      draw();
    },
    stop() {
      if (timer) clearInterval(timer);
      if (tty) draw();
    },
  };
}
