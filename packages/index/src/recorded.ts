import type { Dirent, Stats } from "node:fs";
import { type FileSystem, readListedFile } from "@roster/core";
import { errorCode, nodeFileSystem } from "@roster/core/provider-kit";

/**
 * One thing a result was computed from, as it was seen: `[what, subject, seen]`.
 *
 * | what | subject | seen |
 * | --- | --- | --- |
 * | `env` | a variable's name | its value, or `null` when unset |
 * | `stat`, `lstat` | a path | {@link SeenStat} (`!CODE` on an error) |
 * | `readdir` | a folder | every entry's kind and name, in the order read (`!CODE` on an error) |
 * | `realpath` | a path | the real path (`!CODE` on an error) |
 */
export type Observation = readonly [what: ObservedWhat, subject: string, seen: Seen];

/** The kinds of {@link Observation}. */
export type ObservedWhat = "env" | "stat" | "lstat" | "readdir" | "realpath";

/** How something was seen: a text, numbers (a stat) or nothing (an unset variable). */
export type Seen = string | SeenStat | null;

/**
 * A stat as seen: a folder as `["d", inode]`, anything else as `[kind, size, mtimeMs, ctimeMs,
 * inode]` (`"f"` a file, `"l"` a link, `"o<mode>"` anything else). A folder's times are left
 * out: its mtime moves whenever any file is added to it, also files nobody reads (a history
 * file in a tool's home folder); what it holds is its `readdir`. Numbers, not text: turning
 * the times of 10,000 stats into text cost about 10 ms of a recorded look at 10,000 files.
 */
export type SeenStat = readonly [kind: string, ...numbers: number[]];

function failed(error: unknown): string {
  return `!${errorCode(error) ?? (error instanceof Error ? error.name : "error")}`;
}

/** How a stat is seen (see {@link SeenStat}). */
export function seenStat(stats: Stats): SeenStat {
  if (stats.isDirectory()) return ["d", stats.ino];
  const kind = stats.isFile() ? "f" : stats.isSymbolicLink() ? "l" : `o${stats.mode}`;
  return [kind, stats.size, stats.mtimeMs, stats.ctimeMs, stats.ino];
}

/** True when two sightings are the same. */
function same(a: Seen, b: Seen): boolean {
  if (a === b) return true;
  if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
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
): Seen {
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
 * what it recorded ({@link ReadRecorder.reads}, {@link stillSeen}) tells whether the same
 * computation would see the same world, without running it.
 *
 * The record is `unusable` when something was read that cannot be replayed: the whole
 * environment enumerated, or one path seen two different ways during the run (it changed
 * under the computation).
 *
 * @example
 * const recorder = new ReadRecorder(process.env);
 * const result = compute({ fs: recorder.fs, env: recorder.env });
 * if (!recorder.unusable) save(result, recorder.reads());
 * // later: if (stillSeen(saved.reads, process.env)) use(saved.result);
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
  /** What was seen of each subject, per kind of read (no key to build per read). */
  /** Stats seen, as numbers in one growing array (a `number` in `seen` is a slot of it). */
  private readonly stats = new StatTable();
  private readonly seen: Record<ObservedWhat, Map<string, Seen | number>> = {
    env: new Map(),
    realpath: new Map(),
    lstat: new Map(),
    readdir: new Map(),
    stat: new Map(),
  };
  private spoiled: string | undefined;

  constructor(env: Readonly<Record<string, string | undefined>>, base: FileSystem = nodeFileSystem) {
    const note = (what: ObservedWhat, subject: string, seen: Seen) => this.note(what, subject, seen);
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
    // A listed file read in one open (core's way on node:fs): its descriptor's stat is what
    // the read saw, and what a replay's `stat` of the path must see.
    const readListed = base === nodeFileSystem ? readListedFile : base.readListed;
    if (readListed) {
      this.fs.readListed = (path, maxBytes, scratch) => {
        let read: { bytes: Buffer; stats: Stats };
        try {
          read = readListed(path, maxBytes, scratch);
        } catch (error) {
          const stats = (error as { stats?: Stats }).stats;
          if (stats) this.noteStats("stat", path, stats);
          else note("stat", path, failed(error));
          throw error;
        }
        this.noteStats("stat", path, read.stats);
        return read;
      };
    }
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

  /**
   * Everything seen, once each: the variables first, then real paths, links, folders and
   * files (the cheapest to replay first), each in the order first seen.
   */
  observations(): Observation[] {
    const all: Observation[] = [];
    for (const what of Object.keys(this.seen) as ObservedWhat[])
      for (const [subject, seen] of this.seen[what]) all.push([what, subject, this.resolve(seen)]);
    return all;
  }

  /**
   * Everything seen, in the compact form a caller stores (JSON-safe): per kind of read, the
   * subjects (each written as what it shares with the one before it, see {@link packSubjects})
   * and what was seen of them. What {@link stillSeen} replays.
   */
  reads(): RecordedReads {
    const reads = {} as Record<ObservedWhat, [string[], Seen[]]>;
    for (const what of Object.keys(this.seen) as ObservedWhat[]) {
      const seenOf = this.seen[what];
      reads[what] = [
        packSubjects([...seenOf.keys()]),
        Array.from(seenOf.values(), (seen) => this.resolve(seen)),
      ];
    }
    return reads;
  }

  private noteStats(what: "stat" | "lstat", path: string, stats: Stats): void {
    if (!stats.isDirectory()) {
      if (stats.mtimeMs > this.newestChangeMs) this.newestChangeMs = stats.mtimeMs;
      if (stats.ctimeMs > this.newestChangeMs) this.newestChangeMs = stats.ctimeMs;
    }
    // Kept as numbers in the table, not as an array per file: a recorded look at 10,000 files
    // otherwise leaves 10,000 small arrays for every scavenge to copy.
    const seenOf = this.seen[what];
    const before = seenOf.get(path);
    if (before === undefined && !seenOf.has(path)) seenOf.set(path, this.stats.add(stats));
    else if (typeof before !== "number" || !this.stats.matches(before, stats))
      this.spoiled ??= `${path} changed during the run`;
  }

  private resolve(seen: Seen | number): Seen {
    return typeof seen === "number" ? this.stats.seen(seen) : seen;
  }

  private note(what: ObservedWhat, subject: string, seen: Seen): void {
    const seenOf = this.seen[what];
    const before = seenOf.get(subject);
    if (before === undefined && !seenOf.has(subject)) seenOf.set(subject, seen);
    else if (!same(this.resolve(before!), seen)) this.spoiled ??= `${subject} changed during the run`;
  }
}

/** Kinds of a stat in the {@link StatTable}. */
const FOLDER = 0;
const FILE = 1;
const LINK = 2;
const OTHER = 3;
/** Numbers per stat: kind, mode, size, mtimeMs, ctimeMs, inode. */
const WIDTH = 6;

/** Stats as numbers in one `Float64Array`, a slot each: no object per stat for the collector to copy. */
class StatTable {
  private nums = new Float64Array(WIDTH * 64);
  private count = 0;

  /** Stores a stat's numbers; returns its slot. */
  add(stats: Stats): number {
    if ((this.count + 1) * WIDTH > this.nums.length) {
      const grown = new Float64Array(this.nums.length * 2);
      grown.set(this.nums);
      this.nums = grown;
    }
    const at = this.count * WIDTH;
    const kind = stats.isDirectory() ? FOLDER : stats.isFile() ? FILE : stats.isSymbolicLink() ? LINK : OTHER;
    this.nums[at] = kind;
    this.nums[at + 1] = stats.mode;
    this.nums[at + 2] = stats.size;
    this.nums[at + 3] = stats.mtimeMs;
    this.nums[at + 4] = stats.ctimeMs;
    this.nums[at + 5] = stats.ino;
    return this.count++;
  }

  /** The slot's stat as {@link seenStat} gives it. */
  seen(slot: number): SeenStat {
    const at = slot * WIDTH;
    const n = this.nums;
    const kind = n[at]!;
    if (kind === FOLDER) return ["d", n[at + 5]!];
    const name = kind === FILE ? "f" : kind === LINK ? "l" : `o${n[at + 1]}`;
    return [name, n[at + 2]!, n[at + 3]!, n[at + 4]!, n[at + 5]!];
  }

  /** True when `stats` is seen as the slot's stat was. */
  matches(slot: number, stats: Stats): boolean {
    return same(this.seen(slot), seenStat(stats));
  }
}

/**
 * What a {@link ReadRecorder} saw, as it is stored: for each kind of read (the variables first,
 * then real paths, links, folders and files: the cheapest to replay first), the subjects,
 * packed, and what was seen of each.
 */
export type RecordedReads = Readonly<Record<ObservedWhat, readonly [subjects: string[], seen: Seen[]]>>;

/**
 * Subjects as stored: each as `<n>|<rest>`, where `n` is how many of its first characters it
 * shares with the subject before it. Paths read in walk order share most of themselves with
 * the one before: 10,000 stat-ed files store in about half the bytes.
 *
 * @example packSubjects(["/a/b/x.md", "/a/b/y.md"]) // ["0|/a/b/x.md", "5|y.md"]
 */
export function packSubjects(subjects: readonly string[]): string[] {
  let previous = "";
  return subjects.map((subject) => {
    const max = Math.min(previous.length, subject.length);
    let shared = 0;
    while (shared < max && subject.charCodeAt(shared) === previous.charCodeAt(shared)) shared++;
    previous = subject;
    return `${shared}|${subject.slice(shared)}`;
  });
}

/** The subjects {@link packSubjects} packed, or `undefined` when `packed` is not such a list. */
export function unpackSubjects(packed: readonly unknown[]): string[] | undefined {
  let previous = "";
  const subjects: string[] = [];
  for (const item of packed) {
    if (typeof item !== "string") return undefined;
    const bar = item.indexOf("|");
    const digits = item.slice(0, bar);
    if (bar < 1 || bar > 7 || !/^\d+$/.test(digits)) return undefined;
    const shared = Number(digits);
    if (shared > previous.length) return undefined;
    previous = previous.slice(0, shared) + item.slice(bar + 1);
    subjects.push(previous);
  }
  return subjects;
}

/** True when `value` has the shape {@link ReadRecorder.reads} gives (the subjects unpacked when replayed). */
export function isRecordedReads(value: unknown): value is RecordedReads {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
  const reads = value as Record<string, unknown>;
  return (
    Object.keys(reads).every((what) => OBSERVED.has(what)) &&
    [...OBSERVED].every((what) => {
      const pair = reads[what as string];
      return (
        Array.isArray(pair) &&
        pair.length === 2 &&
        Array.isArray(pair[0]) &&
        Array.isArray(pair[1]) &&
        pair[0].length === pair[1].length &&
        pair[1].every((seen: unknown) => typeof seen === "string" || seen === null || isSeenStat(seen))
      );
    })
  );
}

const OBSERVED = new Set<unknown>(["env", "stat", "lstat", "readdir", "realpath"]);

function isSeenStat(value: unknown): value is SeenStat {
  return (
    Array.isArray(value) &&
    typeof value[0] === "string" &&
    value.length > 1 &&
    value.slice(1).every((n) => typeof n === "number")
  );
}

/**
 * True when everything recorded is seen the same way now: each variable has its value, each
 * path its kind and stat, each folder its entries, each link its target. The first
 * difference ends the replay; subjects that do not unpack are a difference.
 */
export function stillSeen(
  reads: RecordedReads,
  env: Readonly<Record<string, string | undefined>>,
  fs: FileSystem = nodeFileSystem,
): boolean {
  for (const what of Object.keys(reads) as ObservedWhat[]) {
    if (!OBSERVED.has(what)) return false;
    const [packed, seen] = reads[what];
    const subjects = unpackSubjects(packed);
    if (!subjects || subjects.length !== seen.length) return false;
    for (let i = 0; i < subjects.length; i++) {
      if (!same(observe(what, subjects[i]!, fs, env), seen[i]!)) return false;
    }
  }
  return true;
}
