// The output of a plain `doctor` or `why NAME`, stored with everything the run read, as it saw
// it (a `ReadRecorder`'s record: config, every place listed, every file read, every variable),
// so that a later run asked the same way that sees all of it the same way (a stat-only replay)
// prints the same bytes and exits with the same code without reading or parsing a file. As
// `list` does, the first such run in a place records nothing (recording costs a `doctor` of
// 10,000 files some 40 ms); it leaves a mark, and the next one records and stores.
import type { OutputStore, Replay, Stored } from "./output-store.js";
import type { RecordedReads } from "./recorded.js";
import type { IndexDiagnostic, ReadWindow } from "./types.js";

/** The commands whose output is stored so; each has one answer per place. */
export type StoredCommand = "doctor" | "why";

/** How a run prints: with its flags, everything its bytes depend on besides what it reads. */
export interface PrintedAs {
  json: boolean;
  color: boolean;
  /** The width lines are cut to; none when piped. */
  columns?: number | undefined;
  cwd: string;
  home: string;
}

/** One command's stored answer in one place (see {@link storedRunOf}). */
export interface StoredRun {
  /** The answer stored for a run asked `asked` and printing `as`, when it still holds in `env` and on disk. */
  replay(
    asked: Record<string, unknown>,
    as: PrintedAs,
    env: Record<string, string | undefined>,
  ): Replay | undefined;
  /** Whether such a run was seen here before: the first only leaves a {@link StoredRun.mark}, the next records. */
  seenBefore(): boolean;
  /** Leaves the mark the next run sees (the warnings of a folder that cannot be written). */
  mark(): IndexDiagnostic[];
  /** Stores what a run asked `asked` printed (`chunks`) and its exit code, vouched for by its `reads`. */
  keep(
    run: {
      asked: Record<string, unknown>;
      as: PrintedAs;
      reads: RecordedReads;
      chunks: readonly (string | Uint8Array)[];
      exit: number;
    },
    window: ReadWindow,
  ): Stored;
}

/** What a stored run answers: its flags and how it printed (`columns` `null` when piped). */
const askedOf = (asked: Record<string, unknown>, as: PrintedAs) => ({
  asked,
  json: as.json,
  color: as.color,
  columns: as.columns ?? null,
  cwd: as.cwd,
  home: as.home,
});

/**
 * The stored answer of `kind` in `store` (one place's): the record `<kind>-record` pointing
 * at the bytes `<kind>-output`, handed back only for a run asked and printing the same way.
 */
export function storedRunOf(store: OutputStore, kind: StoredCommand): StoredRun {
  const RECORD = `${kind}-record`;
  const OUTPUT = `${kind}-output`;
  return {
    replay: (asked, as, env) => store.readAnswer(RECORD, { env, asked: askedOf(asked, as) }),
    seenBefore: () => store.has(RECORD),
    mark: () => store.mark(RECORD),
    keep: (run, window) =>
      store.writeAnswer(
        RECORD,
        {
          asked: askedOf(run.asked, run.as),
          reads: run.reads,
          output: { name: OUTPUT, chunks: run.chunks },
          exit: run.exit,
        },
        window,
      ),
  };
}

/** How {@link answerStored} answers one run: what it was asked, how it prints, and how the command runs. */
export interface StoredRunCall {
  /** The run's name and flags. */
  asked: Record<string, unknown>;
  /** How it prints. */
  as: PrintedAs;
  /** The environment the stored answer is checked in. */
  env: Record<string, string | undefined>;
  /** The run's recorder: what the command read through it vouches for what it printed. */
  recorder: ReadWindow & { readonly unusable: string | undefined; reads(): RecordedReads };
  /** Prints a stored answer's bytes. */
  print(bytes: Buffer): void;
  /** Runs the command as it is. */
  run(): Promise<number>;
  /**
   * Runs the command reading through the recorder and printing through a copy: its exit code,
   * what it printed, and whether it wrote to stderr.
   */
  record(): Promise<{ exit: number; chunks: readonly (string | Uint8Array)[]; wroteErr: boolean }>;
  /** Says a warning (a cache folder that cannot be written). */
  warn(message: string): void;
}

/**
 * One run of a stored command through `store`: the stored answer printed when one holds for
 * it, else the command run. The first such run in a place only leaves a mark; the next one
 * records and stores, unless its record cannot be replayed (`recorder.unusable`), it warned
 * on stderr (such a run is printed, never replayed), or (the store's rule) a file it read
 * changed just before or during the run (the racy window). Its exit code.
 */
export async function answerStored(store: StoredRun, call: StoredRunCall): Promise<number> {
  const { asked, as, recorder } = call;
  const warn = (problems: readonly IndexDiagnostic[]) => {
    for (const d of problems) if (d.severity === "warning") call.warn(d.message);
  };
  const replay = store.replay(asked, as, call.env);
  if (replay) {
    call.print(replay.bytes);
    return replay.answer.exit;
  }
  // The first run here: a mark for the next one, which records.
  if (!store.seenBefore()) {
    const exit = await call.run();
    warn(store.mark());
    return exit;
  }
  const { exit, chunks, wroteErr } = await call.record();
  if (recorder.unusable || wroteErr) return exit;
  warn(store.keep({ asked, as, reads: recorder.reads(), chunks, exit }, recorder).problems);
  return exit;
}
