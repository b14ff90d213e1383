import type { Stats } from "node:fs";
import { describeFsError } from "./fs.js";
import type { Diagnostic, FileFormat, FileSystem, ParsedFile, ParseLevel } from "./types.js";

/**
 * A body decoded only when first read (`SourceFile.deferBody`). Discovery keeps the file's
 * path and its stat, not its bytes: the first read of the body reads the file again, and a
 * file that changed in between is noticed (`load/changed-after-read`) instead of mixing the
 * old frontmatter with a new body unseen.
 */
interface DeferredState {
  /** Set when the body was read from a file that changed after its frontmatter was read. */
  problem?: Diagnostic;
}

/** The state of each deferred body, by its getter (which survives a format's reshaping). */
const states = new WeakMap<() => string, DeferredState>();

/** What the first read of a deferred body needs. */
export interface DeferredBodySource {
  fs: FileSystem;
  filePath: string;
  relativePath: string;
  /** The `stat` of the file when its frontmatter was read. */
  stats: Stats;
  format: FileFormat;
  level: ParseLevel;
  maxBytes: number;
}

/** What identifies a file's content cheaply: size, mtime, ctime, inode. */
interface FileStamp {
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  ino: number;
}

function validatorOf(stats: Stats): FileStamp {
  return { size: stats.size, mtimeMs: stats.mtimeMs, ctimeMs: stats.ctimeMs, ino: stats.ino };
}

function sameFile(a: FileStamp, b: FileStamp): boolean {
  return a.size === b.size && a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs && a.ino === b.ino;
}

/** The body of the file as it is now, parsed whole by its format ("" when it is no longer usable). */
function bodyNow(source: Omit<DeferredBodySource, "stats">, bytes: Buffer): string {
  const parsed = source.format.parse({
    filePath: source.filePath,
    relativePath: source.relativePath,
    content: bytes.toString("utf8"),
    bytes,
    level: "off",
  });
  return parsed.kind === "parsed" ? parsed.body : "";
}

/**
 * The getter a format hands back as its body: reads the file again on the first call and
 * decodes the body with `decode` when the file's stat is unchanged since the frontmatter
 * was read; otherwise the body is the changed file's own (or "" when it cannot be read) and
 * the file's record gains a `load/changed-after-read` warning.
 */
export function deferredBody(from: DeferredBodySource, decode: (bytes: Uint8Array) => string): () => string {
  // The stat's four numbers, not the Stats object (and its four Dates).
  const source = { ...from, stats: validatorOf(from.stats) };
  const state: DeferredState = {};
  let body: string | undefined;
  const read = (): string => {
    if (body !== undefined) return body;
    const { fs, filePath } = source;
    let why: string;
    try {
      const now = fs.stat(filePath);
      const bytes = fs.readFile(filePath, source.maxBytes, now);
      if (sameFile(now, source.stats)) {
        body = decode(bytes);
        return body;
      }
      why = "it changed after its frontmatter was read; the prompt is the changed file's";
      body = bodyNow(source, bytes);
    } catch (error) {
      why = `it could not be read again for its prompt (${describeFsError(error)}); the prompt is empty`;
      body = "";
    }
    state.problem = {
      severity: "warning",
      code: "load/changed-after-read",
      message: why,
      filePath,
      hint: "run the command again to read the file as it is now",
    };
    return body;
  };
  states.set(read, state);
  return read;
}

/** The getter of a deferred body, when `parsed.body` is one. */
export function deferredGetter(parsed: object): (() => string) | undefined {
  const get = Object.getOwnPropertyDescriptor(parsed, "body")?.get;
  return get && states.has(get as () => string) ? (get as () => string) : undefined;
}

/** The problem the first read of a deferred body met, if it was read and met one. */
export function deferredProblem(getter: () => string): Diagnostic | undefined {
  return states.get(getter)?.problem;
}

/**
 * A parsed file whose `body` is `body`: a string, or a getter from `SourceFile.deferBody`
 * (the body is then read on first access).
 */
export function parsedFile(
  fields: { frontmatter: Record<string, unknown>; diagnostics: Diagnostic[] },
  body: string | (() => string),
): ParsedFile {
  const parsed = {
    kind: "parsed" as const,
    frontmatter: fields.frontmatter,
    body: "",
    diagnostics: fields.diagnostics,
  };
  if (typeof body === "string") parsed.body = body;
  else Object.defineProperty(parsed, "body", { get: body, enumerable: true, configurable: true });
  return parsed;
}

/**
 * `parsed` with some fields replaced, its body untouched: a spread would read a deferred
 * body; this keeps it deferred. For formats that wrap another (a family's markdown).
 *
 * @example return reshapeParsed(parsed, { frontmatter: { ...parsed.frontmatter, name } });
 */
export function reshapeParsed(
  parsed: ParsedFile,
  changes: Partial<Omit<ParsedFile, "kind" | "body">>,
): ParsedFile {
  const copy = Object.defineProperties({}, Object.getOwnPropertyDescriptors(parsed)) as ParsedFile;
  for (const [key, value] of Object.entries(changes)) {
    Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return copy;
}
