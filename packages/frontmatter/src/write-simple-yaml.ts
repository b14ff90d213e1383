/**
 * The YAML of a simple frontmatter, written without the `yaml` library: byte for byte what
 * `yaml.stringify(data, { lineWidth: 0, minContentWidth: 0, aliasDuplicateObjects: false })`
 * gives for it (yaml 2.x, core schema). Most agent files are such (a name, a description, a
 * model, a tool list), and writing them this way spares the library's load and its document
 * model. The subset: strings the library writes plain, or double-quoted with nothing to
 * escape, or (a top-level value) as a literal block with no indentation or keep indicator;
 * finite numbers; booleans; lists of plain strings. Anything else answers `undefined` and the
 * caller asks the library: the subset is chosen small, not clever, and a differential test
 * (the corpus and a battery of awkward strings) holds it to the library's output.
 */

/**
 * Keys written as they are: a short identifier, as agent files' keys are (the library would
 * quote or mark the rest: a key of YAML words, numbers, indicators, over 1024 characters).
 */
const PLAIN_KEY = /^[A-Za-z_][A-Za-z0-9_-]{0,127}$/;

/**
 * Characters the library writes only double-quoted with escapes (C0 and C1 controls, tab and
 * line feed aside, as its own test has them; lone surrogates), or (line feed, tab, U+2028,
 * U+2029, BOM) in forms outside the subset: all left to it, in a line.
 */
const LINE_UNSAFE = /[\x00-\x1f\x7f-\x9f\u2028\u2029\ufeff\u{D800}-\u{DFFF}]/u;

/** The same in a literal block, where line feeds are its lines. */
const BLOCK_UNSAFE = /[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\ufeff\u{D800}-\u{DFFF}]/u;

/**
 * The library's own refusal of a plain scalar (its `plainString`): an indicator first,
 * `-`/`?` alone or before white space, `: `, ` #`, white space or `:` last.
 */
const NOT_PLAIN = /^[\n\t ,[\]{}#&*!|>'"%@`]|^[?-]$|^[?-][ \t]|[\n:][ \t]|[ \t]\n|[\n\t ]#|[\n\t :]$/;

/**
 * The core schema's tests of its other scalar types (yaml's `schema/core` and `common/null`):
 * a string one of them matches would read back as null, a boolean or a number, so the
 * library quotes it.
 */
const OTHER_TYPE_EXACT = [
  /^(?:~|[Nn]ull|NULL)?$/,
  /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/,
  /^0o[0-7]+$/,
  /^[-+]?[0-9]+$/,
  /^0x[0-9a-fA-F]+$/,
  /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/,
  /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/,
  /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/,
];

/**
 * Strings that look like another type, or a document marker, in any spelling (numbers start
 * with a digit, a sign, `.` or `~`): a superset of {@link OTHER_TYPE_EXACT}. Written plain only
 * when this does not match; when only this one does, the library decides.
 */
const OTHER_TYPE_LIKE = /^(?:[-+.~0-9]|(?:null|true|false)$)/i;

/** A quoted string the library writes as `"…"` with nothing escaped: no `"` (it would pick single quotes) and no `\`. */
const QUOTE_SAFE = /^[^"\\]*$/;

/**
 * A string on one line as the library writes it: plain, or double-quoted when YAML would not
 * read it plain (an indicator, `: `, ` #`, a YAML word or number, empty); `undefined` beyond that.
 */
function lineString(value: string): string | undefined {
  if (LINE_UNSAFE.test(value)) return undefined;
  // The exact tests only for what may match one (they all fall within the empty string and
  // OTHER_TYPE_LIKE): a description starting with a letter is not tried eight times.
  const typeLike = value === "" || OTHER_TYPE_LIKE.test(value);
  if (NOT_PLAIN.test(value) || (typeLike && OTHER_TYPE_EXACT.some((type) => type.test(value)))) {
    return QUOTE_SAFE.test(value) ? `"${value}"` : undefined;
  }
  return typeLike ? undefined : value;
}

/**
 * A multi-line top-level value as the library writes it: a literal block (`|`, or `|-` without
 * a final line feed) indented two spaces, empty lines left empty. Only when no indicator but
 * the chomping one is needed: no space or line feed first, no white space last (one final
 * line feed aside), no tab.
 */
function literalBlock(value: string): string | undefined {
  if (BLOCK_UNSAFE.test(value)) return undefined;
  const clip = value.endsWith("\n");
  const text = clip ? value.slice(0, -1) : value;
  const first = text.charCodeAt(0);
  const last = text.charCodeAt(text.length - 1);
  if (text.length === 0 || first === 0x20 || first === 0x0a || last === 0x20 || last === 0x0a)
    return undefined;
  return `|${clip ? "" : "-"}\n  ${text.replace(/\n+/g, "$&  ")}`;
}

/** The text after `key:` for a simple value (` value`, ` []`, `\n  - item` lines, ` |-…`), or `undefined`. */
function simpleValue(value: unknown): string | undefined {
  if (typeof value === "string") {
    const text = value.includes("\n") ? literalBlock(value) : lineString(value);
    return text === undefined ? undefined : ` ${text}`;
  }
  if (typeof value === "boolean") return value ? " true" : " false";
  // Finite numbers as the library's `stringifyNumber` writes them (no fraction digits asked).
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return undefined;
    return Object.is(value, -0) ? " -0" : ` ${JSON.stringify(value)}`;
  }
  if (!Array.isArray(value)) return undefined;
  if (value.length === 0) return " []";
  let text = "";
  // An index loop, not for…of: a hole is read as `undefined` and refused, as any non-string is.
  for (let i = 0; i < value.length; i++) {
    const item: unknown = value[i];
    // Items plain only: a quoted or multi-line item is left to the library.
    const line = typeof item === "string" && !item.includes("\n") ? lineString(item) : undefined;
    if (line === undefined || line !== item) return undefined;
    text += `\n  - ${line}`;
  }
  return text;
}

/**
 * The YAML of `data` when every key and value is simple (see the module's note), ending in a
 * newline; `undefined` when one is not, or when `data` is empty: the caller then writes it with
 * the `yaml` library.
 *
 * @example writeSimpleYaml({ name: "a", description: "x: y", tools: ["Read"] }) // 'name: a\ndescription: "x: y"\ntools:\n  - Read\n'
 */
export function writeSimpleYaml(data: Record<string, unknown>): string | undefined {
  let text = "";
  for (const key of Object.keys(data)) {
    if (!PLAIN_KEY.test(key) || OTHER_TYPE_LIKE.test(key)) return undefined;
    const value = simpleValue(data[key]);
    if (value === undefined) return undefined;
    text += `${key}:${value}\n`;
  }
  return text === "" ? undefined : text;
}
