import { loadLazily } from "@roster/core/provider-kit";

type StringWidth = (text: string) => number;
const stringWidthModule = loadLazily<{ default: StringWidth }>({
  url: import.meta.url,
  id: "string-width",
  bundled: () => require("string-width"),
});

/**
 * string-width, loaded the first time text outside {@link NARROW_OR_EMOJI} is measured: loading
 * it builds ICU segmenters and Unicode tables (about 20 ms), which narrow tables,
 * `--json` and `roster mcp` never pay for.
 */
function stringWidthLib(): StringWidth {
  return stringWidthModule().default;
}

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

/**
 * Text that takes one column per UTF-16 unit, with no need to ask string-width: printable
 * ASCII, and the Latin, Greek and Cyrillic letters, dashes, quotes, bullets, currency signs,
 * arrows, maths and box-drawing characters that string-width counts as one column, none of
 * them a mark, a format character or an emoji that could join its neighbours into a wider
 * cluster (the soft hyphen, ©, ®, ‼, ⁉, ™, ℹ and the emoji arrows are left to string-width).
 * `terminal.test.ts` checks every character of the class against string-width.
 */
export const NARROW =
  /^[\x20-\x7e\u00a0-\u00a8\u00aa-\u00ac\u00af-\u02ff\u0370-\u0377\u037a-\u037f\u0384-\u038a\u038c\u038e-\u03a1\u03a3-\u0482\u048a-\u052f\u2010-\u2027\u2030-\u203b\u203d-\u2048\u204a-\u205e\u20a0-\u20c0\u2100-\u2121\u2123-\u2138\u213a-\u214f\u2190-\u2193\u219a-\u21a8\u21ab-\u22ff\u2500-\u257f]*$/;

/**
 * {@link NARROW} characters and emoji that are pictures on their own (`Emoji_Presentation`),
 * two columns each, never a skin-tone modifier or a flag's regional indicator (those join a
 * neighbour into one picture). With no joiner or variation selector in the class, every
 * emoji here is a cluster of its own. `terminal.test.ts` checks each against string-width.
 */
export const NARROW_OR_EMOJI = new RegExp(
  `^(?:${NARROW.source.slice(1, -2)}|[\\p{Emoji_Presentation}--\\p{Emoji_Modifier}--\\p{Regional_Indicator}])*$`,
  "v",
);

/** The number of terminal columns text takes (wide and combining characters counted right). */
export function displayWidth(text: string): number {
  // Narrow text needs no Unicode tables, nor does narrow text with lone emoji in it.
  if (NARROW.test(text)) return text.length;
  if (NARROW_OR_EMOJI.test(text)) {
    let width = 0;
    for (const ch of text) width += ch.length === 1 && NARROW.test(ch) ? 1 : 2;
    return width;
  }
  if (text.length <= SEGMENT_CHUNK) return stringWidthLib()(text);
  let width = 0;
  for (const chunk of chunksOf(text)) width += stringWidthLib()(chunk);
  return width;
}

/** Created on first use: building a segmenter costs ICU start-up time. */
let graphemes: Intl.Segmenter | undefined;

/**
 * The most code units segmented at once. Node 20's Intl.Segmenter (and string-width, which
 * uses it) takes time that grows with the square of one long string: a terminal showing an
 * agent with a description of 300,000 wide characters waited minutes.
 */
const SEGMENT_CHUNK = 1024;

/**
 * `text` in pieces of at most {@link SEGMENT_CHUNK} code units that end between graphemes
 * (each piece segmented alone gives the graphemes of the whole). One grapheme longer than a
 * piece (a letter under a thousand marks) is cut where the piece ends.
 */
function* chunksOf(text: string): Generator<string> {
  graphemes ??= new Intl.Segmenter(undefined, { granularity: "grapheme" });
  for (let at = 0; at < text.length; ) {
    let end = Math.min(text.length, at + SEGMENT_CHUNK);
    if (end === text.length) {
      yield text.slice(at);
      return;
    }
    // Never between the two halves of a character (a lone half segments on its own).
    const before = text.charCodeAt(end - 1);
    if (before >= 0xd800 && before <= 0xdbff) end -= 1;
    // The last grapheme of the slice may go on past it: the next piece starts with it.
    let last = 0;
    for (const { index } of graphemes.segment(text.slice(at, end))) last = index;
    const next = last > 0 ? at + last : end;
    yield text.slice(at, next);
    at = next;
  }
}

/** The graphemes of `text`, in order, segmented a {@link chunksOf} piece at a time. */
function* graphemesOf(text: string): Generator<string> {
  graphemes ??= new Intl.Segmenter(undefined, { granularity: "grapheme" });
  for (const chunk of text.length <= SEGMENT_CHUNK ? [text] : chunksOf(text))
    for (const { segment } of graphemes.segment(chunk)) yield segment;
}

/**
 * Cuts text to at most `width` columns with an ellipsis: at the end (`keep: "start"`) or,
 * for paths whose end says most, at the start (`keep: "end"`).
 */
export function cutToWidth(text: string, width: number, keep: "start" | "end" = "start"): string {
  if (displayWidth(text) <= width) return text;
  if (width <= 0) return "";
  if (width === 1) return "…";
  if (NARROW.test(text))
    return keep === "end" ? `…${text.slice(text.length - width + 1)}` : `${text.slice(0, width - 1)}…`;
  // From the start, graphemes are taken as they come and no further than the width (a long
  // description cut to a narrow column is not segmented whole); from the end, all of them.
  const segments = graphemesOf(text);
  let used = 0;
  const kept: string[] = [];
  for (const part of keep === "end" ? [...segments].reverse() : segments) {
    const w = displayWidth(part);
    if (used + w > width - 1) break;
    kept.push(part);
    used += w;
  }
  if (keep === "end") return `…${kept.reverse().join("")}`;
  return `${kept.join("")}…`;
}

/**
 * A path cut to `width` columns keeping its distinguishing end in whole words: cut at a `/`
 * (`…/opencode/agents`, `…/agents/team-lead.md`) or, where no `/` leaves enough, after a `-`,
 * `_` or space inside a segment (`…compliance/agents` of `…/accessibility-compliance/agents`)
 * — never in the middle of a word (`…config/opencode/agents`), unless its last word alone is
 * wider than `width` (then that keeps its end, as {@link cutToWidth} cuts). The longest end
 * that fits is kept.
 */
export function cutPathToWidth(text: string, width: number): string {
  if (displayWidth(text) <= width) return text;
  for (let i = 1; i < text.length - 1; i++) {
    const c = text[i];
    if (c !== "/" && c !== "-" && c !== "_" && c !== " ") continue;
    // A `/` stays where it fits (it says a folder was left out); a word separator goes. A
    // `/` before a dot folder stays (`….config/…` reads as a typo).
    const cuts =
      c !== "/"
        ? [text.slice(i + 1)]
        : text[i + 1] === "."
          ? [text.slice(i)]
          : [text.slice(i), text.slice(i + 1)];
    for (const rest of cuts) if (rest !== "" && displayWidth(rest) + 1 <= width) return `…${rest}`;
  }
  return cutToWidth(text, width, "end");
}

/**
 * A word too long for a line, in pieces of at most `width` columns; a path (a word with `/`)
 * is broken after a `/` wherever a piece can end there, never inside a segment that fits a line.
 */
function wordPieces(word: string, width: number): Array<{ text: string; width: number }> {
  if (!word.includes("/")) return piecesOf(word, width);
  const pieces: Array<{ text: string; width: number }> = [];
  let piece = "";
  let used = 0;
  for (const segment of word.match(/[^/]*\/|[^/]+$/g) ?? [word]) {
    const w = displayWidth(segment);
    if (piece !== "" && used + w > width) {
      pieces.push({ text: piece, width: used });
      piece = "";
      used = 0;
    }
    if (w > width) {
      // A segment wider than a line: cut where it must be.
      const parts = piecesOf(segment, width);
      for (const part of parts.slice(0, -1)) pieces.push(part);
      piece = parts.at(-1)!.text;
      used = parts.at(-1)!.width;
      continue;
    }
    piece += segment;
    used += w;
  }
  if (piece !== "") pieces.push({ text: piece, width: used });
  return pieces;
}

/**
 * Text in lines of at most `width` columns, broken at spaces (the spaces at a break, and
 * before the first word, go); a word longer than a line is broken where it must be (a path
 * after a `/`). Nothing
 * else is lost: the lines hold every other character of the text, in order.
 */
export function wrapToWidth(text: string, width: number): string[] {
  if (width <= 0 || displayWidth(text) <= width) return [text];
  const lines: string[] = [];
  let line = "";
  let used = 0;
  const end = () => {
    lines.push(line.trimEnd());
    line = "";
    used = 0;
  };
  for (const token of text.match(/ +|[^ ]+/g) ?? []) {
    const w = displayWidth(token);
    if (token.startsWith(" ")) {
      if (used === 0) continue;
      if (used + w < width) {
        line += token;
        used += w;
      } else end();
      continue;
    }
    if (used + w <= width) {
      line += token;
      used += w;
      continue;
    }
    if (used > 0) end();
    // A word longer than a line: in pieces of the width (a path's after a `/`), the last one going on as the line.
    const pieces = wordPieces(token, width);
    for (let p = 0; p < pieces.length - 1; p++) lines.push(pieces[p]!.text);
    line = pieces.at(-1)!.text;
    used = pieces.at(-1)!.width;
  }
  if (used > 0) end();
  return lines;
}

/**
 * `text` cut into pieces of at most `width` columns (whole graphemes, at least one a piece),
 * walked once: measuring what is left after each piece would take the square of a long word.
 */
function piecesOf(text: string, width: number): Array<{ text: string; width: number }> {
  const pieces: Array<{ text: string; width: number }> = [];
  if (NARROW.test(text)) {
    for (let at = 0; at < text.length; at += width) {
      const piece = text.slice(at, at + width);
      pieces.push({ text: piece, width: piece.length });
    }
    return pieces;
  }
  // Each grapheme measured once: a long word repeats few of them, and string-width is slow.
  const widths = new Map<string, number>();
  let piece = "";
  let used = 0;
  for (const part of graphemesOf(text)) {
    let w = widths.get(part);
    if (w === undefined) {
      w = displayWidth(part);
      widths.set(part, w);
    }
    if (piece !== "" && used + w > width) {
      pieces.push({ text: piece, width: used });
      piece = "";
      used = 0;
    }
    piece += part;
    used += w;
  }
  pieces.push({ text: piece, width: used });
  return pieces;
}
