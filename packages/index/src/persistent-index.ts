import type { Stats } from "node:fs";
import { existsSync, readdirSync, rmSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { readFileBounded, unchanged, type Validator, validatorOf } from "@roster/core";
import { writeFileInside } from "@roster/writers";
import { cacheDirOf } from "./cache-dir.js";
import type {
  IndexDiagnostic,
  IndexDiagnosticCode,
  IndexKey,
  IndexStats,
  OpenIndexOptions,
} from "./types.js";

/** The `code` of a Node system error (`ENOENT`, `EACCES` …), if it has one. */
function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
}

/** Written first in every index file; anything else there is not an index. */
export const INDEX_FORMAT = "roster-index";
/** The layout of an index file; a file of another layout is ignored and rebuilt. */
export const INDEX_SCHEMA = 1;

const DEFAULTS = { maxFiles: 200_000, maxBytes: 64 * 1024 * 1024, maxIndexes: 32 };

interface Entry {
  validator: Validator;
  data: unknown;
}

/** An index file as written: a header, then one row per file. */
interface IndexFile {
  format: string;
  schema: number;
  version: string;
  key: string;
  /** `[path, mtimeMs, ctimeMs, size, ino, seenAt, data]`. */
  files: unknown[];
}

function diagnostic(
  code: IndexDiagnosticCode,
  severity: "warning" | "info",
  message: string,
  filePath: string,
) {
  return { severity, code, message, filePath } satisfies IndexDiagnostic;
}

function describe(error: unknown): string {
  const code = errorCode(error);
  if (code === "EACCES" || code === "EPERM") return "permission denied";
  if (code === "EROFS") return "read-only file system";
  if (code === "ENOSPC") return "no space left";
  return error instanceof Error ? error.message : String(error);
}

/** The rows of an index file, or `undefined` when one is malformed (the file is then corrupt). */
function rowsOf(files: unknown[]): Map<string, Entry> | undefined {
  const entries = new Map<string, Entry>();
  for (const row of files) {
    if (!Array.isArray(row) || row.length !== 7 || typeof row[0] !== "string") return undefined;
    const [path, mtimeMs, ctimeMs, size, ino, seenAt, data] = row as [string, ...unknown[]];
    if (![mtimeMs, ctimeMs, size, ino, seenAt].every((n) => typeof n === "number" && Number.isFinite(n))) {
      return undefined;
    }
    entries.set(path, {
      validator: {
        mtimeMs: mtimeMs as number,
        ctimeMs: ctimeMs as number,
        size: size as number,
        ino: ino as number,
        seenAt: seenAt as number,
      },
      data,
    });
  }
  return entries;
}

/**
 * What one discovery read, kept on disk for the next process with the same key. A value
 * is handed out only for a file whose stat (mtime, ctime, size, inode) is what it was when
 * the value was stored, and was not racy then (the in-memory cache's rule: a file changed
 * within the same clock tick as the look is read again). Files not looked up or stored in
 * this run are dropped when it is saved, so deletions and renames leave nothing behind.
 */
export class PersistentIndex<T> {
  /** The index file. */
  readonly path: string;
  readonly stats: IndexStats = { loaded: 0, hits: 0, misses: 0, wrote: false };
  private readonly options: Required<Omit<OpenIndexOptions<T>, "env" | "home">>;
  private readonly keyText: string;
  private readonly loaded: Map<string, Entry>;
  private readonly touched = new Map<string, Entry>();
  private stored = false;
  private warned = false;

  /** Use {@link openIndex}. */
  constructor(path: string, options: OpenIndexOptions<T>, loaded: Map<string, Entry>) {
    this.path = path;
    this.options = { ...DEFAULTS, ...options };
    this.keyText = keyText(options.key);
    this.loaded = loaded;
    this.stats.loaded = loaded.size;
  }

  /** The stored value for `filePath`, if its current `stats` say the file is unchanged. */
  lookup(filePath: string, stats: Stats): T | undefined {
    const entry = this.touched.get(filePath) ?? this.loaded.get(filePath);
    if (!entry || !unchanged(entry.validator, stats) || !this.options.isData(entry.data)) {
      this.stats.misses += 1;
      return undefined;
    }
    this.touched.set(filePath, entry);
    this.stats.hits += 1;
    return entry.data;
  }

  /** Remembers `data` for `filePath`, read at `seenAt` with these `stats`. */
  store(filePath: string, stats: Stats, seenAt: number, data: T): void {
    this.touched.set(filePath, { validator: validatorOf(stats, seenAt), data });
    this.stored = true;
  }

  /**
   * Writes the index if anything changed: to a temporary file, then renamed over the old
   * one, so a reader never sees half a file. A folder that cannot be written gives one
   * `index/unwritable` warning per index (later calls stay silent) and nothing else.
   */
  save(): IndexDiagnostic[] {
    this.stats.wrote = false;
    const same = !this.stored && this.touched.size === this.loaded.size;
    if (same) return [];
    if (this.touched.size > this.options.maxFiles) {
      return [
        diagnostic(
          "index/too-large",
          "info",
          `not saved: ${this.touched.size} files is over the index's ${this.options.maxFiles}`,
          this.path,
        ),
      ];
    }
    const files: unknown[] = [];
    for (const [path, { validator: v, data }] of this.touched) {
      files.push([path, v.mtimeMs, v.ctimeMs, v.size, v.ino, v.seenAt, data]);
    }
    const file: IndexFile = {
      format: INDEX_FORMAT,
      schema: INDEX_SCHEMA,
      version: this.options.version,
      key: this.keyText,
      files,
    };
    const text = JSON.stringify(file);
    if (text.length > this.options.maxBytes) {
      return [
        diagnostic(
          "index/too-large",
          "info",
          `not saved: over the ${this.options.maxBytes}-byte limit`,
          this.path,
        ),
      ];
    }
    const problem = this.writeAtomically(this.path, [text]);
    if (problem) return problem;
    this.stats.wrote = true;
    this.prune();
    return [];
  }

  /**
   * A whole output stored for this key (for example `list --json`), if it was stored with
   * this very `fingerprint` (the stat fingerprint of every file read): its bytes, as written.
   */
  readOutput(name: string, fingerprint: string): Buffer | undefined {
    let bytes: Buffer;
    try {
      bytes = readFileBounded(this.outputPath(name), this.options.maxBytes);
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
    return existsSync(this.outputPath(name));
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
    if (bytes > this.options.maxBytes) return [];
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
        diagnostic(
          "index/unwritable",
          "warning",
          `cannot write the index (${describe(error)}): every file is read instead. ROSTER_NO_CACHE=1 or --no-cache turns the index off`,
          path,
        ),
      ];
    }
  }

  /**
   * Keeps the folder to `maxIndexes` keys (an index file and its stored outputs, or outputs
   * alone): the least recently written keys go, with every file of theirs.
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
 * The index file for a key: `<cache folder>/index-<hash of the key>.json`. The hash only
 * names the file (the key itself is stored in it and compared), so it is FNV-1a, 64 bits, not
 * a cryptographic one: loading node:crypto costs a short-lived process about 3 ms.
 */
export function indexPathOf(options: Pick<OpenIndexOptions<unknown>, "key" | "env" | "home">): string {
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
 * Opens the index for `options.key`: what an earlier process stored, or an empty index
 * when there is none, or when the file is corrupt, too large, for another key or written
 * by another version (reported as `info` and rebuilt on save).
 *
 * @example
 * const { index } = openIndex({ key, env: ctx.env, home: ctx.home, version: "1.2.0", isData });
 * const parsed = index.lookup(filePath, statSync(filePath)) ?? readAndStore(filePath);
 * index.save();
 */
export function openIndex<T>(options: OpenIndexOptions<T>): {
  index: PersistentIndex<T>;
  diagnostics: IndexDiagnostic[];
} {
  const path = indexPathOf(options);
  const maxBytes = options.maxBytes ?? DEFAULTS.maxBytes;
  const empty = (diagnostics: IndexDiagnostic[]) => ({
    index: new PersistentIndex<T>(path, options, new Map()),
    diagnostics,
  });
  let text: string;
  try {
    text = readFileBounded(path, maxBytes).toString("utf8");
  } catch (error) {
    const code = errorCode(error);
    if (code === "ENOENT" || code === "ENOTDIR") return empty([]);
    if (code === "too-large") {
      return empty([diagnostic("index/too-large", "info", `ignored: over the ${maxBytes}-byte limit`, path)]);
    }
    return empty([diagnostic("index/unreadable", "info", `ignored: ${describe(error)}`, path)]);
  }
  let file: Partial<IndexFile>;
  try {
    file = JSON.parse(text) as Partial<IndexFile>;
  } catch {
    return empty([diagnostic("index/corrupt", "info", "ignored and rebuilt: not valid JSON", path)]);
  }
  if (file === null || typeof file !== "object" || file.format !== INDEX_FORMAT) {
    return empty([diagnostic("index/corrupt", "info", "ignored and rebuilt: not a roster index", path)]);
  }
  if (file.schema !== INDEX_SCHEMA || file.version !== options.version) {
    return empty([
      diagnostic(
        "index/other-version",
        "info",
        `ignored and rebuilt: written by roster ${String(file.version)} (index layout ${String(file.schema)})`,
        path,
      ),
    ]);
  }
  if (file.key !== keyText(options.key)) return empty([]);
  const rows = Array.isArray(file.files) ? rowsOf(file.files) : undefined;
  if (!rows)
    return empty([diagnostic("index/corrupt", "info", "ignored and rebuilt: a malformed entry", path)]);
  return { index: new PersistentIndex<T>(path, options, rows), diagnostics: [] };
}

/**
 * The stored outputs of a key (`readOutput`, `writeOutput`, `hasOutput`) without reading its
 * per-file index: for a caller that stores whole outputs only (the CLI's listing and its
 * shortcut), which `openIndex` would send looking for an index file that is never written.
 *
 * @example
 * const bytes = openOutputs({ key, env, home, version }).readOutput("list-json", fingerprint);
 */
export function openOutputs(options: Omit<OpenIndexOptions<never>, "isData">): PersistentIndex<never> {
  const withData: OpenIndexOptions<never> = { ...options, isData: (_value): _value is never => false };
  return new PersistentIndex<never>(indexPathOf(options), withData, new Map());
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
