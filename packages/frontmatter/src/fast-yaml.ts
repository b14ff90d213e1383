/**
 * A fast path for the frontmatter most agent files have: `key: value` lines at column 0
 * whose values are single-line plain or quoted strings, the booleans `true`/`false`,
 * one-line flow lists of such strings, block lists of them (`- item` lines), and plain
 * literal (`|`, `|-`) or folded (`>`, `>-`) block scalars. One error is recognised too:
 * `key: a: b` (a mapping inside a one-line value), with the message and line `yaml` gives.
 * Anything outside that strict subset returns `undefined`, and the caller parses with the
 * full YAML engine, so the result is always what YAML 1.2 (core schema) itself gives; a
 * property test and the real-world corpus check that equivalence.
 */

/** What {@link readSimpleYaml} found: the data, or the one error it recognises. */
export type SimpleYaml =
  | { data: Record<string, unknown> }
  | { error: { message: string /** 1-based line in the text. */; line: number } };

/** `yaml`'s own wording for `key: a: b`, without its position suffix. */
export const COMPACT_MAPPING_MESSAGE = "Nested mappings are not allowed in compact mappings";

/**
 * Where the `:` of a `key:` or `key: value` line is: a key at column 0 that is a short
 * identifier (`[A-Za-z_][A-Za-z0-9_-]{0,127}`; YAML caps implicit keys at 1024 characters),
 * then `:` at the end or before a space. -1 for any other line. A scan, not a regex: it is
 * run on every frontmatter line.
 */
function keyEnd(line: string): number {
  const first = line.charCodeAt(0);
  if (!((first >= 0x41 && first <= 0x5a) || (first >= 0x61 && first <= 0x7a) || first === 0x5f)) return -1;
  let i = 1;
  for (; i < line.length && i < 128; i++) {
    const c = line.charCodeAt(i);
    const word =
      (c >= 0x41 && c <= 0x5a) ||
      (c >= 0x61 && c <= 0x7a) ||
      (c >= 0x30 && c <= 0x39) ||
      c === 0x5f ||
      c === 0x2d;
    if (!word) break;
  }
  if (line.charCodeAt(i) !== 0x3a) return -1;
  return i + 1 === line.length || line.charCodeAt(i + 1) === 0x20 ? i : -1;
}
/** Characters the subset refuses at the start of a plain scalar: YAML's indicators, plus
 * the starts of numbers, `~`, `=`, `<<` (forms other resolvers read specially). */
const BAD_START = /^(?:[-?:,[\]{}#&*!|>'"%@`=+.0-9~]|<<)/;
/** Words read as null or a boolean by some YAML schema, in any case: refused. */
const RESERVED = /^(?:null|true|false|~|y|n|yes|no|on|off)$/i;
/** The exact spellings the core schema reads as booleans. */
const TRUE = /^(?:true|True|TRUE)$/;
const FALSE = /^(?:false|False|FALSE)$/;
/** Tabs, CR and other controls, BOM, non-characters, NEL and Unicode line breaks: refused
 * anywhere in the text (YAML treats some as breaks or separators, or rejects them). */
const UNSAFE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\ufeff\ufffe\uffff]/;
const DOUBLE_QUOTED = /^"([^"\\]*)"$/;
const SINGLE_QUOTED = /^'([^']*)'$/;
/** Characters that end or split a plain scalar inside a flow list. */
const FLOW_SPECIAL = /[,[\]{}#:"']/;
/** The start of a `key: a: b` value: a plain scalar of plain characters, then `: `. */
const COMPACT_MAPPING = /^[A-Za-z][^:#"'[\]{}]{0,512}?: /;
/** The block scalar headers the subset reads: no indentation or keep indicator. */
const BLOCK_HEADER = /^[|>]-?$/;

/** Drops leading and trailing spaces only: YAML's white space is space and tab, not NBSP or U+2003. */
function trimSpaces(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && text.charCodeAt(start) === 0x20) start++;
  while (end > start && text.charCodeAt(end - 1) === 0x20) end--;
  return text.slice(start, end);
}

/** Leading spaces of a line. */
function indentOf(line: string): number {
  let n = 0;
  while (n < line.length && line.charCodeAt(n) === 0x20) n++;
  return n;
}

/** A single-line plain scalar that YAML reads as this very string, or `undefined`. */
function plainString(value: string): string | undefined {
  if (BAD_START.test(value) || RESERVED.test(value)) return undefined;
  // A plain scalar ends at ": " (a nested mapping) or " #" (a comment); a trailing ":" too.
  if (value.includes(": ") || value.includes(" #") || value.endsWith(":")) return undefined;
  return value;
}

function quoted(value: string): string | undefined {
  const double = DOUBLE_QUOTED.exec(value);
  if (double) return double[1]!;
  const single = SINGLE_QUOTED.exec(value);
  return single ? single[1]! : undefined;
}

/** `[a, "b", c]` on one line, items strings; `undefined` for anything else. */
function flowList(value: string): string[] | undefined {
  const inner = trimSpaces(value.slice(1, -1));
  if (inner === "") return [];
  const items: string[] = [];
  for (const part of inner.split(",")) {
    const item = trimSpaces(part);
    if (item === "") return undefined; // `[a,,b]` is an error, `[a, ]` a subtlety: leave both
    const text = item.startsWith('"') || item.startsWith("'") ? quoted(item) : undefined;
    if (text !== undefined) {
      items.push(text);
      continue;
    }
    if (FLOW_SPECIAL.test(item)) return undefined;
    const plain = plainString(item);
    if (plain === undefined) return undefined;
    items.push(plain);
  }
  return items;
}

/** A one-line value (already trimmed, not empty), or `undefined` when it leaves the subset. */
function scalarValue(value: string): unknown {
  if (TRUE.test(value)) return true;
  if (FALSE.test(value)) return false;
  const first = value.charCodeAt(0);
  if (first === 0x22 || first === 0x27) return quoted(value);
  if (first === 0x5b) return value.endsWith("]") ? flowList(value) : undefined;
  return plainString(value);
}

/** The lines of a text, split at LF only (the caller refused CR and the other breaks). */
function linesOf(text: string): string[] {
  const lines = text.split("\n");
  // A final newline ends the last line; it does not start an empty one.
  if (lines.length > 1 && lines[lines.length - 1] === "") lines.pop();
  return lines;
}

const isBlank = (line: string) => indentOf(line) === line.length;

/**
 * The `- item` lines after `key:`, from line `at`: the list and the next line to read, or
 * `undefined` when there are none or one leaves the subset.
 */
function blockList(lines: string[], at: number): { value: unknown[]; next: number } | undefined {
  const items: unknown[] = [];
  let indent = -1;
  let i = at;
  let lastItem = at;
  for (; i < lines.length; i++) {
    const line = lines[i]!;
    if (isBlank(line)) continue;
    const n = indentOf(line);
    if (indent === -1) {
      if (line.charCodeAt(n) !== 0x2d) return undefined;
      indent = n;
    }
    if (n !== indent || line.charCodeAt(n) !== 0x2d) {
      // The list ends at the next key (column 0); anything else is left to the engine.
      if (n === 0) break;
      return undefined;
    }
    const rest = line.slice(n + 1);
    if (rest !== "" && rest.charCodeAt(0) !== 0x20) return undefined; // `-x` is a plain scalar
    const text = trimSpaces(rest);
    const value = text === "" ? null : scalarValue(text);
    if (value === undefined || Array.isArray(value)) return undefined;
    items.push(value);
    lastItem = i;
  }
  if (items.length === 0) return undefined;
  return { value: items, next: lastItem + 1 };
}

/**
 * The content of a `|`, `|-`, `>` or `>-` block scalar from line `at`, or `undefined`
 * when a line is more indented than the first (kept verbatim in literals, but folded
 * differently; both are left to the engine) or a blank line carries extra spaces.
 */
function blockScalar(
  lines: string[],
  at: number,
  header: string,
): { value: string; next: number } | undefined {
  const folded = header.charCodeAt(0) === 0x3e;
  const strip = header.length === 2;
  let indent = 0;
  const content: string[] = [];
  let i = at;
  for (; i < lines.length; i++) {
    const line = lines[i]!;
    const n = indentOf(line);
    if (n === line.length) {
      // A blank line: empty content, unless it is longer than the indentation.
      if (indent > 0 ? n > indent : n > 0) return undefined;
      content.push("");
      continue;
    }
    if (indent === 0) {
      if (n === 0) break; // no content at all
      indent = n;
    }
    if (n < indent) {
      if (n === 0) break; // the next key or comment
      return undefined;
    }
    if (n > indent || line.charCodeAt(n) === 0x23) {
      // More indented (`  x` inside `>`), or a `#` line (content, but close to a comment).
      if (folded || n > indent) return undefined;
    }
    content.push(line.slice(indent));
  }
  // Trailing blank lines belong to nothing here (no keep indicator).
  let end = content.length;
  while (end > 0 && content[end - 1] === "") end--;
  let text = "";
  if (folded) {
    let blanks = 0;
    let started = false;
    for (let k = 0; k < end; k++) {
      const line = content[k]!;
      if (line === "") {
        blanks++;
        continue;
      }
      if (started) text += blanks === 0 ? " " : "\n".repeat(blanks);
      else text += "\n".repeat(blanks);
      text += line;
      blanks = 0;
      started = true;
    }
  } else {
    text = content.slice(0, end).join("\n");
  }
  if (!strip && end > 0) text += "\n";
  return { value: text, next: i };
}

/**
 * Reads `text` when it is in the simple subset described above: its data, or the one
 * error the subset recognises; `undefined` otherwise (also for a text with no key at all,
 * which YAML reads as `null`).
 *
 * @example readSimpleYaml("a: b: c\n") // { error: { message: "Nested mappings …", line: 1 } }
 */
export function readSimpleYaml(text: string): SimpleYaml | undefined {
  if (UNSAFE.test(text)) return undefined;
  const lines = linesOf(text);
  const out: Record<string, unknown> = {};
  let keys = 0;
  let error: { message: string; line: number } | undefined;
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    const lineNumber = i + 1;
    i++;
    // Blank lines (spaces only) and comments at column 0 carry nothing.
    if (line.charCodeAt(0) === 0x23 || isBlank(line)) continue;
    const colon = keyEnd(line);
    if (colon === -1) return undefined;
    const key = line.slice(0, colon);
    if (RESERVED.test(key) || key === "__proto__" || Object.hasOwn(out, key)) return undefined;
    const raw = trimSpaces(line.slice(colon + 1));
    let value: unknown;
    if (raw === "") {
      // `key:` alone is null, or the start of a block list.
      const next = lines[i];
      if (
        next !== undefined &&
        !isBlank(next) &&
        (next.charCodeAt(0) === 0x20 || next.charCodeAt(0) === 0x2d)
      ) {
        const list = blockList(lines, i);
        if (!list) return undefined;
        value = list.value;
        i = list.next;
      } else value = null;
    } else if (BLOCK_HEADER.test(raw)) {
      const block = blockScalar(lines, i, raw);
      if (!block) return undefined;
      value = block.value;
      i = block.next;
    } else {
      value = scalarValue(raw);
      if (value === undefined) {
        // `key: a: b`: YAML's first error, if the rest of the text is in the subset.
        if (error !== undefined || !COMPACT_MAPPING.test(raw)) return undefined;
        error = { message: COMPACT_MAPPING_MESSAGE, line: lineNumber };
        value = null;
      }
    }
    out[key] = value;
    keys++;
  }
  if (error) return { error };
  return keys > 0 ? { data: out } : undefined;
}

/**
 * Parses `text` when it is in the simple subset described above; `undefined` otherwise
 * (also for a text with no key at all, which YAML reads as `null`, and for the error
 * {@link readSimpleYaml} recognises).
 *
 * @example parseSimpleYaml("name: a\ntools: Read, Grep\n") // { name: "a", tools: "Read, Grep" }
 */
export function parseSimpleYaml(text: string): Record<string, unknown> | undefined {
  const read = readSimpleYaml(text);
  return read && "data" in read ? read.data : undefined;
}
