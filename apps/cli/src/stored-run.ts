// The output of a plain `doctor` or `why NAME`, stored with everything the run read, as it saw
// it (a `ReadRecorder`'s record: config, every place listed, every file read, every variable),
// so that a later run asked the same way that sees all of it the same way (a stat-only replay)
// prints the same bytes and exits with the same code without reading or parsing a file. As
// `list` does, the first such run in a place records nothing (recording costs a `doctor` of
// 10,000 files some 40 ms); it leaves a mark, and the next one records and stores.
import type { OutputStore } from "@roster/index";
import type { App } from "./context.js";
import { cacheWanted, placeStore } from "./list-cache.js";
import { createOutput, type Output } from "./output.js";

/** The commands whose output is stored so; each has one answer per place. */
export type StoredCommand = "doctor" | "why";

/** A run that may be answered from, or stored in, the cache ({@link storedRun}). */
interface StoredRun {
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
  const store = storedRun(app, kind, asked);
  if (!store) return command(app);
  return store.replay() ?? store.run(command);
}

/**
 * The store of `kind` asked `asked`, or `undefined` where none may be used: `--no-cache` or
 * `ROSTER_NO_CACHE=1`, no recorder (`--config`, `--debug`, `--as`), or a config that runs code
 * (its record is spoiled).
 */
function storedRun(app: App, kind: StoredCommand, asked: Record<string, unknown>): StoredRun | undefined {
  const RECORD = `${kind}-record`;
  const OUTPUT = `${kind}-output`;
  const recorder = app.recorder;
  if (!recorder || recorder.unusable || !cacheWanted(app)) return undefined;
  const o = app.output;
  // Everything the bytes depend on besides what the run reads: the flags and how it prints.
  const how = { asked, json: o.json, color: o.color, columns: o.columns ?? null, cwd: o.cwd, home: o.home };
  let store: OutputStore | undefined;
  // Where the store is is no input of the command's: found through process.env, not the
  // recorder's (a record that held XDG_CACHE_HOME would not replay from a cache folder copied elsewhere).
  const open = () => {
    store ??= placeStore(app, { kind: OUTPUT, env: process.env }).store;
    return store;
  };
  const warn = (problems: readonly { severity: string; message: string }[]) => {
    for (const d of problems) if (d.severity === "warning") o.err(`roster: warning: ${d.message}`);
  };
  return {
    replay() {
      const replay = open().readAnswer(RECORD, { env: process.env, asked: how });
      if (!replay) return undefined;
      o.stream(replay.bytes);
      return replay.answer.exit;
    },
    async run(command) {
      // The first run here: a mark for the next one, which records.
      if (!open().has(RECORD)) {
        const exit = await command(app);
        warn(open().mark(RECORD));
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
      // Not stored: a record that cannot be replayed, a run that warned on stderr, or (the
      // store's rule) a file that changed just before or during the run (the racy window).
      if (recorder.unusable || wroteErr) return exit;
      const answer = { asked: how, reads: recorder.reads(), output: { name: OUTPUT, chunks: kept }, exit };
      warn(open().writeAnswer(RECORD, answer, recorder).problems);
      return exit;
    },
  };
}
