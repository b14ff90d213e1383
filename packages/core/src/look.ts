import type { Stats } from "node:fs";
import { Fingerprint } from "./fingerprint.js";
import type { ProvidersRun } from "./run-providers.js";
import type { Diagnostic, Location } from "./types.js";
import type { LocationWalk } from "./walk-location.js";

/** A stat-only look at what a discovery reads (see `statSources`). */
export interface SourcesStat {
  /**
   * Digest of every place searched (provider, scope, folder and the rest of its location),
   * every file's stat (size, mtime, ctime, inode), every provider item and every problem the
   * look met. Equal fingerprints mean the same files, unchanged, in the same places.
   */
  fingerprint: string;
  /** The latest mtime or ctime of any file looked at (ms): a caller refuses a racy look. */
  newestChangeMs: number;
}

/**
 * Builds a {@link SourcesStat}, step by step in search order: `statSources` feeds it stats
 * of paths, a discovery the stats of the files it opened. Both give the same digest for the
 * same files, so what was stored after a discovery is found again by a stat-only look.
 */
export class Look {
  private readonly fingerprint = new Fingerprint();
  private newestChangeMs = 0;

  constructor(run: ProvidersRun, trusted: boolean) {
    this.fingerprint.trust(trusted);
    for (const diagnostic of run.diagnostics) this.fingerprint.problem(diagnostic);
  }

  location(provider: string, location: Location): void {
    this.fingerprint.location(provider, location);
    // A plugin's name and version, a recursive or narrowed location: what the listing shows.
    this.fingerprint.problem({
      code: "location",
      severity: "info",
      message: JSON.stringify([
        location.plugin ?? null,
        location.recursive ?? false,
        location.only ?? null,
        location.root ?? null,
        (location.formats ?? []).map((f) => f.id),
        location.options ?? null,
      ]),
    });
  }

  walked(walk: LocationWalk): void {
    this.fingerprint.problem({ code: "status", severity: "info", message: walk.status });
    for (const note of walk.notes) this.fingerprint.problem(note);
  }

  /** A file the walk itself skipped (a FIFO, a dangling link). */
  skipped(reason: Diagnostic): void {
    this.fingerprint.problem(reason);
  }

  file(filePath: string, stats: Stats): void {
    this.fingerprint.file(filePath, stats);
    if (stats.mtimeMs > this.newestChangeMs) this.newestChangeMs = stats.mtimeMs;
    if (stats.ctimeMs > this.newestChangeMs) this.newestChangeMs = stats.ctimeMs;
  }

  /** A file that could not be stat-ed. */
  statError(filePath: string, error: unknown): void {
    this.fingerprint.problem({ code: "stat", severity: "info", message: String(error), filePath });
  }

  /** The provider items, after every location. */
  items(run: ProvidersRun, trusted: boolean): void {
    for (const { provider, items } of run.answers) {
      for (const item of items) {
        if (!trusted && item.source === "project") continue;
        this.fingerprint.item(provider, item);
      }
    }
  }

  result(): SourcesStat {
    return { fingerprint: this.fingerprint.digest(), newestChangeMs: this.newestChangeMs };
  }
}
