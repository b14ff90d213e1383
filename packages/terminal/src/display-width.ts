// How many terminal columns text takes, measured without Unicode tables where it can be.
import { loadLazily } from "@roster/frontmatter";

type StringWidth = (text: string) => number;
/**
 * string-width, loaded the first time text outside {@link NARROW_OR_EMOJI} is measured: loading
 * it builds ICU segmenters and Unicode tables (about 20 ms), which narrow tables,
 * `--json` and `roster mcp` never pay for. The literal `require()` is what a bundler (the CLI's
 * bin) splits into a file of its own.
 */
const stringWidthModule = loadLazily<{ default: StringWidth }>({
  url: import.meta.url,
  id: "string-width",
  bundled: () => require("string-width"),
});

function stringWidthLib(): StringWidth {
  return stringWidthModule().default;
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
export function* graphemesOf(text: string): Generator<string> {
  graphemes ??= new Intl.Segmenter(undefined, { granularity: "grapheme" });
  for (const chunk of text.length <= SEGMENT_CHUNK ? [text] : chunksOf(text))
    for (const { segment } of graphemes.segment(chunk)) yield segment;
}
