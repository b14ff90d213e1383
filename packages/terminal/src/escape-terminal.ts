// Terminal-safe text: every control, C1 and format character shown as an escape.

/**
 * Characters that must never reach a terminal as themselves: C0 controls and DEL, C1
 * controls, and the invisible format characters (bidi overrides and isolates, zero-width
 * joiners and spaces, the BOM, tag characters) plus the line and paragraph separators.
 */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\p{Cf}\u2028\u2029]/gu;
const UNSAFE_BUT_LAYOUT = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\p{Cf}\u2028\u2029]/gu;

const EMOJI = /\p{Extended_Pictographic}/u;

/** A zero-width joiner between two emoji builds one picture (👩‍💻): it stays. */
function joinsEmoji(text: string, at: number): boolean {
  const before = text.codePointAt(at - 1) ?? 0;
  const before2 = at >= 2 ? text.codePointAt(at - 2)! : 0;
  const prev = before >= 0xdc00 && before <= 0xdfff ? before2 : before;
  const next = text.codePointAt(at + 1);
  return (
    prev !== 0 &&
    next !== undefined &&
    EMOJI.test(String.fromCodePoint(prev)) &&
    EMOJI.test(String.fromCodePoint(next))
  );
}

function visible(ch: string, at: number, text: string): string {
  const code = ch.codePointAt(0)!;
  if (code === 0x200d && joinsEmoji(text, at)) return ch;
  if (code < 0x100) return `\\x${code.toString(16).padStart(2, "0")}`;
  if (code < 0x10000) return `\\u${code.toString(16).padStart(4, "0")}`;
  return `\\u{${code.toString(16)}}`;
}

/**
 * Makes text safe for a terminal: every control, C1 and bidi/format character is shown
 * as an escape (`\x1b`, `\u202e`). With `keepLayout`, `\n` and `\t` stay as they are
 * (a system prompt keeps its lines); otherwise they are escaped too (one table cell).
 *
 * @example escapeTerminal("evil\u001b]52;c;…\u0007") // "evil\\x1b]52;c;…\\x07"
 */
export function escapeTerminal(text: string, keepLayout = false): string {
  return text.replace(keepLayout ? UNSAFE_BUT_LAYOUT : UNSAFE, visible);
}
