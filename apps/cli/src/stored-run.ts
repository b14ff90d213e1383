// The output of a plain `doctor` or `why NAME`, stored with everything the run read, as it saw
// it (a `ReadRecorder`'s record: config, every place listed, every file read, every variable),
// so that a later run asked the same way that sees all of it the same way (a stat-only replay)
// prints the same bytes and exits with the same code without reading or parsing a file. As
// `list` does, the first such run in a place records nothing (recording costs a `doctor` of
// 10,000 files some 40 ms); it leaves a mark, and the next one records and stores.
import { createHash } from "node:crypto";
import { isRecordedReads, type PersistentIndex, type RecordedReads, stillSeen } from "@roster/index";
import type { App } from "./context.js";
import { cacheWanted } from "./list-cache.js";
import { listingIndex, RACY_MS, storedJson } from "./list-shortcut.js";
import { createOutput, type Output } from "./output.js";

/** The commands whose output is stored so; each has one record and one output per place. */
export type StoredCommand = "doctor" | "why";

/** The layout of a record. */
const FORM = "run-1";
/** Stored by a run that did not record: the next one in this place records. */
const SEEN = "seen";

/** What a stored run was: how it was asked and printed, its exit code, what it read. */
interface StoredRecord {
  asked: string;
  exit: number;
  output: string;
  reads: RecordedReads;
}

function isRecord(value: unknown): value is StoredRecord {
  const r = value as Partial<StoredRecord> | null;
  return (
    typeof r === "object" &&
    r !== null &&
    typeof r.asked === "string" &&
    typeof r.exit === "number" &&
    typeof r.output === "string" &&
    isRecordedReads(r.reads)
  );
}

/** A run that may be answered from, or stored in, the cache ({@link outputStore}). */
interface OutputStore {
  /** The stored output, printed, and its exit code; `undefined` when none holds for this run. */
  replay(): number | undefined;
  /**
   * Runs the command with an app that reads through the recorder and prints through a copy
   * kept for the store (when this place had such a run before), stores what it printed, and
   * gives its exit code.
   */
  run(command: (app: App) => Promise<number>): Promise<number>;
}

/**
 * Runs `command` (a plain `doctor`, `why NAME`) from its stored output when one holds for this
 * run asked `asked` (its name and flags), else runs it, storing what it printed when it may.
 * `command` must read through the app it is given (its `ctx`, its `env`) and print through its
 * `output`.
 */
export async function withStoredOutput(
  app: App,
  kind: StoredCommand,
  asked: Record<string, unknown>,
  command: (app: App) => Promise<number>,
): Promise<number> {
  const store = outputStore(app, kind, asked);
  if (!store) return command(app);
  return store.replay() ?? store.run(command);
}

/**
 * The store of `kind` asked `asked`, or `undefined` where none may be used: `--no-cache` or
 * `ROSTER_NO_CACHE=1`, no recorder (`--config`, `--debug`, `--as`), or a config that runs code
 * (its record is spoiled).
 */
function outputStore(app: App, kind: StoredCommand, asked: Record<string, unknown>): OutputStore | undefined {
  const RECORD = `${kind}-record`;
  const OUTPUT = `${kind}-output`;
  const recorder = app.recorder;
  if (!recorder || recorder.unusable || !cacheWanted(app)) return undefined;
  const o = app.output;
  // Everything the bytes depend on besides what the run reads: the flags and how it prints.
  const how = JSON.stringify({
    asked,
    json: o.json,
    color: o.color,
    columns: o.columns ?? null,
    cwd: o.cwd,
    home: o.home,
  });
  let index: PersistentIndex | undefined;
  const open = () => {
    index ??= listingIndex(
      {
        kind: OUTPUT,
        cwd: app.ctx.cwd,
        home: app.ctx.home,
        trust: app.ctx.trustProject !== false,
        providers: app.registry.ids(),
      },
      // Where the store is is no input of the command's: not read through the recorder (a record
      // that held XDG_CACHE_HOME would not replay from a cache folder copied elsewhere).
      process.env,
      app.ctx.home,
      o,
    );
    return index;
  };
  const warn = (problems: readonly { severity: string; message: string }[]) => {
    for (const d of problems) if (d.severity === "warning") o.err(`roster: warning: ${d.message}`);
  };
  return {
    replay() {
      const record = storedJson(open(), RECORD, FORM, isRecord);
      if (!record || record.asked !== how || !stillSeen(record.reads, process.env)) return undefined;
      const bytes = open().readOutput(OUTPUT, record.output);
      if (!bytes) return undefined;
      o.stream(bytes);
      return record.exit;
    },
    async run(command) {
      // The first run here: a mark for the next one, which records.
      if (!open().hasOutput(RECORD)) {
        const exit = await command(app);
        warn(open().writeOutput(RECORD, SEEN, ["{}"]));
        return exit;
      }
      const kept: Array<string | Uint8Array> = [];
      let wroteErr = false;
      const output: Output = createOutput({
        json: o.json,
        color: o.color,
        cwd: o.cwd,
        home: o.home,
        ...(o.columns !== undefined ? { columns: o.columns } : {}),
        write: (text) => {
          kept.push(text);
          o.stream(text);
        },
        writeErr: () => undefined,
      });
      // Anything on stderr is not stored: such a run is printed, never replayed.
      output.err = (text) => {
        wroteErr = true;
        o.err(text);
      };
      const ctx = { ...app.ctx, fs: recorder.fs, env: recorder.env };
      const exit = await command({ ...app, ctx, output });
      // Not stored: a record that cannot be replayed, a file that changed just before or
      // during the run (the racy window), or a run that warned on stderr.
      if (recorder.unusable || wroteErr || recorder.startedAt - recorder.newestChangeMs <= RACY_MS)
        return exit;
      const name = createHash("sha256").update(how).update(String(recorder.startedAt)).digest("hex");
      const problems = open().writeOutput(OUTPUT, name, kept);
      warn(problems);
      if (problems.length > 0) return exit;
      const record: StoredRecord = { asked: how, exit, output: name, reads: recorder.reads() };
      warn(open().writeOutput(RECORD, FORM, [JSON.stringify(record)]));
      return exit;
    },
  };
}
