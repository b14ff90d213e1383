import { existsSync, readdirSync, rmSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { readFileBounded } from "@roster/core";
import { writeFileInside } from "@roster/writers";
import { cacheDirOf, type UnsafeCache, unsafeCachePath } from "./cache-dir.js";
import type { IndexDiagnostic, IndexKey, OpenOutputsOptions } from "./types.js";

/** The `code` of a Node system error (`ENOENT`, `EACCES` …), if it has one. */
function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
}

/** Written first in every stored output; anything else there is not roster's. */
export const INDEX_FORMAT = "roster-index";
/** The layout of a stored output's header; one of another layout is ignored and rewritten. */
export const INDEX_SCHEMA = 1;

const DEFAULTS = { maxBytes: 64 * 1024 * 1024, maxIndexes: 32 };

function describe(error: unknown): string {
  const code = errorCode(error);
  if (code === "EACCES" || code === "EPERM") return "permission denied";
  if (code === "EROFS") return "read-only file system";
  if (code === "ENOSPC") return "no space left";
  return error instanceof Error ? error.message : String(error);
}

/**
 * The whole outputs stored for one key (the CLI's `list --json` and its shortcut), each
 * with the roster version, the key and a fingerprint on its first line: handed back only
 * for the very same version, key and fingerprint. Use {@link openOutputs}.
 */
export class PersistentIndex {
  /** The key's base file: its outputs are `<base>.<name>.out` beside it. */
  readonly path: string;
  private readonly options: Required<Omit<OpenOutputsOptions, "env" | "home" | "onUnsafe">>;
  private readonly onUnsafe: OpenOutputsOptions["onUnsafe"];
  private readonly keyText: string;
  private warned = false;
  /** Whether the folder may be used: looked at once, on first use. */
  private safe: boolean | undefined;
  private reported = false;

  /** Use {@link openOutputs}. */
  constructor(path: string, options: OpenOutputsOptions) {
    this.path = path;
    const { onUnsafe, ...rest } = options;
    this.options = { ...DEFAULTS, ...rest };
    this.onUnsafe = onUnsafe;
    this.keyText = keyText(options.key);
  }

  /** The cache folder is the user's and no one else can write it (SPEC §17); said once when not. */
  private folderSafe(): boolean {
    if (this.safe === undefined) {
      const problem = unsafeCachePath(dirname(this.path), "folder");
      this.safe = problem === undefined;
      if (problem) this.report(problem);
    }
    return this.safe;
  }

  /** A record of the folder is the user's, a regular file no one else can write. */
  private recordSafe(path: string): boolean {
    const problem = unsafeCachePath(path, "record");
    if (problem) this.report(problem);
    return problem === undefined;
  }

  private report(problem: UnsafeCache): void {
    if (this.reported) return;
    this.reported = true;
    this.onUnsafe?.({
      severity: "warning",
      code: "index/unsafe",
      message: `not using ${problem.path}: ${problem.reason}; nothing is read from or stored in roster's cache there (as ssh refuses such keys). Fix it (chmod go-w, or remove it), or turn the cache off with ROSTER_NO_CACHE=1`,
      filePath: problem.path,
    });
  }

  /**
   * A whole output stored for this key (for example `list --json`), if it was stored with
   * this very `fingerprint` (the stat fingerprint of every file read): its bytes, as written.
   */
  readOutput(name: string, fingerprint: string): Buffer | undefined {
    const path = this.outputPath(name);
    if (!this.folderSafe() || !this.recordSafe(path)) return undefined;
    let bytes: Buffer;
    try {
      bytes = readFileBounded(path, this.options.maxBytes);
    } catch {
      return undefined;
    }
    const newline = bytes.indexOf(0x0a);
    if (newline === -1) return undefined;
    try {
      const header = JSON.parse(bytes.toString("utf8", 0, newline)) as Record<string, unknown>;
      if (
        header.format !== INDEX_FORMAT ||
        header.schema !== INDEX_SCHEMA ||
        header.version !== this.options.version ||
        header.key !== this.keyText ||
        header.fingerprint !== fingerprint
      ) {
        return undefined;
      }
    } catch {
      return undefined;
    }
    return bytes.subarray(newline + 1);
  }

  /** Whether an output is stored under `name` at all (for any fingerprint): a look is then worth taking. */
  hasOutput(name: string): boolean {
    return this.folderSafe() && existsSync(this.outputPath(name));
  }

  /** Stores a whole output under `name` for `fingerprint`, atomically, unless it is too large. */
  writeOutput(
    name: string,
    fingerprint: string,
    chunks: readonly (string | Uint8Array)[],
  ): IndexDiagnostic[] {
    let bytes = 0;
    for (const chunk of chunks)
      bytes += typeof chunk === "string" ? Buffer.byteLength(chunk) : chunk.byteLength;
    if (bytes > this.options.maxBytes || !this.folderSafe()) return [];
    const header = JSON.stringify({
      format: INDEX_FORMAT,
      schema: INDEX_SCHEMA,
      version: this.options.version,
      key: this.keyText,
      fingerprint,
    });
    const problem = this.writeAtomically(this.outputPath(name), [`${header}\n`, ...chunks]);
    if (problem) return problem;
    this.prune();
    return [];
  }

  private outputPath(name: string): string {
    return this.path.replace(/\.json$/, `.${name.replace(/[^a-z0-9-]/gi, "_")}.out`);
  }

  private writeAtomically(
    path: string,
    chunks: readonly (string | Uint8Array)[],
  ): IndexDiagnostic[] | undefined {
    try {
      // roster's one write: a temporary beside it and a rename, never through a link (SPEC §17).
      writeFileInside({ root: dirname(path), filePath: path, content: chunks, mode: 0o600, dirMode: 0o700 });
      return undefined;
    } catch (error) {
      if (this.warned) return [];
      this.warned = true;
      return [
        {
          severity: "warning",
          code: "index/unwritable",
          message: `cannot write the index (${describe(error)}): every file is read instead. ROSTER_NO_CACHE=1 or --no-cache turns the index off`,
          filePath: path,
        },
      ];
    }
  }

  /**
   * Keeps the folder to `maxIndexes` keys (their stored outputs, and an index file an older
   * roster wrote): the least recently written keys go, with every file of theirs.
   */
  private prune(): void {
    try {
      const dir = join(this.path, "..");
      const names = readdirSync(dir);
      const newest = new Map<string, number>();
      for (const name of names) {
        const base = /^(index-[0-9a-f]+)\.(?:json|[\w-]+\.out)$/.exec(name)?.[1];
        if (!base) continue;
        const mtime = statSync(join(dir, name)).mtimeMs;
        newest.set(base, Math.max(newest.get(base) ?? 0, mtime));
      }
      if (newest.size <= this.options.maxIndexes) return;
      const gone = new Set(
        [...newest]
          .sort((a, b) => b[1] - a[1])
          .slice(this.options.maxIndexes)
          .map(([base]) => base),
      );
      for (const name of names) {
        const base = /^(index-[0-9a-f]+)\./.exec(name)?.[1];
        if (base && gone.has(base) && !name.endsWith(".tmp")) rmSync(join(dir, name), { force: true });
      }
    } catch {
      // Pruning is housekeeping: another process may be doing the same.
    }
  }
}

function keyText(key: IndexKey): string {
  return JSON.stringify([key.kind, key.cwd, key.home, key.trust, [...key.providers]]);
}

/**
 * The base file of a key, `<cache folder>/index-<hash of the key>.json` (its outputs are
 * `index-<hash>.<name>.out`; the `.json` itself is an older roster's per-file index). The hash only
 * names the file (the key itself is stored in it and compared), so it is FNV-1a, 64 bits, not
 * a cryptographic one: loading node:crypto costs a short-lived process about 3 ms.
 */
export function indexPathOf(options: Pick<OpenOutputsOptions, "key" | "env" | "home">): string {
  return join(cacheDirOf(options), `index-${fnv1a64(keyText(options.key))}.json`);
}

/** FNV-1a over the UTF-16 code units of `text`, 64 bits (as two 32-bit halves), in hex. */
export function fnv1a64(text: string): string {
  // The 64-bit offset basis 0xcbf29ce484222325 and prime 0x100000001b3, split in halves.
  let hi = 0xcbf29ce4;
  let lo = 0x84222325;
  for (let i = 0; i < text.length; i++) {
    lo = (lo ^ text.charCodeAt(i)) >>> 0;
    // (hi, lo) * 0x100000001b3 mod 2^64: lo * 0x1b3, plus the carries, plus lo << 40 into hi.
    const loTimes = lo * 0x1b3;
    const carry = Math.floor(loTimes / 0x100000000);
    hi = (Math.imul(hi, 0x1b3) + carry + (lo << 8)) >>> 0;
    lo = loTimes >>> 0;
  }
  return hi.toString(16).padStart(8, "0") + lo.toString(16).padStart(8, "0");
}

/**
 * The stored outputs of a key (`readOutput`, `writeOutput`, `hasOutput`): the CLI's listing
 * and its shortcut store whole outputs, checked against a fingerprint.
 *
 * @example
 * const bytes = openOutputs({ key, env, home, version }).readOutput("list-json", fingerprint);
 */
export function openOutputs(options: OpenOutputsOptions): PersistentIndex {
  return new PersistentIndex(indexPathOf(options), options);
}

/**
 * Removes every index and stored output from roster's cache folder (`roster cache clear`).
 * Other files there are left alone. Returns the folder and how many files went.
 */
export function clearIndexes(options: { home: string; env: Record<string, string | undefined> }): {
  dir: string;
  removed: number;
} {
  const dir = cacheDirOf(options);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch (error) {
    if (errorCode(error) === "ENOENT") return { dir, removed: 0 };
    throw error;
  }
  let removed = 0;
  for (const name of names) {
    if (!/^index-[0-9a-f]+\.(?:json|[\w-]+\.out)$|\.tmp$/.test(name)) continue;
    rmSync(join(dir, name), { force: true });
    removed++;
  }
  return { dir, removed };
}
