/**
 * A fast path for the frontmatter most agent files have: flat `key: value` lines whose
 * values YAML 1.2 (core schema) reads as plain strings. Anything outside that strict
 * subset returns `undefined`, and the caller parses with the full YAML engine, so the
 * result is always what YAML itself would give (a property test and the real-world
 * corpus check that equivalence).
 */

const KEY_LINE = /^([A-Za-z_][A-Za-z0-9_-]*):(?:[ ]+(.*))?$/;
/** Characters that may not start a plain scalar, or that change its meaning. */
const INDICATOR = /^[-?:,[\]{}#&*!|>'"%@`=<+.0-9~]/;
/** Words the core schema resolves to null or a boolean, in every spelling it accepts. */
const RESERVED = /^(?:null|true|false|~|y|n|yes|no|on|off)$/i;
/** C0/C1 controls, BOM and non-characters: YAML may reject or treat them specially. */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\ufeff\ufffe\uffff]/;
const DOUBLE_QUOTED = /^"([^"\\]*)"$/;
const SINGLE_QUOTED = /^'([^']*)'$/;

function scalar(raw: string): string | null | undefined {
  const value = raw.trimEnd();
  if (value === "") return null;
  if (UNSAFE.test(value)) return undefined;
  const double = DOUBLE_QUOTED.exec(value);
  if (double) return double[1]!;
  const single = SINGLE_QUOTED.exec(value);
  if (single) return single[1]!;
  if (INDICATOR.test(value) || RESERVED.test(value)) return undefined;
  // A plain scalar ends at ": " (a nested mapping) or " #" (a comment); a trailing ":" too.
  if (value.includes(": ") || value.includes(" #") || value.endsWith(":")) return undefined;
  return value;
}

/**
 * Parses `text` when it is in the simple subset (see above); `undefined` otherwise.
 *
 * @example parseSimpleYaml("name: a\ntools: Read, Grep\n") // { name: "a", tools: "Read, Grep" }
 */
export function parseSimpleYaml(text: string): Record<string, unknown> | undefined {
  const out: Record<string, unknown> = {};
  const seen = new Set<string>();
  let start = 0;
  while (start <= text.length) {
    let end = text.indexOf("\n", start);
    if (end === -1) end = text.length;
    const line = text.slice(start, end);
    start = end + 1;
    if (line.trim() === "") {
      if (end === text.length) break;
      continue;
    }
    if (line.startsWith("#")) continue;
    const match = KEY_LINE.exec(line);
    if (!match) return undefined;
    const key = match[1]!;
    if (RESERVED.test(key) || seen.has(key) || key === "__proto__") return undefined;
    const value = scalar(match[2] ?? "");
    if (value === undefined) return undefined;
    seen.add(key);
    out[key] = value;
    if (end === text.length) break;
  }
  return out;
}
