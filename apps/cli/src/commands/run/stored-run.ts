// The output of a plain `doctor` or `why NAME`, replayed or stored (@roster/index's
// answerStored: the record, when it holds, the first run's mark): this file runs the command
// with an app that reads through the recorder and prints through a copy kept for the store.
import { answerStored, type StoredCommand, storedRunOf } from "@roster/index";
import type { App } from "../../context.js";
import { createOutput, type Output } from "../../output.js";
import { cacheWanted, placeStore } from "../agents/list-cache.js";

/**
 * Runs `command` (a plain `doctor`, `why NAME`) from its stored output when one holds for this
 * run asked `asked` (its name and flags), else runs it, storing what it printed when it may
 * (@roster/index's `answerStored`). None is used with `--no-cache` or `ROSTER_NO_CACHE=1`,
 * without a recorder (`--config`, `--debug`, `--as`), or with a config that runs code (its
 * record is spoiled). `command` must read through the app it is given (its `ctx`, its `env`)
 * and print through its `output`.
 */
export async function withStoredOutput(
  app: App,
  kind: StoredCommand,
  asked: Record<string, unknown>,
  command: (app: App) => Promise<number>,
): Promise<number> {
  const recorder = app.recorder;
  if (!recorder || recorder.unusable || !cacheWanted(app)) return command(app);
  const o = app.output;
  // Where the store is is no input of the command's: found through process.env, not the
  // recorder's (a record that held XDG_CACHE_HOME would not replay from a cache folder copied elsewhere).
  const store = storedRunOf(placeStore(app, { kind: `${kind}-output`, env: process.env }).store, kind);
  return answerStored(store, {
    asked,
    as: o,
    env: process.env,
    recorder,
    print: (bytes) => o.stream(bytes),
    run: () => command(app),
    async record() {
      const chunks: Array<string | Uint8Array> = [];
      let wroteErr = false;
      const output: Output = createOutput({
        json: o.json,
        color: o.color,
        cwd: o.cwd,
        home: o.home,
        ...(o.columns !== undefined ? { columns: o.columns } : {}),
        write: (text) => {
          chunks.push(text);
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
      return { exit, chunks, wroteErr };
    },
    warn: (message) => o.err(`roster: warning: ${message}`),
  });
}
