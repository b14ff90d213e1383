// The bin's own `roster list`, for a list its shortcut could not print (list-fast.ts): the
// app's list (config, providers, discovery, the listing stored) without the app's command
// table and ES module loading, about 20 ms of a first `list`. It reads the command line as
// the shortcut does and leaves to the app what it does not take (`--help`, `--debug`, `--as`,
// an unknown or malformed flag), deciding before anything is read or printed.

import { shortcutApplies } from "@roster/index";
import { createApp, printConfigNotes } from "../../context.js";
import { endQuietlyOnClosedPipe, exitWhenWritten } from "../../pipes.js";
import { reportError } from "../report/report.js";
import { listAgents } from "./index.js";
import type { ListArgs } from "./list-fast.js";

/**
 * Runs the list `args` names (as `parseList` in list-fast.ts read it) when it is one this
 * takes, as the app would run it (the same output, notes, errors and exit code), and resolves
 * to true; resolves to false, having done nothing, for the app to run it.
 */
export async function runList(args: ListArgs): Promise<boolean> {
  if (args.global.debug || args.as !== undefined) return false;
  const { global, word } = args;
  const flags = { ...args.flags, ...(args.files ? { files: true } : {}) };
  let exitCode = 0;
  endQuietlyOnClosedPipe(() => exitCode);
  try {
    // What this list reads is recorded when the shortcut can replay it, as in the app.
    const record = shortcutApplies({ ...global, ...flags }, process.env);
    const app = await createApp(global, { record });
    // Config notes go to stderr unless the JSON carries them.
    if (!app.output.json) printConfigNotes(app);
    exitCode = await listAgents(app, flags, word);
  } catch (error) {
    exitCode = reportError(error, global);
  }
  process.exitCode = exitCode;
  await exitWhenWritten();
  return true;
}
