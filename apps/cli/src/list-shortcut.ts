// The stored listing's shortcut: what a `list` needs to know, before any provider or config
// code loads, to print the stored `list --json` output. The app's `list` writes it (see
// list-cache.ts); the bin reads it first (list-fast.ts) and loads the app only when it does
// not hold.
import { statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Diagnostic } from "@roster/core";
import {
  type IndexDiagnostic,
  type IndexKey,
  indexDisabledBy,
  type OutputStore,
  openOutputStore,
  type ReadWindow,
  type RecordedReads,
} from "@roster/index";
import pkg from "../package.json" with { type: "json" };
import { line, type Output } from "./output.js";

/** The name `list --json`'s whole output is stored under. */
export const LIST_JSON = "list-json";

/** The name the shortcut's answer is stored under. */
const SHORTCUT = "shortcut";

/** {@link buildVersion}, taken once per process. */
let version: string | undefined;

/**
 * The build that writes stored output: roster's version and when the bin's main module
 * (`roster.js`, beside every built module) was written, so an upgrade, a reinstall or a
 * rebuild never reads another build's output. The app and the bin's shortcut, two bundles of
 * the same sources, name the same file.
 */
export function buildVersion(): string {
  if (version === undefined) {
    let built = "unknown";
    try {
      built = String(statSync(fileURLToPath(new URL("./roster.js", import.meta.url))).mtimeMs);
    } catch {
      // An unbundled run: the version alone.
    }
    version = `${pkg.version} built ${built}`;
  }
  return version;
}

/** Cache folders already said to be unsafe in this process: said once, whatever opens them. */
const toldUnsafe = new Set<string>();

/**
 * The output store of `key` (a listing, a shortcut, a stored run). With `output`, a cache
 * folder or record roster may not use (another user's, writable by others) is one warning line
 * on its stderr, once per process.
 */
export function openStore(
  key: IndexKey,
  env: Record<string, string | undefined>,
  home: string,
  output?: Pick<Output, "err">,
): OutputStore {
  return openOutputStore({
    key,
    env,
    home,
    version: buildVersion(),
    ...(output
      ? {
          onUnsafe: (problem: IndexDiagnostic) => {
            if (toldUnsafe.has(problem.filePath ?? problem.message)) return;
            toldUnsafe.add(problem.filePath ?? problem.message);
            output.err(line`roster: warning: ${problem.message}`);
          },
        }
      : {}),
  });
}

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

function isShortcutAsked(value: unknown): value is ShortcutAsked {
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

/** Where the shortcut for a run is: per cwd, home and `--no-project`. */
function shortcutStore(
  places: { cwd: string; home: string },
  project: boolean,
  env: Record<string, string | undefined>,
): OutputStore {
  return openStore({ kind: "list-shortcut", ...places, trust: project, providers: [] }, env, places.home);
}

/**
 * The shortcut stored for this cwd, home and `--no-project`, if everything it read is still
 * seen the same way (in `env` and on disk), and the listing it names.
 */
export function readShortcut(
  places: { cwd: string; home: string },
  project: boolean,
  env: Record<string, string | undefined>,
): { shortcut: ShortcutAsked; bytes: Buffer } | undefined {
  const replay = shortcutStore(places, project, env).readAnswer(SHORTCUT, { env });
  if (!replay || !isShortcutAsked(replay.answer.asked)) return undefined;
  return { shortcut: replay.answer.asked, bytes: replay.bytes };
}

/**
 * Stores the shortcut for this cwd, home and `--no-project`: the listing stored under `listing`,
 * replayed while everything in `reads` is seen the same way. A run that read a file changed in
 * the racy window stores nothing.
 */
export function writeShortcut(
  places: { cwd: string; home: string },
  project: boolean,
  env: Record<string, string | undefined>,
  shortcut: {
    asked: ShortcutAsked;
    listing: { key: IndexKey; fingerprint: string };
    reads: RecordedReads;
    window: ReadWindow;
  },
): IndexDiagnostic[] {
  const { key, fingerprint } = shortcut.listing;
  const answer = {
    asked: shortcut.asked,
    reads: shortcut.reads,
    output: { key, name: LIST_JSON, fingerprint },
    exit: 0,
  };
  return shortcutStore(places, project, env).writeAnswer(SHORTCUT, answer, shortcut.window).problems;
}
