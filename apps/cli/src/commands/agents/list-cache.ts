// `list`'s stored listing and its shortcut, for this app's place: what is stored, under which
// look, and when it holds is @roster/index's (storedListingOf); this file hands it the app's
// registry, config and recorder.
import { type SourcesStat, statSources } from "@roster/core";
import {
  type IndexKey,
  type StoredListing as IndexListing,
  indexDisabledBy,
  type OutputStore,
  placeKey,
  shortcutKey,
  storedListingOf,
} from "@roster/index";
import type { App } from "../../context.js";
import { openStore } from "./list-shortcut.js";

/** Whether this run may use the stored output: not with `--no-cache` or `ROSTER_NO_CACHE=1`. */
export function cacheWanted(app: App): boolean {
  return app.useCache && !indexDisabledBy(app.env);
}

/** What a plain `list --json` found in the store: the bytes to print, and the listing to keep new ones in. */
export interface StoredListing {
  bytes?: Buffer;
  /** The place's stored listing (@roster/index's `storedListingOf`): read, stored, remembered. */
  listing: IndexListing;
  /**
   * A listing was stored (for this or another look) and this run's look went through the
   * recorder: a discovery that follows reads through it too (see {@link recordingContext}),
   * so that the listing it stores gets its shortcut at once.
   */
  recorded?: boolean;
}

/**
 * The output store of `kind` for this run's place (cwd, home, trust, providers), found through
 * `env` (the app's by default) and warning through the app's output.
 */
export function placeStore(
  app: App,
  { kind, env = app.env }: { kind: string; env?: Record<string, string | undefined> },
): { store: OutputStore; key: IndexKey } {
  const { cwd, home } = app.ctx;
  const key = placeKey(kind, {
    cwd,
    home,
    trust: app.ctx.trustProject !== false,
    providers: app.registry.ids(),
  });
  return { store: openStore(key, env, home, app.output), key };
}

/** The store of the listing and the agents found (find-stored-agent.ts). */
export const openListStore = (app: App) => placeStore(app, { kind: "agents-output" });

/**
 * The output an earlier plain `list --json` stored for exactly this look at the files. When
 * an output is stored, a stat-only look at every place and file discovery would read
 * (nothing is read or parsed) decides whether it still holds; when none is, no look is taken
 * (the discovery that follows gives its own). The store itself is per cwd, home, trust and
 * provider set, per build.
 */
export async function storedListing(app: App): Promise<StoredListing> {
  const listing = storedListingOf({
    ...openListStore(app),
    asked: { configNotes: app.loaded.diagnostics, disabledAgents: app.loaded.config.disabledAgents ?? [] },
  });
  if (!listing.has()) return { listing };
  const seenAt = Date.now();
  // Recorded, when the run records: this look is what the shortcut replays (see rememberShortcut).
  const recorded = app.recorder !== undefined;
  const bytes = listing.read(await statSources(app.registry, recordingContext(app), "agents"), seenAt);
  return bytes ? { bytes, listing, recorded } : { listing, recorded };
}

/** The app's context, reading through its recorder when the run records. */
export function recordingContext(app: App): App["ctx"] {
  const { recorder } = app;
  return recorder ? { ...app.ctx, fs: recorder.fs, env: recorder.env } : app.ctx;
}

/** Stores the output of a plain `list --json` under the look its discovery took; a folder that cannot be written warns once. */
export function storeListing(
  app: App,
  stored: StoredListing,
  look: { stat: SourcesStat | undefined; seenAt: number },
  chunks: readonly Uint8Array[],
): void {
  for (const d of stored.listing.write(look, chunks))
    if (d.severity === "warning") app.output.err(`roster: warning: ${d.message}`);
}

/**
 * After a `list` printed from the stored listing, or stored it anew in place of another:
 * stores the shortcut the bin takes next time (list-fast.ts; @roster/index's `remember`).
 * The first `list` in a place, which stores the first listing, records nothing: recording its
 * discovery costs a first `list` of 10,000 files about 25 ms, and the next `list` records its
 * cheap look. A discovery after a change records, so that the edit-and-list cycle loads the
 * app once. Nothing is stored with flags the shortcut is not for (no recorder).
 */
export function rememberShortcut(app: App, stored: StoredListing): void {
  const recorder = app.recorder;
  if (!recorder) return;
  const { cwd, home } = app.ctx;
  stored.listing.remember({
    store: openStore(shortcutKey({ cwd, home }, app.flags.project !== false), app.env, home),
    asked: { providers: app.registry.ids(), configNotes: app.loaded.diagnostics },
    recorder,
  });
}
