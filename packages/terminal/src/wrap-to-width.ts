// Text in lines of a number of columns, broken at spaces (a long path after a `/`).
import { displayWidth, graphemesOf, NARROW } from "./display-width.js";
import type { Fit } from "./types.js";

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

/**
 * A sentence as the lines it takes: on a terminal, wrapped at spaces to its width (the
 * terminal would break it mid-word); piped, one line.
 */
export function sentenceLines(o: Fit, text: string): string[] {
  return o.columns !== undefined ? wrapToWidth(text, o.columns) : [text];
}

/**
 * A sentence as its lines under an indent: wrapped at spaces to the width left beside the
 * indent on a terminal, one line piped; each line starts with the indent.
 */
export function indentedLines(o: Fit, text: string, indent = ""): string[] {
  const pieces =
    o.columns === undefined ? [text] : sentenceLines({ columns: o.columns - indent.length }, text);
  return pieces.map((piece) => `${indent}${piece}`);
}
