import type { Diagnostic } from "@roster/core";

/** What a stored output is for: it is only ever read back for the very same key. */
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

/** Options of {@link openOutputs}. */
export interface OpenOutputsOptions {
  key: IndexKey;
  /** The environment (only `XDG_CACHE_HOME` is read) and home the cache folder derives from. */
  env: Record<string, string | undefined>;
  home: string;
  /** The writer's version (roster's): an output written by any other version is ignored. */
  version: string;
  /** Largest output read or written (default 64 MiB). */
  maxBytes?: number;
  /** Most keys kept in the folder (default 32); the least recently written go first. */
  maxIndexes?: number;
  /**
   * Told once, with an `index/unsafe` warning, when the cache folder or a record in it belongs
   * to another user or others can write it: nothing is then read from or stored there.
   */
  onUnsafe?: (problem: IndexDiagnostic) => void;
}

/** Stable codes of the index's diagnostics. */
export type IndexDiagnosticCode = "index/unwritable" | "index/unsafe";

/** A problem with the index itself: never a reason to fail, the run reads the files instead. */
export interface IndexDiagnostic extends Diagnostic {
  code: IndexDiagnosticCode;
}
