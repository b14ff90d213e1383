/**
 * The YAML of a frontmatter whose every value is plain, written without the `yaml` library:
 * byte for byte what `yaml.stringify(data, { lineWidth: 0, minContentWidth: 0,
 * aliasDuplicateObjects: false })` gives for it (yaml 2.x, core schema). Most agent files are
 * such (a name, a one-line description, a model, a tool list), and writing them this way
 * spares the library's load and its document model. Anything else answers `undefined` and the
 * caller asks the library: the subset is chosen small, not clever, and a differential test
 * (the corpus and a battery of awkward strings) holds it to the library's output.
 */

/**
 * Keys written as they are: a short identifier, as agent files' keys are (the library would
 * quote or mark the rest: a key of YAML words, numbers, indicators, over 1024 characters).
 */
const PLAIN_KEY = /^[A-Za-z_][A-Za-z0-9_-]{0,127}$/;

/**
 * Characters the library writes only double-quoted or in a block: C0 and C1 controls
 * (tab and line feed aside, as its own test has them) and lone surrogates. Line feeds
 * (block scalars) and carriage returns are outside the subset too.
 */
const QUOTED_ONLY = /[\x00-\x08\x0a-\x1f\x7f-\x9f\u{D800}-\u{DFFF}]/u;

/**
 * The library's own refusal of a plain scalar (its `plainString`): an indicator first,
 * `-`/`?` alone or before white space, `: `, ` #`, white space or `:` last.
 */
const NOT_PLAIN = /^[\n\t ,[\]{}#&*!|>'"%@`]|^[?-]$|^[?-][ \t]|[\n:][ \t]|[ \t]\n|[\n\t ]#|[\n\t :]$/;

/**
 * Strings the core schema would read as another type (null, booleans, numbers in any
 * notation: they all start with a digit, a sign, `.` or `~`), or a document marker, which the
 * library may put in a block: a superset of what it quotes for these reasons, so left to it.
 */
const OTHER_TYPE = /^(?:[-+.~0-9]|(?:null|true|false)$)/i;

/** Is `value` a string the library writes as a plain scalar, on its line, as it is? */
function isPlainString(value: unknown): value is string {
  return (
    typeof value === "string" &&
    value.length > 0 &&
    !QUOTED_ONLY.test(value) &&
    !NOT_PLAIN.test(value) &&
    !OTHER_TYPE.test(value)
  );
}

/** The text after `key:` for a plain value (` value`, ` []`, `\n  - item` lines), or `undefined`. */
function plainValue(value: unknown): string | undefined {
  if (isPlainString(value)) return ` ${value}`;
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
    if (!isPlainString(item)) return undefined;
    text += `\n  - ${item}`;
  }
  return text;
}

/**
 * The YAML of `data` when every key and value is plain (strings written unquoted on one line,
 * finite numbers, booleans, lists of such strings), ending in a newline; `undefined` when one
 * is not, or when `data` is empty: the caller then writes it with the `yaml` library.
 *
 * @example writePlainYaml({ name: "a", tools: ["Read"] }) // "name: a\ntools:\n  - Read\n"
 */
export function writePlainYaml(data: Record<string, unknown>): string | undefined {
  let text = "";
  for (const key of Object.keys(data)) {
    if (!PLAIN_KEY.test(key) || OTHER_TYPE.test(key)) return undefined;
    const value = plainValue(data[key]);
    if (value === undefined) return undefined;
    text += `${key}:${value}\n`;
  }
  return text === "" ? undefined : text;
}
