import type { Diagnostic } from "@roster/core";

/** What an index is for: an index is only ever read back for the very same key. */
export interface IndexKey {
  /** What was discovered: `"agents"`, `"commands"`. */
  kind: string;
  cwd: string;
  home: string;
  /** Whether project folders were read (`ctx.trustProject !== false`). */
  trust: boolean;
  /** The provider ids, in registry order. */
  providers: readonly string[];
}

/** Options of {@link openIndex}. */
export interface OpenIndexOptions<T> {
  key: IndexKey;
  /** The environment (only `XDG_CACHE_HOME` is read) and home the cache folder derives from. */
  env: Record<string, string | undefined>;
  home: string;
  /** The writer's version (roster's): an index written by any other version is ignored. */
  version: string;
  /** Checks a stored value before it is handed out; one that fails is treated as absent. */
  isData: (value: unknown) => value is T;
  /** Most files one index keeps (default 200,000); past it, nothing is written. */
  maxFiles?: number;
  /** Largest index or output file read or written (default 64 MiB). */
  maxBytes?: number;
  /** Most index files kept in the folder (default 32); the least recently written go first. */
  maxIndexes?: number;
}

/** Stable codes of the index's diagnostics. */
export type IndexDiagnosticCode =
  | "index/unwritable"
  | "index/unreadable"
  | "index/corrupt"
  | "index/other-version"
  | "index/too-large";

/** A problem with the index itself: never a reason to fail, the run reads the files instead. */
export interface IndexDiagnostic extends Diagnostic {
  code: IndexDiagnosticCode;
}

/** Counters that tests and the bench read. */
export interface IndexStats {
  /** Entries loaded from disk when opened. */
  loaded: number;
  /** Lookups answered from the index. */
  hits: number;
  /** Lookups the index could not answer (absent, stat changed, racy, bad data). */
  misses: number;
  /** Whether the last `save()` wrote the index file. */
  wrote: boolean;
}
