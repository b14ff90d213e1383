// The stored listing's shortcut: what a `list` needs to know, before any provider or config
// code loads, to print the stored `list --json` output. The app's `list` writes it; the bin
// reads it first and loads the app only when it does not hold.
import type { Diagnostic } from "@roster/core";
import { indexDisabledBy } from "./cache-dir.js";
import type { OutputStore } from "./output-store.js";
import type { RecordedReads } from "./recorded.js";
import type { IndexDiagnostic, IndexKey, ReadWindow } from "./types.js";

/** The name `list --json`'s whole output is stored under. */
export const LIST_JSON = "list-json";

/** The name the shortcut's answer is stored under. */
const SHORTCUT = "shortcut";

/** The `list` flags the shortcut is for: not `--config`, `--debug`, `--no-cache`, `--as`, `--files` or `--full-text`. */
export interface ShortcutFlags {
  config?: string;
  debug?: boolean;
  cache?: boolean;
  as?: string;
  files?: boolean;
  fullText?: boolean;
}

/**
 * Whether a `list` with these flags may take the shortcut (and so records one): it prints
 * from the stored listing (not `--files`, `--as`, `--full-text`: it holds no prompt), may use the cache (not `--no-cache` or
 * `ROSTER_NO_CACHE=1`), and reads only what a record sees (not `--config`, a file outside
 * the places recorded). `--debug` runs the app, for its stack traces.
 */
export function shortcutApplies(flags: ShortcutFlags, env: Record<string, string | undefined>): boolean {
  return (
    flags.config === undefined &&
    flags.debug !== true &&
    flags.cache !== false &&
    flags.as === undefined &&
    flags.files !== true &&
    flags.fullText !== true &&
    !indexDisabledBy(env)
  );
}

/** What a shortcut answers besides its place: what a `list` needs that only the app knows. */
export interface ShortcutAsked {
  /** The registry's provider ids (what `--provider` accepts). */
  providers: string[];
  /** The config's diagnostics: on stderr before a table, first in the listing. */
  configNotes: Diagnostic[];
}

/** True for a {@link ShortcutAsked}: provider ids and diagnostics with a message and a severity. */
export function isShortcutAsked(value: unknown): value is ShortcutAsked {
  const s = value as Partial<ShortcutAsked> | null;
  return (
    typeof s === "object" &&
    s !== null &&
    Array.isArray(s.providers) &&
    s.providers.every((p) => typeof p === "string") &&
    Array.isArray(s.configNotes) &&
    s.configNotes.every((d) => typeof d?.message === "string" && typeof d.severity === "string")
  );
}

/** Where the shortcut for a run is: per cwd, home and `--no-project` (no provider set: it names them). */
export function shortcutKey(places: { cwd: string; home: string }, project: boolean): IndexKey {
  return { kind: "list-shortcut", ...places, trust: project, providers: [] };
}

/**
 * The shortcut stored in `store` (opened at {@link shortcutKey}), if everything it read is
 * still seen the same way (in `env` and on disk), and the listing it names.
 */
export function readShortcut(
  store: OutputStore,
  env: Record<string, string | undefined>,
): { shortcut: ShortcutAsked; bytes: Buffer } | undefined {
  const replay = store.readAnswer(SHORTCUT, { env });
  if (!replay || !isShortcutAsked(replay.answer.asked)) return undefined;
  return { shortcut: replay.answer.asked, bytes: replay.bytes };
}

/** A shortcut to store: what it answers, the listing it names, what the run read and when. */
export interface ShortcutToStore {
  asked: ShortcutAsked;
  listing: { key: IndexKey; fingerprint: string };
  reads: RecordedReads;
  window: ReadWindow;
}

/**
 * Stores the shortcut in `store` (opened at {@link shortcutKey}): the listing stored under
 * `listing`, replayed while everything in `reads` is seen the same way. A run that read a file
 * changed in the racy window stores nothing.
 */
export function writeShortcut(store: OutputStore, shortcut: ShortcutToStore): IndexDiagnostic[] {
  const { key, fingerprint } = shortcut.listing;
  const answer = {
    asked: shortcut.asked,
    reads: shortcut.reads,
    output: { key, name: LIST_JSON, fingerprint },
    exit: 0,
  };
  return store.writeAnswer(SHORTCUT, answer, shortcut.window).problems;
}
