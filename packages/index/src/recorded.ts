import type { Dirent, Stats } from "node:fs";
import type { FileSystem } from "@roster/core";
import { errorCode, nodeFileSystem } from "@roster/core/provider-kit";

/**
 * One thing a result was computed from, as it was seen: `[what, subject, seen]`.
 *
 * | what | subject | seen |
 * | --- | --- | --- |
 * | `env` | a variable's name | its value, or `null` when unset |
 * | `stat`, `lstat` | a path | the kind and, for anything but a folder, size, mtime, ctime and inode (`!CODE` on an error) |
 * | `readdir` | a folder | every entry's kind and name, in the order read (`!CODE` on an error) |
 * | `realpath` | a path | the real path (`!CODE` on an error) |
 *
 * A folder's stat is its kind and inode, not its times: a folder's mtime moves whenever any
 * file is added to it, also files nobody reads (a history file in a tool's home folder);
 * what it holds is its `readdir`.
 */
export type Observation = readonly [what: ObservedWhat, subject: string, seen: string | null];

/** The kinds of {@link Observation}. */
export type ObservedWhat = "env" | "stat" | "lstat" | "readdir" | "realpath";

function failed(error: unknown): string {
  return `!${errorCode(error) ?? (error instanceof Error ? error.name : "error")}`;
}

/** How a stat is seen (see {@link Observation}). */
export function seenStat(stats: Stats): string {
  if (stats.isDirectory()) return `d ${stats.ino}`;
  const kind = stats.isFile() ? "f" : stats.isSymbolicLink() ? "l" : `o${stats.mode}`;
  return `${kind} ${stats.size} ${stats.mtimeMs} ${stats.ctimeMs} ${stats.ino}`;
}

function seenEntries(entries: readonly Dirent[]): string {
  let seen = "";
  for (const entry of entries) {
    const kind = entry.isDirectory() ? "d" : entry.isFile() ? "f" : entry.isSymbolicLink() ? "l" : "o";
    // `/` is the one character no file name holds.
    seen += `${kind}${entry.name}/`;
  }
  return seen;
}

/** What an observation sees now, through `fs` and in `env`. */
function observe(
  what: ObservedWhat,
  subject: string,
  fs: FileSystem,
  env: Readonly<Record<string, string | undefined>>,
): string | null {
  try {
    switch (what) {
      case "env":
        return env[subject] ?? null;
      case "stat":
        return seenStat(fs.stat(subject));
      case "lstat":
        return seenStat(fs.lstat(subject));
      case "readdir":
        return seenEntries(fs.readdir(subject));
      case "realpath":
        return fs.realpath(subject);
    }
  } catch (error) {
    return failed(error);
  }
}

/**
 * Records what a computation reads: a file-system layer and an environment to hand it, which
 * note every stat, listing, real path and variable it asks for, as it was seen. Replaying
 * the observations later ({@link stillSeen}) tells whether the same computation would see
 * the same world, without running it.
 *
 * The record is `unusable` when something was read that cannot be replayed: the whole
 * environment enumerated, or one path seen two different ways during the run (it changed
 * under the computation).
 *
 * @example
 * const recorder = new ReadRecorder(process.env);
 * const result = compute({ fs: recorder.fs, env: recorder.env });
 * if (!recorder.unusable) save(result, recorder.observations());
 */
export class ReadRecorder {
  /** The file-system layer to hand the computation (`base`'s answers, noted). */
  readonly fs: FileSystem;
  /** The environment to hand the computation (reads noted; enumerating it spoils the record). */
  readonly env: Record<string, string | undefined>;
  /** When the recording began (ms since the epoch). */
  readonly startedAt = Date.now();
  /** The latest mtime or ctime of any file seen, not counting folders (ms): for the caller's racy-window rule. */
  newestChangeMs = 0;
  private readonly seen = new Map<string, Observation>();
  private spoiled: string | undefined;

  constructor(env: Readonly<Record<string, string | undefined>>, base: FileSystem = nodeFileSystem) {
    const note = (what: ObservedWhat, subject: string, seen: string | null) => this.note(what, subject, seen);
    const noteStat = (what: "stat" | "lstat", path: string, stat: (path: string) => Stats) => {
      let stats: Stats;
      try {
        stats = stat(path);
      } catch (error) {
        note(what, path, failed(error));
        throw error;
      }
      this.noteStats(what, path, stats);
      return stats;
    };
    this.fs = {
      stat: (path) => noteStat("stat", path, base.stat),
      lstat: (path) => noteStat("lstat", path, base.lstat),
      readdir: (dir) => {
        let entries: Dirent[];
        try {
          entries = base.readdir(dir);
        } catch (error) {
          note("readdir", dir, failed(error));
          throw error;
        }
        note("readdir", dir, seenEntries(entries));
        return entries;
      },
      realpath: (path) => {
        let real: string;
        try {
          real = base.realpath(path);
        } catch (error) {
          note("realpath", path, failed(error));
          throw error;
        }
        note("realpath", path, real);
        return real;
      },
      // What a read saw is the stat taken just before it: a change after that stat moves
      // the file's ctime, so a replay sees it.
      readFile: (path, maxBytes, stats, scratch) =>
        base.readFile(path, maxBytes, stats ?? noteStat("stat", path, base.stat), scratch),
    };
    const spoil = (why: string) => {
      this.spoiled ??= why;
    };
    this.env = new Proxy({ ...env } as Record<string, string | undefined>, {
      get: (target, name) => {
        if (typeof name !== "string") return undefined;
        const value = target[name];
        note("env", name, value ?? null);
        return value;
      },
      has: (target, name) => {
        if (typeof name === "string") note("env", name, target[name] ?? null);
        return name in target;
      },
      ownKeys: (target) => {
        spoil("the whole environment was read");
        return Reflect.ownKeys(target);
      },
      set: () => {
        spoil("the environment was written");
        return false;
      },
      deleteProperty: () => {
        spoil("the environment was written");
        return false;
      },
    });
  }

  /** Why the record cannot be replayed, if it cannot. */
  get unusable(): string | undefined {
    return this.spoiled;
  }

  /** Spoils the record: what the computation did cannot be replayed (code ran that reads unobserved). */
  spoil(why: string): void {
    this.spoiled ??= why;
  }

  /** Everything seen, once each, in the order first seen. */
  observations(): Observation[] {
    return [...this.seen.values()];
  }

  private noteStats(what: "stat" | "lstat", path: string, stats: Stats): void {
    if (!stats.isDirectory()) {
      if (stats.mtimeMs > this.newestChangeMs) this.newestChangeMs = stats.mtimeMs;
      if (stats.ctimeMs > this.newestChangeMs) this.newestChangeMs = stats.ctimeMs;
    }
    this.note(what, path, seenStat(stats));
  }

  private note(what: ObservedWhat, subject: string, seen: string | null): void {
    const key = `${what}\0${subject}`;
    const before = this.seen.get(key);
    if (before === undefined) this.seen.set(key, [what, subject, seen]);
    else if (before[2] !== seen) this.spoiled ??= `${subject} changed during the run`;
  }
}

/** True when `value` is a list of observations as {@link ReadRecorder.observations} gives them. */
export function isObservations(value: unknown): value is Observation[] {
  return (
    Array.isArray(value) &&
    value.every(
      (o) =>
        Array.isArray(o) &&
        o.length === 3 &&
        OBSERVED.has(o[0]) &&
        typeof o[1] === "string" &&
        (typeof o[2] === "string" || o[2] === null),
    )
  );
}

const OBSERVED = new Set<unknown>(["env", "stat", "lstat", "readdir", "realpath"]);

/**
 * True when every observation is seen the same way now: each variable has its value, each
 * path its kind and stat, each folder its entries, each link its target. The first
 * difference ends the replay.
 */
export function stillSeen(
  observations: readonly Observation[],
  env: Readonly<Record<string, string | undefined>>,
  fs: FileSystem = nodeFileSystem,
): boolean {
  for (const [what, subject, seen] of observations) {
    if (observe(what, subject, fs, env) !== seen) return false;
  }
  return true;
}
