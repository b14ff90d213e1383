import type { Dirent, Stats } from "node:fs";
import type { DiscoveryKind, ParsedFrontmatter } from "./types.js";

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
const RACY_MS = 20;

/** Builds a validator from a stat result. */
export function validatorOf(stats: Stats, seenAt = Date.now()): Validator {
  return { mtimeMs: stats.mtimeMs, ctimeMs: stats.ctimeMs, size: stats.size, ino: stats.ino, seenAt };
}

/** True when `stats` matches `cached` and the cached look was not racy. */
export function unchanged(cached: Validator, stats: Stats): boolean {
  return (
    cached.mtimeMs === stats.mtimeMs &&
    cached.ctimeMs === stats.ctimeMs &&
    cached.size === stats.size &&
    cached.ino === stats.ino &&
    cached.seenAt - stats.mtimeMs > RACY_MS
  );
}

interface DirEntry {
  kind: DiscoveryKind;
  validator: Validator;
  entries: Dirent[];
  generation: number;
}

interface FileEntry {
  kind: DiscoveryKind;
  validator: Validator;
  parsed: ParsedFrontmatter;
  generation: number;
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

/**
 * Remembers, per folder and per file, what discovery read and a validator (mtime,
 * ctime, size, inode), so that a rediscovery re-reads only what changed (SPEC §5.1).
 * Entries not seen in a discovery of the same kind are dropped, so it never grows past
 * the tree it describes.
 */
export class DiscoveryCache {
  readonly stats: DiscoveryCacheStats = { parses: 0, reads: 0, hits: 0, listings: 0 };
  private readonly dirs = new Map<string, DirEntry>();
  private readonly files = new Map<string, FileEntry>();
  private readonly generations: Record<DiscoveryKind, number> = { agents: 0, commands: 0 };

  /** Starts a discovery of `kind`; returns its generation. */
  begin(kind: DiscoveryKind): number {
    this.generations[kind] += 1;
    return this.generations[kind];
  }

  /** Drops every entry of `kind` that the discovery of `generation` did not touch. */
  end(kind: DiscoveryKind, generation: number): void {
    for (const map of [this.dirs, this.files] as Map<string, { kind: DiscoveryKind; generation: number }>[]) {
      for (const [key, entry] of map) {
        if (entry.kind === kind && entry.generation !== generation) map.delete(key);
      }
    }
  }

  /** A cached listing of `dir`, if `stats` says it is still valid. */
  listing(kind: DiscoveryKind, dir: string, stats: Stats, generation: number): Dirent[] | undefined {
    const entry = this.dirs.get(`${kind}\0${dir}`);
    if (!entry || !unchanged(entry.validator, stats)) return undefined;
    entry.generation = generation;
    return entry.entries;
  }

  storeListing(
    kind: DiscoveryKind,
    dir: string,
    validator: Validator,
    entries: Dirent[],
    generation: number,
  ): void {
    this.stats.listings += 1;
    this.dirs.set(`${kind}\0${dir}`, { kind, validator, entries, generation });
  }

  /** A cached parse of `key`, if `stats` says the file is unchanged. */
  parsed(kind: DiscoveryKind, key: string, stats: Stats, generation: number): ParsedFrontmatter | undefined {
    const entry = this.files.get(`${kind}\0${key}`);
    if (!entry || !unchanged(entry.validator, stats)) return undefined;
    entry.generation = generation;
    this.stats.hits += 1;
    return entry.parsed;
  }

  storeParsed(
    kind: DiscoveryKind,
    key: string,
    validator: Validator,
    parsed: ParsedFrontmatter,
    generation: number,
  ): void {
    this.files.set(`${kind}\0${key}`, { kind, validator, parsed, generation });
  }

  /** Forgets everything (counters stay). */
  clear(): void {
    this.dirs.clear();
    this.files.clear();
  }

  /** How many folders and files are remembered. */
  get size(): { dirs: number; files: number } {
    return { dirs: this.dirs.size, files: this.files.size };
  }
}
