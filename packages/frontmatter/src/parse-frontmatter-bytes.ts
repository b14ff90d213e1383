import { isUtf8 } from "node:buffer";
import { normalizeContent, normalizeLineEnds } from "./normalize.js";
import { ownString } from "./own-string.js";
import { parseNormalized } from "./parse-frontmatter.js";
import type { Diagnostic, ParseFrontmatterOptions } from "./types.js";

/** The result of {@link parseFrontmatterBytes}. */
export interface ParsedBytes {
  frontmatter: Record<string, unknown>;
  diagnostics: Diagnostic[];
  /** True when the whole file is valid UTF-8 (checked over every byte, body included). */
  validUtf8: boolean;
  /**
   * The byte offset {@link readBody} reads the body from, or `undefined` when the body had
   * to be decoded with the frontmatter (a lone CR around the closing line); `body()` then hands back that decoded body.
   */
  bodyStart: number | undefined;
  /** The body (system prompt), decoded from the same bytes on the first call. */
  body(): string;
}

const DASHES = 0x2d;
const LF = 0x0a;
const NL_DASHES = Buffer.from("\n---");

function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Space, tab, CR, VT, FF: what may follow `---` on a closing line, in ASCII. */
function blankAscii(bytes: Buffer, from: number, to: number): boolean | "unsure" {
  for (let i = from; i < to; i++) {
    const b = bytes[i]!;
    if (b === 0x20 || b === 0x09 || b === 0x0d || b === 0x0b || b === 0x0c) continue;
    // A multi-byte character may be Unicode white space, which `trim()` also drops.
    return b >= 0x80 ? "unsure" : false;
  }
  return true;
}

/**
 * Where the frontmatter block ends in `bytes` (just past its closing line), `"none"` when
 * the file certainly has no frontmatter, `undefined` when only a whole-file decode can tell.
 */
function findHeadEnd(bytes: Buffer): number | "none" | undefined {
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  if (bytes[start] !== DASHES || bytes[start + 1] !== DASHES || bytes[start + 2] !== DASHES) return "none";
  let search = bytes.indexOf(LF, start);
  if (search === -1) return undefined;
  for (;;) {
    const at = bytes.indexOf(NL_DASHES, search);
    if (at === -1) return undefined; // unclosed, or closed after a lone CR: the full path decides
    const lineStart = at + 1;
    const lf = bytes.indexOf(LF, lineStart + 3);
    const lineEnd = lf === -1 ? bytes.length : lf;
    const blank = blankAscii(bytes, lineStart + 3, lineEnd);
    if (blank === "unsure") return undefined;
    if (blank) return lf === -1 ? bytes.length : lf + 1;
    search = lineStart; // `---foo`: inside the block; the parser reports it
  }
}

/**
 * Replaces every string in a parsed frontmatter by its own copy, in place. A flat one (the
 * usual case) is one loop; `seen` (aliases can share or nest a value) is made for nesting only.
 */
function ownRecord(record: Record<string, unknown>): Record<string, unknown> {
  let seen: Set<object> | undefined;
  for (const key of Object.keys(record)) {
    const value = record[key];
    if (typeof value === "string") record[key] = ownString(value);
    else if (value !== null && typeof value === "object") {
      seen ??= new Set([record]);
      record[key] = ownStrings(value, seen);
    }
  }
  return record;
}

/** Replaces every string in a parsed value by its own copy, in place. */
function ownStrings(value: unknown, seen: Set<object>): unknown {
  if (typeof value === "string") return ownString(value);
  if (value === null || typeof value !== "object" || seen.has(value)) return value;
  seen.add(value);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = ownStrings(value[i], seen);
  } else {
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) record[key] = ownStrings(record[key], seen);
  }
  return value;
}

/**
 * The body of a file whose frontmatter ended at byte `start` (0 for a file without one),
 * normalised and trimmed exactly as {@link parseFrontmatter} gives it.
 *
 * @example readBody(bytes, parsed.bodyStart!) // "You are a reviewer…"
 */
export function readBody(bytes: Uint8Array, start: number): string {
  const buffer = asBuffer(bytes);
  if (start === 0) return normalizeContent(buffer.toString("utf8")).trim();
  return normalizeLineEnds(buffer.toString("utf8", start)).trim();
}

/** The result of {@link parseFrontmatterHead}. */
export interface ParsedHead {
  frontmatter: Record<string, unknown>;
  diagnostics: Diagnostic[];
  /**
   * The byte offset {@link readBody} reads the body from; `undefined` when the body had to
   * be decoded with the frontmatter (a lone CR around the closing line):
   * `body` then holds it.
   */
  bodyStart: number | undefined;
  body?: string;
}

/**
 * The frontmatter of a file's bytes, decoding only the frontmatter block (the whole file
 * only where the block's end cannot be told from the bytes). No UTF-8 check (see
 * {@link parseFrontmatterBytes}); no string handed out keeps the file's text alive.
 *
 * @example
 * const head = parseFrontmatterHead(bytes, { location: "agents/reviewer.md" });
 * const body = head.bodyStart === undefined ? head.body! : readBody(bytes, head.bodyStart);
 */
export function parseFrontmatterHead(bytes: Uint8Array, options: ParseFrontmatterOptions = {}): ParsedHead {
  const buffer = asBuffer(bytes);
  const headEnd = findHeadEnd(buffer);
  if (headEnd === "none") return { frontmatter: {}, diagnostics: [], bodyStart: 0 };
  if (headEnd !== undefined) {
    const parsed = parseNormalized(normalizeContent(buffer.toString("utf8", 0, headEnd)), options);
    if (parsed.split === "block" && parsed.rest === "") {
      const frontmatter = ownRecord(parsed.frontmatter);
      return { frontmatter, diagnostics: parsed.diagnostics, bodyStart: headEnd };
    }
  }
  // The whole file decoded: the same answer, only without the saving.
  const parsed = parseNormalized(normalizeContent(buffer.toString("utf8")), options);
  const frontmatter = ownRecord(parsed.frontmatter);
  return {
    frontmatter,
    diagnostics: parsed.diagnostics,
    bodyStart: undefined,
    body: ownString(parsed.rest.trim()),
  };
}

/**
 * {@link parseFrontmatter} over a file's bytes, decoding only what is asked for: the
 * frontmatter block is decoded and parsed, the body is decoded from the same bytes on the
 * first `body()` call. The UTF-8 check covers the whole file. Frontmatter, body and
 * diagnostics equal `parseFrontmatter(bytes.toString("utf8"), options)`; no string handed
 * out keeps the file's text alive.
 *
 * @example
 * const parsed = parseFrontmatterBytes(readFileSync("agents/reviewer.md"), { location: "agents/reviewer.md" });
 * parsed.frontmatter.name; // "reviewer"
 * parsed.body(); // decoded now
 */
export function parseFrontmatterBytes(bytes: Uint8Array, options: ParseFrontmatterOptions = {}): ParsedBytes {
  const buffer = asBuffer(bytes);
  const head = parseFrontmatterHead(buffer, options);
  const { frontmatter, diagnostics, bodyStart } = head;
  const validUtf8 = isUtf8(buffer);
  if (bodyStart === undefined) {
    const body = head.body!;
    return { frontmatter, diagnostics, validUtf8, bodyStart, body: () => body };
  }
  let kept: Buffer | undefined = buffer;
  let body: string | undefined;
  return {
    frontmatter,
    diagnostics,
    validUtf8,
    bodyStart,
    body: () => {
      if (body === undefined) {
        body = readBody(kept!, bodyStart);
        kept = undefined; // decoded once: the bytes are no longer needed
      }
      return body;
    },
  };
}
