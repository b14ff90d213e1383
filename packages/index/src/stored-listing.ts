// `list --json`'s whole output, stored per place under the look a discovery took of the files
// (listingLook: a stat-only fingerprint, the config's notes, the disabled agents), and the
// shortcut that names it. The CLI's `list` hands this its store, its config and its recorder.
import type { Diagnostic, SourcesStat } from "@roster/core";
import { LIST_JSON, type ShortcutAsked, writeShortcut } from "./list-shortcut.js";
import { listingLook } from "./listing-look.js";
import type { OutputStore } from "./output-store.js";
import type { RecordedReads } from "./recorded.js";
import type { IndexDiagnostic, IndexKey, ReadWindow } from "./types.js";

/** What a listing's look holds besides the files: the config's diagnostics and disabled agents. */
export interface ListingAsked {
  configNotes: readonly Diagnostic[];
  disabledAgents: readonly string[];
}

/** One place's stored `list --json` output (see {@link storedListingOf}). */
export interface StoredListing {
  /** Whether a listing is stored here, for any look: only then is a look worth taking first. */
  has(): boolean;
  /** The bytes stored for exactly the look `stat` (taken from `seenAt`), or undefined. */
  read(stat: SourcesStat, seenAt: number): Buffer | undefined;
  /**
   * Stores `chunks` under the look `stat` (begun at `seenAt`): none without a look; a look too
   * recent to vouch for stores nothing. The warnings of a folder that cannot be written.
   */
  write(
    look: { stat: SourcesStat | undefined; seenAt: number },
    chunks: readonly Uint8Array[],
  ): IndexDiagnostic[];
  /**
   * After a `list` printed from this listing, or stored it anew: stores the shortcut the bin
   * takes next time, in `store` (opened at `shortcutKey`), with everything the run read, so
   * that a later `list` that sees all of it the same way prints the listing without loading
   * the app. Nothing when the run read what a record does not see (config code:
   * `recorder.unusable`), when no listing was read or stored, or (the store's rule) when what
   * it read changed during the run or just before it (the racy window).
   */
  remember(shortcut: {
    store: OutputStore;
    asked: ShortcutAsked;
    recorder: ReadWindow & { unusable: string | undefined; reads(): RecordedReads };
  }): void;
}

/**
 * The listing stored in `store` (opened at `key`), looked at with `asked`: a look that finds
 * the same files, config notes and disabled agents gets the same bytes. The fingerprint of the
 * bytes read or stored last is what its shortcut names.
 */
export function storedListingOf(options: {
  store: OutputStore;
  key: IndexKey;
  asked: ListingAsked;
}): StoredListing {
  const { store, key, asked } = options;
  let fingerprint: string | undefined;
  const lookOf = (stat: SourcesStat, seenAt: number) =>
    listingLook({ stat, seenAt, configNotes: asked.configNotes, disabledAgents: asked.disabledAgents });
  return {
    has: () => store.has(LIST_JSON),
    read(stat, seenAt) {
      const look = lookOf(stat, seenAt);
      const bytes = store.readLooked(LIST_JSON, look);
      if (bytes) fingerprint = look.fingerprint;
      return bytes;
    },
    write({ stat, seenAt }, chunks) {
      if (!stat) return [];
      const look = lookOf(stat, seenAt);
      const { stored, problems } = store.writeLooked(LIST_JSON, look, chunks);
      if (stored) fingerprint = look.fingerprint;
      return problems;
    },
    remember({ store: shortcuts, asked: shortcutAsked, recorder }) {
      if (recorder.unusable || fingerprint === undefined) return;
      // A folder that cannot be written said so when the listing was stored; the listing itself
      // is what matters, the shortcut only saves the next run time.
      writeShortcut(shortcuts, {
        asked: shortcutAsked,
        listing: { key, fingerprint },
        reads: recorder.reads(),
        window: recorder,
      });
    },
  };
}
