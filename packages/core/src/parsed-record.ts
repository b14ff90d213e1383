import type { Stats } from "node:fs";
import { parseFrontmatterBytes, readBody } from "@roster/frontmatter";
import { errorCode } from "./fs.js";
import type { Diagnostic, FileSystem, ParsedFrontmatter, ParseLevel } from "./types.js";

/** What a persistent index keeps of one parsed file: plain JSON, no body text. */
export interface StoredParse {
  /** The format's id and the parse level: a stored parse is used for the same ones only. */
  format: string;
  level: ParseLevel;
  frontmatter: Record<string, unknown>;
  /** The file's diagnostics as discovery reports them (UTF-8 warning and file path included). */
  diagnostics: Diagnostic[];
  /** Where the body starts in the file's bytes. */
  bodyStart: number;
}

/**
 * A persistent store of parses, each trusted only while its file's stat is unchanged.
 * `@roster/index` provides one; core only needs these two calls.
 */
export interface ParseIndex {
  lookup(filePath: string, stats: Stats): StoredParse | undefined;
  store(filePath: string, stats: Stats, seenAt: number, value: StoredParse): void;
}

/** The stat fields a body read checks against: the file must be the one parsed. */
export interface FileIdentity {
  mtimeMs: number;
  ctimeMs: number;
  size: number;
  ino: number;
}

/** True when a value comes back from JSON exactly: finite numbers (not -0), strings,
 * booleans, null, arrays and plain objects. `.inf` or `.nan` in YAML would not. */
function jsonExact(value: unknown, depth = 0): boolean {
  if (depth > 300) return false;
  if (value === null || typeof value === "string" || typeof value === "boolean") return true;
  if (typeof value === "number") return Number.isFinite(value) && !Object.is(value, -0);
  if (Array.isArray(value)) return value.every((item) => jsonExact(item, depth + 1));
  if (typeof value !== "object") return false;
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return false;
  return Object.values(value).every((item) => jsonExact(item, depth + 1));
}

/** The stored form of a parse, or `undefined` when it would not come back from JSON exactly. */
export function storedParseOf(
  parsed: Pick<ParsedFrontmatter, "frontmatter" | "diagnostics">,
  options: { format: string; level: ParseLevel; bodyStart: number },
): StoredParse | undefined {
  if (!jsonExact(parsed.frontmatter) || !jsonExact(parsed.diagnostics)) return undefined;
  return { ...options, frontmatter: parsed.frontmatter, diagnostics: parsed.diagnostics };
}

/** Checks the shape of a stored parse read back from disk. */
export function isStoredParse(value: unknown): value is StoredParse {
  const v = value as Partial<StoredParse> | null;
  return (
    typeof v === "object" &&
    v !== null &&
    typeof v.format === "string" &&
    (v.level === "off" || v.level === "warn" || v.level === "fatal") &&
    typeof v.frontmatter === "object" &&
    v.frontmatter !== null &&
    !Array.isArray(v.frontmatter) &&
    Array.isArray(v.diagnostics) &&
    v.diagnostics.every(
      (d) =>
        typeof d === "object" &&
        d !== null &&
        typeof d.code === "string" &&
        typeof d.message === "string" &&
        (d.severity === "error" || d.severity === "warning" || d.severity === "info"),
    ) &&
    typeof v.bodyStart === "number" &&
    Number.isInteger(v.bodyStart) &&
    v.bodyStart >= 0
  );
}

function describe(error: unknown): string {
  const code = errorCode(error);
  if (code === "ENOENT") return "it no longer exists";
  if (code === "EACCES" || code === "EPERM") return "permission denied";
  return error instanceof Error ? error.message : String(error);
}

/**
 * A parse whose body is read from disk when first asked for, so that a discovery keeps no
 * file's text: only `list`'s fields. The file is read again and must be the one parsed
 * (same mtime, ctime, size and inode). When it changed or is gone, the record says so —
 * a `load/changed-after-read` warning joins its diagnostics — and the body is the newer
 * file's (or empty when it cannot be read); nothing throws.
 */
export function parseWithBodyOnDemand(
  parsed: Pick<ParsedFrontmatter, "frontmatter" | "diagnostics">,
  source: { fs: FileSystem; filePath: string; identity: FileIdentity; bodyStart: number; maxBytes: number },
): ParsedFrontmatter {
  let body: string | undefined;
  const record: ParsedFrontmatter = {
    frontmatter: parsed.frontmatter,
    diagnostics: parsed.diagnostics,
    get body(): string {
      body ??= readBodyAgain(record, source);
      return body;
    },
  };
  return record;
}

function readBodyAgain(
  record: ParsedFrontmatter,
  source: { fs: FileSystem; filePath: string; identity: FileIdentity; bodyStart: number; maxBytes: number },
): string {
  const changed = (message: string) =>
    record.diagnostics.push({
      severity: "warning",
      code: "load/changed-after-read",
      message,
      filePath: source.filePath,
    });
  let stats: Stats;
  let bytes: Buffer;
  try {
    stats = source.fs.stat(source.filePath);
    bytes = source.fs.readFile(source.filePath, source.maxBytes);
  } catch (error) {
    changed(`the file could not be read again for its body (${describe(error)}): the body is empty`);
    return "";
  }
  const id = source.identity;
  const same =
    stats.mtimeMs === id.mtimeMs &&
    stats.ctimeMs === id.ctimeMs &&
    stats.size === id.size &&
    stats.ino === id.ino &&
    bytes.length === id.size;
  if (same) return readBody(bytes, source.bodyStart);
  changed("the file changed after its frontmatter was read: the body is the newer file's");
  return parseFrontmatterBytes(bytes, { level: "off" }).body();
}
