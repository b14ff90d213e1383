/** Control (C0, DEL, C1) and invisible format characters: bidi overrides and isolates, zero-width ones, line separators, the BOM. */
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/g;

/**
 * Text from a file made safe to draw: every control or invisible format character shown as
 * an escape (`\x1b`, `\u202e`), so a name cannot hide, reorder or break a label's line.
 */
export function visibleText(text: string): string {
  return text.replace(INVISIBLE, (ch) => {
    const code = ch.charCodeAt(0);
    return code <= 0xff
      ? `\\x${code.toString(16).padStart(2, "0")}`
      : `\\u${code.toString(16).padStart(4, "0")}`;
  });
}
