import { isUtf8 } from "node:buffer";
import type { Stats } from "node:fs";
import { FileBody, NO_BODY } from "./deferred-body.js";
import type { DiscoveryCache } from "./discovery-cache.js";
import { describeFsError, nodeFileSystem } from "./fs.js";
import { BoundedReadError, readListedFile } from "./read-bounded.js";
import type {
  DeferredBody,
  Diagnostic,
  DiscoveryKind,
  FileFormat,
  FileSystem,
  FormatResult,
  ParsedFile,
  ParsedFrontmatter,
  ParseLevel,
  SourceFile,
} from "./types.js";
import type { FileToRead } from "./walk-location.js";

/** Files larger than this are skipped with a diagnostic. */
export const MAX_FILE_BYTES = 1024 * 1024;

/** The outcome of {@link readSourceFile}: the parsed file, or why it was skipped. */
export type FileRead =
  | { kind: "parsed"; parsed: ParsedFile; stats: Stats }
  | { kind: "skipped"; reason: Diagnostic; stats?: Stats; name?: string }
  /** Read, and refused unparsed by the caller's `sift`. */
  | { kind: "sifted"; stats: Stats };

/** Options of {@link readSourceFile}. */
export interface ReadSourceFileOptions {
  fs: FileSystem;
  file: FileToRead;
  kind: DiscoveryKind;
  level: ParseLevel;
  cache?: DiscoveryCache;
  generation: number;
  /**
   * `on-demand`: a format may leave the body to be read on first access; `none`: a format
   * that leaves it gets "" (default `now`).
   */
  bodies?: "now" | "on-demand" | "none";
  /**
   * False for a file whose bytes cannot matter to the caller: it is not parsed (a lookup of
   * one name). The bytes are the shared read buffer's: valid during the call only.
   */
  sift?: (file: FileToRead, bytes: Buffer) => boolean;
}

function skipped(code: string, message: string, filePath: string, stats?: Stats): FileRead {
  const reason: Diagnostic = { severity: "warning", code, message, filePath };
  return stats ? { kind: "skipped", reason, stats } : { kind: "skipped", reason };
}

/** A format result as a file read; a result without `kind` (an older format) counts as parsed. */
function asRead(result: FormatResult, stats: Stats): FileRead {
  if (result.kind === "unusable") {
    const read: FileRead = { kind: "skipped", reason: result.reason, stats };
    if (result.name !== undefined) read.name = result.name;
    return read;
  }
  return { kind: "parsed", parsed: result, stats };
}

/**
 * A result of a format written before results were tagged: fields and diagnostics, where
 * an `error` diagnostic meant "unusable". Read the same way, so such a format keeps working.
 */
function fromUntagged(raw: ParsedFrontmatter): FormatResult {
  const error = raw.diagnostics.find((d) => d.severity === "error");
  return error ? { kind: "unusable", reason: error } : { ...raw, kind: "parsed" };
}

/** One buffer every read of this process decodes from at once: no allocation per file. */
let scratch: Buffer | undefined;

/** The file's bytes as a format sees them, the text decoded only if the format asks for it. */
class BytesSource implements SourceFile {
  readonly filePath: string;
  readonly relativePath: string;
  readonly level: ParseLevel;
  private text: string | undefined;

  constructor(
    file: FileToRead,
    level: ParseLevel,
    readonly bytes: Buffer,
  ) {
    this.filePath = file.filePath;
    this.relativePath = file.relativePath;
    this.level = level;
  }

  get content(): string {
    if (this.text === undefined) this.text = this.bytes.toString("utf8");
    return this.text;
  }
}

/** A source whose format may leave the body to be read on first access. */
class DeferringBytesSource extends BytesSource {
  private readonly fs: FileSystem;
  private readonly format: FileFormat;

  constructor(
    options: ReadSourceFileOptions,
    bytes: Buffer,
    private readonly stats: Stats,
  ) {
    super(options.file, options.level, bytes);
    // Kept from the options now: the caller reuses its options object for the next file.
    this.fs = options.fs;
    this.format = options.file.format;
  }

  deferBody(decode: (bytes: Uint8Array) => string): DeferredBody {
    const { fs, filePath, relativePath, stats, format, level } = this;
    return new FileBody(
      { fs, filePath, relativePath, stats, format, level, maxBytes: MAX_FILE_BYTES },
      decode,
    );
  }
}

/** A source whose body, if the format leaves it, is never read: it is "". */
class BodilessBytesSource extends BytesSource {
  deferBody(): DeferredBody {
    return NO_BODY;
  }
}

/** Runs the format; diagnostics always name the file, whatever the format said. */
function parseWith(options: ReadSourceFileOptions, buffer: Buffer, stats: Stats): FormatResult {
  const { file, level } = options;
  const { filePath } = file;
  let result: FormatResult;
  try {
    const source =
      options.bodies === "on-demand"
        ? new DeferringBytesSource(options, buffer, stats)
        : options.bodies === "none"
          ? new BodilessBytesSource(file, level, buffer)
          : new BytesSource(file, level, buffer);
    const raw = file.format.parse(source);
    result = (raw as Partial<FormatResult>).kind ? raw : fromUntagged(raw as unknown as ParsedFrontmatter);
  } catch (error) {
    if (level === "fatal") throw error;
    const message = `cannot parse file: ${error instanceof Error ? error.message : String(error)}`;
    return { kind: "unusable", reason: { severity: "warning", code: "load/parse-error", message, filePath } };
  }
  if (result.kind === "unusable") return { ...result, reason: { filePath, ...result.reason } };
  // Changed in place, never spread: a spread would read a deferred body.
  let diagnostics = result.diagnostics;
  if (diagnostics.some((d) => d.filePath === undefined))
    diagnostics = diagnostics.map((d) => (d.filePath === undefined ? { ...d, filePath } : d));
  if (!isUtf8(buffer)) {
    diagnostics = [
      {
        severity: "warning",
        code: "load/invalid-utf8",
        message: "file is not valid UTF-8; invalid bytes were replaced with U+FFFD",
        filePath,
      },
      ...diagnostics,
    ];
  }
  if (diagnostics !== result.diagnostics) result.diagnostics = diagnostics;
  return result;
}

/** A file over the limit: skipped, with the size when it is known. */
function tooLarge(filePath: string, stats?: Stats): FileRead {
  const message =
    stats && stats.size > MAX_FILE_BYTES
      ? `skipped: ${stats.size} bytes is over the ${MAX_FILE_BYTES}-byte limit`
      : `skipped: over the ${MAX_FILE_BYTES}-byte limit`;
  const read = skipped("load/file-too-large", message, filePath, stats);
  if (read.kind === "skipped")
    read.reason.hint = "a definition is a prompt, not a document: keep it under 1 MiB";
  return read;
}

/** Why a read failed, as a skipped file. */
function readFailure(error: unknown, filePath: string, stats?: Stats): FileRead {
  const known = stats ?? (error instanceof BoundedReadError ? error.stats : undefined);
  if (error instanceof BoundedReadError && error.code === "too-large") {
    // Over the limit by its stat, or it grew since, or it is a /proc file that streams without end.
    return tooLarge(filePath, known);
  }
  if (error instanceof BoundedReadError) {
    return skipped("load/not-a-regular-file", `skipped: ${error.message}`, filePath, known);
  }
  return skipped("load/read-error", `cannot read file: ${describeFsError(error)}`, filePath, known);
}

/**
 * Reads and parses one file, through the cache when its validator still holds:
 * 1. `stat` (the stats also feed the fingerprint); over {@link MAX_FILE_BYTES} is skipped;
 * 2. a cached result for an unchanged file is returned as it was;
 * 3. otherwise the bounded reader reads at most the limit (regular files only), the text
 *    is decoded as UTF-8 (invalid bytes are a warning) and the file's format parses it.
 *
 * Without a cache, on the default file system (or a layer with `readListed`), step 1 is the
 * open descriptor's `fstat` (the walk's listing already said "regular file"): one `stat` of
 * the path less per file.
 */
export function readSourceFile(options: ReadSourceFileOptions): FileRead {
  const { fs, file, cache } = options;
  const { filePath } = file;
  // Read into the shared buffer: the format decodes what it needs before the next read.
  scratch ??= Buffer.allocUnsafe(MAX_FILE_BYTES + 2);
  const readListed = fs === nodeFileSystem ? readListedFile : fs.readListed;
  if (!cache && readListed) {
    let read: { bytes: Buffer; stats: Stats };
    try {
      read = readListed(filePath, MAX_FILE_BYTES, scratch);
    } catch (error) {
      return readFailure(error, filePath);
    }
    if (options.sift?.(file, read.bytes) === false) return { kind: "sifted", stats: read.stats };
    return asRead(parseWith(options, read.bytes, read.stats), read.stats);
  }
  let stats: Stats;
  try {
    stats = fs.stat(filePath);
  } catch (error) {
    return skipped("load/read-error", `cannot read file: ${describeFsError(error)}`, filePath);
  }
  if (stats.size > MAX_FILE_BYTES) return tooLarge(filePath, stats);
  // No cache (a one-shot process): no key is built.
  const query = cache && {
    kind: options.kind,
    // A result without its body is never handed to a discovery that asked for bodies.
    group: `${file.format.id}\0${options.level}${options.bodies === "none" ? "\0none" : ""}`,
    filePath,
    stats,
    generation: options.generation,
  };
  const cached = query && cache?.parsed(query);
  if (cached) return asRead(cached, stats);

  const seenAt = Date.now();
  let buffer: Buffer;
  try {
    buffer = fs.readFile(filePath, MAX_FILE_BYTES, stats, scratch);
  } catch (error) {
    return readFailure(error, filePath, stats);
  }
  if (options.sift?.(file, buffer) === false) return { kind: "sifted", stats };
  if (cache) cache.stats.reads += 1;
  if (cache) cache.stats.parses += 1;
  const result = parseWith(options, buffer, stats);
  if (query) cache?.storeParsed(query, result, seenAt);
  return asRead(result, stats);
}
