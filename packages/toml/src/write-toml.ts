import { randomBytes } from "node:crypto";
import { loadLazily } from "@roster/core/provider-kit";

const smolToml = loadLazily<typeof import("smol-toml")>({
  url: import.meta.url,
  id: "smol-toml",
  bundled: () => require("smol-toml"),
});

/**
 * Writes a TOML document with smol-toml: keys in the given order, entries whose value is
 * `undefined` left out. Strings are escaped by the library, never concatenated.
 *
 * @example stringifyToml({ name: "a", developer_instructions: "line 1\nline 2" })
 */
export function stringifyToml(data: Record<string, unknown>, options: StringifyTomlOptions = {}): string {
  const clean: Record<string, unknown> = {};
  // A multi-line value is written by smol-toml as a placeholder first, so that it keeps its
  // place among the top-level keys (before any [table]), then swapped for the """ string.
  const swaps = new Map<string, string>();
  const nonce = randomBytes(8).toString("hex");
  for (const [key, value] of Object.entries(data)) {
    if (value === undefined) continue;
    if (typeof value === "string" && value.includes("\n") && options.multiline?.includes(key)) {
      const placeholder = `roster-multiline-${nonce}-${swaps.size}`;
      swaps.set(JSON.stringify(placeholder), multilineTomlString(value));
      clean[key] = placeholder;
    } else clean[key] = value;
  }
  let text = smolToml().stringify(clean);
  for (const [placeholder, literal] of swaps) text = text.replace(placeholder, () => literal);
  return text.endsWith("\n") ? text : `${text}\n`;
}

/** Options of {@link stringifyToml}. */
export interface StringifyTomlOptions {
  /** Top-level keys whose text, when it has a newline, is written as a `"""` multi-line string. */
  multiline?: readonly string[];
}

/**
 * A TOML multi-line basic string (`"""` … `"""`) that reads back as exactly `text`: every
 * backslash and `"` escaped (so no run of quotes can close it early), CR and the control
 * characters TOML forbids written as escapes; newlines and tabs as they are. The newline after
 * the opening quotes is one TOML drops, so the text starts on the next line.
 */
export function multilineTomlString(text: string): string {
  const body = text.replace(/[\\"\u0000-\u0008\u000B-\u001F\u007F]/g, (c) => {
    if (c === "\\") return "\\\\";
    if (c === '"') return '\\"';
    return `\\u${c.charCodeAt(0).toString(16).padStart(4, "0").toUpperCase()}`;
  });
  return `"""\n${body}"""`;
}
