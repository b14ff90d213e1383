// The output of a plain `doctor` or `why NAME`, replayed or stored (@roster/index's
// storedRunOf: the record, when it holds, the first run's mark): this file runs the command
// with an app that reads through the recorder and prints through a copy kept for the store.
import { type StoredCommand, type StoredRun, storedRunOf } from "@roster/index";
import type { App } from "../../context.js";
import { createOutput, type Output } from "../../output.js";
import { cacheWanted, placeStore } from "../agents/list-cache.js";

/** A run that may be answered from, or stored in, the cache ({@link storedRun}). */
interface CachedRun {
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
function storedRun(app: App, kind: StoredCommand, asked: Record<string, unknown>): CachedRun | undefined {
  const recorder = app.recorder;
  if (!recorder || recorder.unusable || !cacheWanted(app)) return undefined;
  const o = app.output;
  let store: StoredRun | undefined;
  // Where the store is is no input of the command's: found through process.env, not the
  // recorder's (a record that held XDG_CACHE_HOME would not replay from a cache folder copied elsewhere).
  const open = () => {
    store ??= storedRunOf(placeStore(app, { kind: `${kind}-output`, env: process.env }).store, kind);
    return store;
  };
  const warn = (problems: readonly { severity: string; message: string }[]) => {
    for (const d of problems) if (d.severity === "warning") o.err(`roster: warning: ${d.message}`);
  };
  return {
    replay() {
      const replay = open().replay(asked, o, process.env);
      if (!replay) return undefined;
      o.stream(replay.bytes);
      return replay.answer.exit;
    },
    async run(command) {
      // The first run here: a mark for the next one, which records.
      if (!open().seenBefore()) {
        const exit = await command(app);
        warn(open().mark());
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
      warn(open().keep({ asked, as: o, reads: recorder.reads(), chunks: kept, exit }, recorder).problems);
      return exit;
    },
  };
}
