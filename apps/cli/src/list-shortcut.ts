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
  isRecordedReads,
  openOutputs,
  type PersistentIndex,
  type RecordedReads,
  stillSeen,
} from "@roster/index";
import pkg from "../package.json" with { type: "json" };
import { line, type Output } from "./output.js";

/** The name `list --json`'s whole output is stored under. */
export const LIST_JSON = "list-json";

/** Files changed this close to the look are not vouched for (core's racy-window rule). */
export const RACY_MS = 20;

/** The name the shortcut is stored under, and the only "fingerprint" it is stored for. */
const SHORTCUT = "shortcut";
const SHORTCUT_FORM = "reads-1";

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
 * Where a listing (or a shortcut) for `key` is stored: outputs only, no per-file index. With
 * `output`, a cache folder or record roster may not use (another user's, writable by others)
 * is one warning line on its stderr, once per process.
 */
export function listingIndex(
  key: IndexKey,
  env: Record<string, string | undefined>,
  home: string,
  output?: Pick<Output, "err">,
): PersistentIndex {
  return openOutputs({
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

/** What a `list` stores beside the listing: enough to print it without the app. */
export interface ListShortcut {
  /** Where the listing is stored: its index key and the fingerprint it was stored for. */
  listing: { key: IndexKey; fingerprint: string };
  /** The registry's provider ids (what `--provider` accepts). */
  providers: string[];
  /** The config's diagnostics: on stderr before a table, first in the listing. */
  configNotes: Diagnostic[];
  /** Everything config loading and the stat-only look read (see `ReadRecorder`). */
  reads: RecordedReads;
}

/** Where the shortcut for a run is: per cwd, home and `--no-project`. */
function shortcutIndex(
  places: { cwd: string; home: string },
  project: boolean,
  env: Record<string, string | undefined>,
): PersistentIndex {
  return listingIndex({ kind: "list-shortcut", ...places, trust: project, providers: [] }, env, places.home);
}

function isShortcut(value: unknown): value is ListShortcut {
  const s = value as Partial<ListShortcut> | null;
  const key = s?.listing?.key as Partial<IndexKey> | undefined;
  return (
    typeof s === "object" &&
    s !== null &&
    typeof s.listing?.fingerprint === "string" &&
    typeof key?.kind === "string" &&
    typeof key.cwd === "string" &&
    typeof key.home === "string" &&
    typeof key.trust === "boolean" &&
    Array.isArray(key.providers) &&
    Array.isArray(s.providers) &&
    s.providers.every((p) => typeof p === "string") &&
    Array.isArray(s.configNotes) &&
    s.configNotes.every((d) => typeof d?.message === "string" && typeof d.severity === "string") &&
    isRecordedReads(s.reads)
  );
}

/** A JSON value stored under `name` and `form` that `is` accepts, or `undefined` (none, corrupt, another shape). */
export function storedJson<T>(
  index: PersistentIndex,
  name: string,
  form: string,
  is: (value: unknown) => value is T,
): T | undefined {
  const stored = index.readOutput(name, form);
  if (!stored) return undefined;
  try {
    const value: unknown = JSON.parse(stored.toString("utf8"));
    return is(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The shortcut stored for this cwd, home and `--no-project`, if every observation in it is
 * still seen the same way (in `env` and on disk), and the listing it names.
 */
export function readShortcut(
  places: { cwd: string; home: string },
  project: boolean,
  env: Record<string, string | undefined>,
): { shortcut: ListShortcut; bytes: Buffer } | undefined {
  const shortcut = storedJson(shortcutIndex(places, project, env), SHORTCUT, SHORTCUT_FORM, isShortcut);
  if (!shortcut || !stillSeen(shortcut.reads, env)) return undefined;
  const bytes = listingIndex(shortcut.listing.key, env, places.home).readOutput(
    LIST_JSON,
    shortcut.listing.fingerprint,
  );
  return bytes ? { shortcut, bytes } : undefined;
}

/** Stores the shortcut for this cwd, home and `--no-project`, atomically (as the index writes). */
export function writeShortcut(
  places: { cwd: string; home: string },
  project: boolean,
  env: Record<string, string | undefined>,
  shortcut: ListShortcut,
): IndexDiagnostic[] {
  return shortcutIndex(places, project, env).writeOutput(SHORTCUT, SHORTCUT_FORM, [JSON.stringify(shortcut)]);
}
