import type { Diagnostic } from "@roster/core";
import type { RecordedReads } from "./recorded.js";

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

/** Where a stored answer's bytes are: a name of the store (of another key, when `key` is given) and the fingerprint they were stored for. */
export interface OutputRef {
  name: string;
  fingerprint: string;
  /** The key whose store holds them, when not the answer's own. */
  key?: IndexKey;
}

/**
 * A stored answer: what it answers (`asked`: the command, its flags, how it prints, or any
 * context a replay needs), everything it read as it saw it (`reads`), where the bytes it wrote
 * are (`output`), and its exit code.
 */
export interface StoredAnswer {
  asked: unknown;
  reads: RecordedReads;
  output: OutputRef;
  exit: number;
}

/** An answer to store: its bytes given (stored under `output.name`), or a reference to bytes stored already. */
export interface AnswerToStore {
  asked: unknown;
  reads: RecordedReads;
  output: OutputRef | { name: string; chunks: readonly (string | Uint8Array)[] };
  exit: number;
}

/** When a run began reading, and the newest change it saw: what the racy-window rule judges. */
export interface ReadWindow {
  startedAt: number;
  newestChangeMs: number;
}

/** A look at the files: a fingerprint of their stats, taken at `startedAt`, the newest change it saw. */
export interface Look extends ReadWindow {
  fingerprint: string;
}
