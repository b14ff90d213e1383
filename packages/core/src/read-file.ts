import { isUtf8 } from "node:buffer";
import type { Stats } from "node:fs";
import type { DiscoveryCache } from "./discovery-cache.js";
import { describeFsError } from "./fs.js";
import { BoundedReadError } from "./read-bounded.js";
import type {
  Diagnostic,
  DiscoveryKind,
  FileSystem,
  FormatResult,
  ParsedFile,
  ParsedFrontmatter,
  ParseLevel,
} from "./types.js";
import type { FileToRead } from "./walk-location.js";

/** Files larger than this are skipped with a diagnostic. */
export const MAX_FILE_BYTES = 1024 * 1024;

/** The outcome of {@link readSourceFile}: the parsed file, or why it was skipped. */
export type FileRead =
  | { kind: "parsed"; parsed: ParsedFile; stats: Stats }
  | { kind: "skipped"; reason: Diagnostic; stats?: Stats; name?: string };

/** Options of {@link readSourceFile}. */
export interface ReadSourceFileOptions {
  fs: FileSystem;
  file: FileToRead;
  kind: DiscoveryKind;
  level: ParseLevel;
  cache?: DiscoveryCache;
  generation: number;
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

/** Runs the format; diagnostics always name the file, whatever the format said. */
function parseWith(options: ReadSourceFileOptions, buffer: Buffer): FormatResult {
  const { file, level } = options;
  const { filePath } = file;
  let result: FormatResult;
  try {
    const raw = file.format.parse({
      filePath,
      relativePath: file.relativePath,
      content: buffer.toString("utf8"),
      level,
    });
    result = (raw as Partial<FormatResult>).kind ? raw : fromUntagged(raw as unknown as ParsedFrontmatter);
  } catch (error) {
    if (level === "fatal") throw error;
    const message = `cannot parse file: ${error instanceof Error ? error.message : String(error)}`;
    return { kind: "unusable", reason: { severity: "warning", code: "load/parse-error", message, filePath } };
  }
  if (result.kind === "unusable") return { ...result, reason: { filePath, ...result.reason } };
  const diagnostics = result.diagnostics.map((d) => (d.filePath === undefined ? { ...d, filePath } : d));
  if (!isUtf8(buffer)) {
    diagnostics.unshift({
      severity: "warning",
      code: "load/invalid-utf8",
      message: "file is not valid UTF-8; invalid bytes were replaced with U+FFFD",
      filePath,
    });
  }
  return { ...result, diagnostics };
}

/**
 * Reads and parses one file, through the cache when its validator still holds:
 * 1. `stat` (the stats also feed the fingerprint); over {@link MAX_FILE_BYTES} is skipped;
 * 2. a cached result for an unchanged file is returned as it was;
 * 3. otherwise the bounded reader reads at most the limit (regular files only), the text
 *    is decoded as UTF-8 (invalid bytes are a warning) and the file's format parses it.
 */
export function readSourceFile(options: ReadSourceFileOptions): FileRead {
  const { fs, file, cache } = options;
  const { filePath } = file;
  let stats: Stats;
  try {
    stats = fs.stat(filePath);
  } catch (error) {
    return skipped("load/read-error", `cannot read file: ${describeFsError(error)}`, filePath);
  }
  if (stats.size > MAX_FILE_BYTES) {
    const message = `skipped: ${stats.size} bytes is over the ${MAX_FILE_BYTES}-byte limit`;
    const read = skipped("load/file-too-large", message, filePath, stats);
    if (read.kind === "skipped")
      read.reason.hint = "a definition is a prompt, not a document: keep it under 1 MiB";
    return read;
  }
  const query = {
    kind: options.kind,
    key: `${file.format.id}\0${options.level}\0${filePath}`,
    stats,
    generation: options.generation,
  };
  const cached = cache?.parsed(query);
  if (cached) return asRead(cached, stats);

  const seenAt = Date.now();
  let buffer: Buffer;
  try {
    buffer = fs.readFile(filePath, MAX_FILE_BYTES, stats);
  } catch (error) {
    if (error instanceof BoundedReadError && error.code === "too-large") {
      // It grew between stat and read, or it is a /proc file that streams without end.
      return skipped(
        "load/file-too-large",
        `skipped: over the ${MAX_FILE_BYTES}-byte limit`,
        filePath,
        stats,
      );
    }
    if (error instanceof BoundedReadError) {
      return skipped("load/not-a-regular-file", `skipped: ${error.message}`, filePath, stats);
    }
    return skipped("load/read-error", `cannot read file: ${describeFsError(error)}`, filePath, stats);
  }
  if (cache) cache.stats.reads += 1;
  if (cache) cache.stats.parses += 1;
  const result = parseWith(options, buffer);
  cache?.storeParsed(query, result, seenAt);
  return asRead(result, stats);
}
