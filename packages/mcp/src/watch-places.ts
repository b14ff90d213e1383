import { type FSWatcher, statSync, watch } from "node:fs";

/** The most paths one server watches; past it, every call takes the stat-only look instead. */
export const MAX_WATCHED_PATHS = 4096;

/** How a {@link PlaceWatch} watches one path (`fs.watch` by default; a test passes its own). */
export type WatchPath = (
  path: string,
  onChange: () => void,
) => { close(): void; on(event: "error", listener: (error: Error) => void): unknown };

interface Watched {
  watcher: ReturnType<WatchPath>;
  /** The inode watched: a folder removed and made again is another one, watched anew. */
  ino: number | undefined;
  /** An event named something at this path that may be the path itself (removed, renamed). */
  suspect: boolean;
}

const nodeWatch: WatchPath = (path, onChange) =>
  watch(path, { persistent: false }, () => onChange()) as FSWatcher;

function inodeOf(path: string): number | undefined {
  try {
    return statSync(path).ino;
  } catch {
    return undefined;
  }
}

/**
 * Watches the folders (and symlinked files) one discovery depends on, so that a long-lived
 * server knows, without a stat per file, that nothing changed since (issue #31). `quiet` is
 * true only when every path of the last {@link PlaceWatch.sync} is watched and no event came
 * since the last {@link PlaceWatch.reset}. Any doubt — a path that could not be watched, a
 * watcher error, more paths than {@link MAX_WATCHED_PATHS}, a path newly watched (a change
 * between the read and the watch would be missed) — leaves it not quiet, and the caller
 * takes the stat-only look it took before there was a watch.
 */
export class PlaceWatch {
  private readonly watched = new Map<string, Watched>();
  private changed = true;
  private broken = false;
  private closed = false;

  constructor(private readonly watchPath: WatchPath = nodeWatch) {}

  /** True when nothing watched changed since the last reset and every path is watched. */
  get quiet(): boolean {
    return !this.changed && !this.broken && !this.closed;
  }

  /** Forgets the events seen so far: call it just before a discovery reads. */
  reset(): void {
    this.changed = false;
  }

  /**
   * Watches exactly `folders` and `links` (what `DiscoveryCache.watchList` gives after a
   * discovery): new paths are watched, gone ones closed, a folder whose inode changed
   * watched again. A path watched for the first time leaves the watch not quiet until the
   * next discovery has read with it in place.
   */
  sync(list: { folders: readonly string[]; links: readonly string[] }): void {
    if (this.closed) return;
    const want = new Set([...list.folders, ...list.links]);
    for (const [path, entry] of this.watched) {
      const replaced = entry.suspect && inodeOf(path) !== entry.ino;
      if (!want.has(path) || replaced) {
        entry.watcher.close();
        this.watched.delete(path);
      } else entry.suspect = false;
    }
    if (want.size > MAX_WATCHED_PATHS) {
      this.closeAll();
      this.broken = true;
      return;
    }
    this.broken = false;
    for (const path of want) {
      if (this.watched.has(path)) continue;
      const ino = inodeOf(path);
      if (ino === undefined) {
        // Gone since the discovery read it: the next look sees that, and watches what is there.
        this.changed = true;
        continue;
      }
      try {
        const entry: Watched = {
          ino,
          suspect: false,
          watcher: this.watchPath(path, () => {
            this.changed = true;
            entry.suspect = true;
          }),
        };
        entry.watcher.on("error", () => {
          this.changed = true;
          entry.suspect = true;
        });
        this.watched.set(path, entry);
        this.changed = true;
      } catch {
        // ENOSPC (inotify's limit), EMFILE, EACCES: this path is not watched, so no call is quiet.
        this.broken = true;
      }
    }
  }

  /** How many paths are watched now. */
  get size(): number {
    return this.watched.size;
  }

  /** Stops every watcher; the watch is never quiet again. */
  close(): void {
    this.closed = true;
    this.closeAll();
  }

  private closeAll(): void {
    for (const entry of this.watched.values()) entry.watcher.close();
    this.watched.clear();
  }
}
