import type { Stats } from "node:fs";
import { sameStat, type Validator, validatorOf } from "./discovery-cache.js";
import { describeFsError } from "./fs.js";
import type { DeferredBody, Diagnostic, FileFormat, FileSystem, ParsedFile, ParseLevel } from "./types.js";

/** Where a deferred body is kept on what carries it (a parsed file, an agent, a record). */
const DEFERRED = Symbol("roster.deferredBody");

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

/**
 * A body decoded only when first read (`SourceFile.deferBody`). It keeps the file's path and
 * the four numbers of its stat, not its bytes: the first read reads the file again; when the
 * stat is unchanged the body is decoded with the format's `decode`, otherwise it is the changed
 * file's own (or "" when it cannot be read) and {@link problem} says so
 * (`load/changed-after-read`), instead of mixing old frontmatter and a new body unseen.
 */
export class FileBody implements DeferredBody {
  private readonly fs: FileSystem;
  private readonly filePath: string;
  private readonly relativePath: string;
  private readonly format: FileFormat;
  private readonly maxBytes: number;
  /** The stat's four numbers, not the Stats object (and its four Dates). */
  private readonly stamp: Validator;
  private readonly decode: (bytes: Uint8Array) => string;
  private body: string | undefined;
  /** Set when the first read found the file changed or gone. */
  problem: Diagnostic | undefined;
  /** The diagnostics of the file's record as read (the record adds {@link problem} to them). */
  readDiagnostics: readonly Diagnostic[] = [];

  constructor(source: DeferredBodySource, decode: (bytes: Uint8Array) => string) {
    this.fs = source.fs;
    this.filePath = source.filePath;
    this.relativePath = source.relativePath;
    this.format = source.format;
    this.maxBytes = source.maxBytes;
    this.stamp = validatorOf(source.stats);
    this.decode = decode;
  }

  /** The body: read and decoded on the first call, the same string after. */
  read(): string {
    if (this.body !== undefined) return this.body;
    const { fs, filePath } = this;
    let why: string;
    try {
      const now = fs.stat(filePath);
      const bytes = fs.readFile(filePath, this.maxBytes, now);
      if (sameStat(now, this.stamp)) {
        this.body = this.decode(bytes);
        return this.body;
      }
      why = "it changed after its frontmatter was read; the prompt is the changed file's";
      this.body = this.bodyNow(bytes);
    } catch (error) {
      why = `it could not be read again for its prompt (${describeFsError(error)}); the prompt is empty`;
      this.body = "";
    }
    this.problem = {
      severity: "warning",
      code: "load/changed-after-read",
      message: why,
      filePath,
      hint: "run the command again to read the file as it is now",
    };
    return this.body;
  }

  /** The body of the file as it is now, parsed whole by its format ("" when it is no longer usable). */
  private bodyNow(bytes: Buffer): string {
    const parsed = this.format.parse({
      filePath: this.filePath,
      relativePath: this.relativePath,
      content: bytes.toString("utf8"),
      bytes,
      level: "off",
    });
    return parsed.kind === "parsed" ? parsed.body : "";
  }
}

/**
 * What `SourceFile.deferBody` gives when bodies are not wanted (`bodies: "none"`):
 * {@link parsedFile} makes a file with this body a plain one whose body is "".
 */
export const NO_BODY: DeferredBody = Object.freeze({
  read: () => "",
  problem: undefined,
  readDiagnostics: [],
});

function readBodyOf(this: { [DEFERRED]: DeferredBody }): string {
  return this[DEFERRED].read();
}

/**
 * A parsed file whose `body` is read on first access: an own, enumerable accessor with a
 * shared getter (the shape stays fast), so a spread copy reads it and stays correct.
 */
class DeferredParsedFile {
  readonly kind = "parsed" as const;
  readonly [DEFERRED]: DeferredBody;
  constructor(
    public frontmatter: Record<string, unknown>,
    public diagnostics: Diagnostic[],
    deferred: DeferredBody,
  ) {
    this[DEFERRED] = deferred;
    Object.defineProperty(this, "body", { get: readBodyOf, enumerable: true });
  }
}

/** The deferred body a parsed file (or a reshaped or spread copy of one) carries, if any. */
export function deferredOf(parsed: object): DeferredBody | undefined {
  return (parsed as { [DEFERRED]?: DeferredBody })[DEFERRED];
}

/**
 * A parsed file whose `body` is `body`: a string, or what `SourceFile.deferBody` gave (the
 * body is then read on first access).
 *
 * @example return parsedFile(head, file.deferBody ? file.deferBody(decode) : decode(file.bytes));
 */
export function parsedFile(
  fields: { frontmatter: Record<string, unknown>; diagnostics: Diagnostic[] },
  body: string | DeferredBody,
): ParsedFile {
  if (body === NO_BODY) body = "";
  if (typeof body !== "string")
    return new DeferredParsedFile(fields.frontmatter, fields.diagnostics, body) as unknown as ParsedFile;
  return { kind: "parsed", frontmatter: fields.frontmatter, body, diagnostics: fields.diagnostics };
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
  const deferred = deferredOf(parsed);
  const frontmatter = changes.frontmatter ?? parsed.frontmatter;
  const diagnostics = changes.diagnostics ?? parsed.diagnostics;
  return deferred
    ? (new DeferredParsedFile(frontmatter, diagnostics, deferred) as unknown as ParsedFile)
    : { kind: "parsed", frontmatter, body: parsed.body, diagnostics };
}

function readPrompt(this: { [DEFERRED]: DeferredBody }): string {
  return this[DEFERRED].read();
}

/** Makes `target.systemPrompt` read `deferred` on first access (an own, enumerable accessor). */
export function deferPrompt(target: object, deferred: DeferredBody): void {
  // A symbol key: JSON leaves it out; a copy made by spreading keeps it, with the prompt read.
  (target as { [DEFERRED]?: DeferredBody })[DEFERRED] = deferred;
  Object.defineProperty(target, "systemPrompt", { get: readPrompt, enumerable: true });
}

function recordDiagnostics(this: { [DEFERRED]: DeferredBody }) {
  const deferred = this[DEFERRED];
  const read = deferred.readDiagnostics;
  return deferred.problem ? Object.freeze([...read, deferred.problem]) : read;
}

/**
 * Makes `record.diagnostics` the diagnostics `read`, plus the `load/changed-after-read`
 * warning once the deferred body's first read met one (an own, enumerable accessor).
 */
export function deferRecordDiagnostics(
  record: object,
  deferred: DeferredBody,
  read: readonly Diagnostic[],
): void {
  deferred.readDiagnostics = read;
  (record as { [DEFERRED]?: DeferredBody })[DEFERRED] = deferred;
  Object.defineProperty(record, "diagnostics", { get: recordDiagnostics, enumerable: true });
}
