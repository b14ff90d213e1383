/**
 * A fast path for the frontmatter most agent files have: flat `key: value` lines whose
 * values are single-line plain or quoted strings, the booleans `true`/`false`, or
 * one-line flow lists of such strings. Anything outside that strict subset returns
 * `undefined`, and the caller parses with the full YAML engine, so the result is always
 * what YAML 1.2 (core schema) itself gives; a property test and the real-world corpus
 * check that equivalence.
 */

/** A key at column 0: a short identifier (YAML caps implicit keys at 1024 characters). */
const KEY_LINE = /^([A-Za-z_][A-Za-z0-9_-]{0,127}):(?: +(.*))?$/;
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

/** Drops trailing spaces only: YAML's white space is space and tab, not NBSP or U+2003. */
function trimSpaces(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && text.charCodeAt(start) === 0x20) start++;
  while (end > start && text.charCodeAt(end - 1) === 0x20) end--;
  return text.slice(start, end);
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

/** The value of one `key: value` line, or `undefined` when it leaves the subset. */
function lineValue(raw: string): unknown {
  const value = trimSpaces(raw);
  if (value === "") return null; // `key:` alone is null in YAML
  if (TRUE.test(value)) return true;
  if (FALSE.test(value)) return false;
  const first = value.charCodeAt(0);
  if (first === 0x22 || first === 0x27) return quoted(value);
  if (first === 0x5b) return value.endsWith("]") ? flowList(value) : undefined;
  return plainString(value);
}

/**
 * Parses `text` when it is in the simple subset described above; `undefined` otherwise
 * (also for a text with no key at all, which YAML reads as `null`).
 *
 * @example parseSimpleYaml("name: a\ntools: Read, Grep\n") // { name: "a", tools: "Read, Grep" }
 */
export function parseSimpleYaml(text: string): Record<string, unknown> | undefined {
  if (UNSAFE.test(text)) return undefined;
  const out: Record<string, unknown> = {};
  let keys = 0;
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf("\n", start);
    if (end === -1) end = text.length;
    const line = text.slice(start, end);
    start = end + 1;
    const first = line.charCodeAt(0);
    // Blank lines (spaces only) and comments at column 0 carry nothing.
    if (first === 0x23 || trimSpaces(line) === "") continue;
    const match = KEY_LINE.exec(line);
    if (!match) return undefined;
    const key = match[1]!;
    if (RESERVED.test(key) || key === "__proto__" || Object.hasOwn(out, key)) return undefined;
    const value = lineValue(match[2] ?? "");
    if (value === undefined) return undefined;
    out[key] = value;
    keys++;
  }
  return keys > 0 ? out : undefined;
}
