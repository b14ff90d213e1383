// The bin's shortcut for `roster list`: before the app (commander, config, every provider)
// loads, a `list` whose stored shortcut still holds prints the stored listing as the app
// would, byte for byte. It parses only the flags a `list` takes; anything else, and any
// doubt, leaves the run to the app.
import { readShortcut, shortcutApplies, shortcutKey } from "@roster/index";
import { GLOBAL_OPTIONS, LIST_OPTIONS, readCommandLine } from "@roster/usage/list-options";
import { type GlobalFlags, outputOf, placesOf } from "../../basics.js";
import { createOutput, printNotes } from "../../output.js";
import { endQuietlyOnClosedPipe, writeStdoutSync } from "../../pipes.js";
import { filterProblem, type ListFlags, printStored } from "./list-print.js";
import { openStore } from "./list-shortcut.js";

/** The options `roster list` takes: the table roster.ts declares to commander (@roster/usage/list-options). */
const OPTIONS = [...GLOBAL_OPTIONS, ...LIST_OPTIONS];

/** A `roster list` command line, as the app's parser would read it. */
export interface ListArgs {
  global: GlobalFlags;
  /** The list's own flags but `--as` and `--files` (`--sort`, `--wide` and `--full-text` among them). */
  flags: ListFlags;
  word: string | undefined;
  as: string | undefined;
  files: boolean;
}

/**
 * `argv` read as a `roster list` with only the flags `list` takes (@roster/usage's
 * readCommandLine), or `undefined` for anything else: another command, an unknown or
 * malformed flag, `--`, a second word. What this gives up on, the app reads (and says what is wrong).
 */
export function parseList(argv: readonly string[]): ListArgs | undefined {
  const read = readCommandLine(argv, { command: "list", specs: OPTIONS, words: 1 });
  if (!read) return undefined;
  const { options } = read;
  // The keys given, as the table types them: a `<value>` option a string, any other a boolean.
  const given = (keys: readonly string[]) =>
    Object.fromEntries(keys.filter((key) => options[key] !== undefined).map((key) => [key, options[key]]));
  const global = {
    json: options.json === true,
    debug: options.debug === true,
    ...given(["cwd", "home", "project", "config", "color", "cache"]),
  } as GlobalFlags;
  const flags = given(["provider", "source", "names", "sort", "wide", "fullText"]) as ListFlags;
  const as = typeof options.as === "string" ? options.as : undefined;
  return { global, flags, word: read.words[0], as, files: options.files === true };
}

/**
 * Prints the list `args` names (see {@link parseList}) from the stored shortcut and returns
 * true, or prints nothing and returns false (the bin's own list runs): when the shortcut is not
 * for these flags, when none is stored, when anything it recorded is seen differently now, or
 * on any error.
 */
export function listFromShortcut(args: ListArgs): boolean {
  const { global, flags, word } = args;
  const env = process.env;
  if (
    !shortcutApplies(
      { ...global, ...flags, ...(args.as !== undefined ? { as: args.as } : {}), files: args.files },
      env,
    )
  )
    return false;
  const out: Array<string | Uint8Array> = [];
  const err: string[] = [];
  try {
    const places = placesOf(global);
    const found = readShortcut(
      openStore(shortcutKey(places, global.project !== false), env, places.home),
      env,
    );
    if (!found) return false;
    const { shortcut, bytes } = found;
    // A filter value the providers do not have: the app says so (with its suggestions).
    if (filterProblem(shortcut.providers, flags)) return false;
    const writers = {
      write: (text: string | Uint8Array) => out.push(text),
      writeErr: (text: string) => err.push(text),
    };
    // JSON (and names) draw no colour and cut nothing: no need to ask whether stdout is a terminal.
    const o = global.json
      ? createOutput({ json: true, color: false, cwd: places.cwd, home: places.home, ...writers })
      : outputOf(global, places, env, writers);
    if (!o.json) printNotes(o, shortcut.configNotes);
    if (printStored(o, bytes, flags, word, shortcut.configNotes.length) === undefined) return false;
  } catch {
    return false; // A usage error, a file that went away: the app runs, and says so.
  }
  if (err.length === 0) writeStdoutSync(out, 0);
  else {
    endQuietlyOnClosedPipe(() => 0);
    for (const text of err) process.stderr.write(text);
    for (const chunk of out) process.stdout.write(chunk);
  }
  return true;
}
