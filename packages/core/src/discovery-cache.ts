import type { Stats } from "node:fs";
import type { DiscoveryKind, FormatResult } from "./types.js";

/** Cheap change detector for a file or folder. */
export interface Validator {
  mtimeMs: number;
  ctimeMs: number;
  size: number;
  ino: number;
  /** When we looked; a change inside the same clock tick as the look is not trusted. */
  seenAt: number;
}

/** Timestamps this close to the moment they were read may hide a later change. */
export const RACY_MS = 20;

/** Builds a validator from a stat result. */
export function validatorOf(stats: Stats, seenAt = Date.now()): Validator {
  return { mtimeMs: stats.mtimeMs, ctimeMs: stats.ctimeMs, size: stats.size, ino: stats.ino, seenAt };
}

/** True when two stats name the same content: same mtime, ctime, size and inode. */
export function sameStat(
  a: Pick<Stats, "mtimeMs" | "ctimeMs" | "size" | "ino">,
  b: Pick<Stats, "mtimeMs" | "ctimeMs" | "size" | "ino">,
): boolean {
  return a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs && a.size === b.size && a.ino === b.ino;
}

/** True when `stats` matches `cached` and the cached look was not racy. */
export function unchanged(cached: Validator, stats: Stats): boolean {
  return sameStat(cached, stats) && cached.seenAt - stats.mtimeMs > RACY_MS;
}

interface FolderEntry {
  kind: DiscoveryKind;
  validator: Validator;
  /** Plans of this listing, per location shape (prefix, recursion, formats). */
  plans: Map<string, unknown>;
  generation: number;
}

interface FileEntry {
  kind: DiscoveryKind;
  validator: Validator;
  result: FormatResult;
  generation: number;
}

interface MergeMemo {
  /** Everything that decides a merge: see {@link DiscoveryCache.merge}. */
  owner: object;
  fingerprint: string;
  inputs: readonly unknown[];
  result: unknown;
}

/** Counters that tests and benchmarks read. */
export interface DiscoveryCacheStats {
  /** Files parsed by a format (a YAML parse for markdown). */
  parses: number;
  /** Files read from disk. */
  reads: number;
  /** Files served from the cache. */
  hits: number;
  /** Folders listed with readdir. */
  listings: number;
}

/** What one file read through the cache needs. */
export interface CachedFileQuery {
  kind: DiscoveryKind;
  /** Format and level: what decides the parse besides the file and its content. */
  group: string;
  filePath: string;
  stats: Stats;
  generation: number;
}

/** What one folder plan through the cache needs. */
export interface CachedFolderQuery {
  kind: DiscoveryKind;
  dir: string;
  stats: Stats;
  /** The location shape the plan is for. */
  shape: string;
  generation: number;
}

/**
 * Remembers, per folder and per file, what discovery read and a validator (mtime,
 * ctime, size, inode), so that a rediscovery re-reads only what changed (SPEC §5.1).
 * It also keeps, privately, what was derived from them: folder plans, the definitions
 * built from each parse, and the last merge. Entries not seen in a discovery of the same
 * kind are dropped, so it never grows past the tree it describes.
 */
export class DiscoveryCache {
  readonly stats: DiscoveryCacheStats = { parses: 0, reads: 0, hits: 0, listings: 0 };
  private readonly folders = new Map<string, FolderEntry>();
  /** Per kind, format and level (`group`), per path: one short key built per file, not a long one. */
  private readonly files = new Map<string, Map<string, FileEntry>>();
  private readonly generations: Record<DiscoveryKind, number> = { agents: 0, commands: 0 };
  /** Definitions built per parse result: an unchanged file hands back the same parse object. */
  private readonly built = new WeakMap<object, { key: string; value: unknown }>();
  private readonly merges = new Map<DiscoveryKind, MergeMemo>();
  /**
   * Paths a walk depends on besides the folders it listed: symlinked files (their targets
   * change without their folder changing) and the folders of files a location names itself.
   */
  private readonly links = new Map<
    string,
    { kind: DiscoveryKind; path: string; what: "link" | "folder"; generation: number }
  >();

  /** Starts a discovery of `kind`; returns its generation. */
  begin(kind: DiscoveryKind): number {
    this.generations[kind] += 1;
    return this.generations[kind];
  }

  /** Drops every entry of `kind` that the discovery of `generation` did not touch. */
  end(kind: DiscoveryKind, generation: number): void {
    for (const map of [this.folders, this.links, ...this.files.values()] as Map<
      string,
      { kind: DiscoveryKind; generation: number }
    >[]) {
      for (const [key, entry] of map) {
        if (entry.kind === kind && entry.generation !== generation) map.delete(key);
      }
    }
  }

  /**
   * The plan of a folder for one location shape: `build` lists and plans it unless the
   * folder is unchanged since a plan of that shape was made.
   */
  folder<T>(query: CachedFolderQuery, build: () => T): T {
    const id = `${query.kind}\0${query.dir}`;
    let entry = this.folders.get(id);
    if (!entry || !unchanged(entry.validator, query.stats)) {
      entry = { kind: query.kind, validator: validatorOf(query.stats), plans: new Map(), generation: 0 };
      this.folders.set(id, entry);
    }
    entry.generation = query.generation;
    if (entry.plans.has(query.shape)) return entry.plans.get(query.shape) as T;
    this.stats.listings += 1;
    const plan = build();
    entry.plans.set(query.shape, plan);
    return plan;
  }

  /**
   * Notes a path a walk of `kind` depends on that no listing covers: a symlinked file
   * (`link`), or the folder of a file a location names (`folder`). See {@link DiscoveryCache.watchList}.
   */
  noteWatched(kind: DiscoveryKind, path: string, what: "link" | "folder", generation: number): void {
    this.links.set(`${kind}\0${what}\0${path}`, { kind, path, what, generation });
  }

  /**
   * What the last discovery of `kind` depends on besides its providers' answers and the
   * locations' own folders: every folder it listed, the folders of files a location names,
   * and every symlinked file it met (whose target can change without its folder changing).
   * A watcher of these and of the locations sees every change a stat-only look would.
   */
  watchList(kind: DiscoveryKind): { folders: string[]; links: string[] } {
    const folders = new Set<string>();
    const links: string[] = [];
    for (const [id, entry] of this.folders)
      if (entry.kind === kind) folders.add(id.slice(id.indexOf("\0") + 1));
    for (const entry of this.links.values()) {
      if (entry.kind !== kind) continue;
      if (entry.what === "link") links.push(entry.path);
      else folders.add(entry.path);
    }
    return { folders: [...folders], links };
  }

  /** A cached format result, if the file's `stats` say it is unchanged. */
  parsed(query: CachedFileQuery): FormatResult | undefined {
    const entry = this.files.get(`${query.kind}\0${query.group}`)?.get(query.filePath);
    if (!entry || !unchanged(entry.validator, query.stats)) return undefined;
    entry.generation = query.generation;
    this.stats.hits += 1;
    return entry.result;
  }

  /** Remembers a format result read at `seenAt`. */
  storeParsed(query: CachedFileQuery, result: FormatResult, seenAt: number): void {
    const id = `${query.kind}\0${query.group}`;
    let group = this.files.get(id);
    if (!group) {
      group = new Map();
      this.files.set(id, group);
    }
    group.set(query.filePath, {
      kind: query.kind,
      validator: validatorOf(query.stats, seenAt),
      result,
      generation: query.generation,
    });
  }

  /**
   * What was built from one parse result (an agent, a command), rebuilt only when `key`
   * (what else decides it: provider, scope, path, plugin) changed.
   */
  build<T>(parse: object, key: string, build: () => T): T {
    const memo = this.built.get(parse);
    if (memo && memo.key === key) return memo.value as T;
    const value = build();
    this.built.set(parse, { key, value });
    return value;
  }

  /**
   * The last merge of `kind`, reused when it was made by the same `owner` (the registry)
   * from the same fingerprint and the very same inputs (each parse result, compared by
   * identity: a file re-read without a visible stat change yields a new one).
   */
  merge<T>(kind: DiscoveryKind, key: Omit<MergeMemo, "result">, build: () => T): T {
    const memo = this.merges.get(kind);
    if (
      memo &&
      memo.owner === key.owner &&
      memo.fingerprint === key.fingerprint &&
      memo.inputs.length === key.inputs.length &&
      memo.inputs.every((input, i) => input === key.inputs[i])
    ) {
      return memo.result as T;
    }
    const result = build();
    this.merges.set(kind, { ...key, result });
    return result;
  }

  /** Forgets everything (counters stay). */
  clear(): void {
    this.folders.clear();
    this.files.clear();
    this.merges.clear();
    this.links.clear();
  }

  /** How many folders and files are remembered. */
  get size(): { dirs: number; files: number } {
    let files = 0;
    for (const group of this.files.values()) files += group.size;
    return { dirs: this.folders.size, files };
  }
}
