// Rows aligned into columns, fitted to a width: cut, dropped or wrapped as each column allows.
import { cutPathToWidth, cutToWidth } from "./cut-to-width.js";
import { displayWidth } from "./display-width.js";
import { escapeTerminal } from "./escape-terminal.js";
import { Line, type Part, Styled } from "./styled-text.js";
import type { Fit } from "./types.js";
import { wrapToWidth } from "./wrap-to-width.js";

/** One table cell: data, optionally styled. */
export type Cell = string | Styled;

/** Options of {@link table}. */
export interface TableOptions {
  /** Column titles, drawn dimmed. */
  header?: string[];
  /** Columns that keep their end when cut (paths: the file name says most). */
  keepEnd?: number[];
  /**
   * Columns cut, keeping their start, as early as the `keepEnd` ones (a plugin's name in a
   * SOURCE column), rather than after every other column.
   */
  cutFirst?: number[];
  /** Fit into this many columns (a terminal's width); undefined: never cut. */
  width?: number;
  /**
   * Columns left out, in this order, while the others would have to be cut below a
   * readable width (on a narrow terminal a name stays whole and its file goes).
   */
  drop?: number[];
  /**
   * The column that gets the room (a description, as `gh repo list` gives it): the other
   * flexible columns (paths) are cut before it, and the `drop` columns leave, in order, while
   * it would be narrower than {@link GROW_SHARE} of the width (or its own width, when less).
   */
  grow?: number;
  /**
   * Never cut: on a terminal too narrow for a row, its last column wraps at spaces under
   * itself (a report that must be read whole: findings, what a translation loses).
   */
  wrap?: boolean;
}

/** The narrowest a wrapped last column is made; on a narrower terminal the row runs on as it is. */
const MIN_WRAP = 20;

const GAP = 2;
/** The narrowest a column the table may cut is made: a few letters and the ellipsis. */
const MIN_COLUMN = 6;
/** The narrowest a first-to-cut column (a description, a path) is made before the others are cut. */
const MIN_FLEX = 16;
/** The narrowest a `cutFirst` column is cut to before other columns are (`project`, `bundled` stay whole). */
const CUT_FIRST_FLOOR = 8;
/** The share of the width the `grow` column is given before other columns are dropped for it. */
const GROW_SHARE = 0.4;

/** Caps the columns in `which` at one width, as wide as lets the row fit `width` (never below `floors`). */
function waterFill(widths: number[], floors: number[], which: number[], width: number): number[] {
  const at = (cap: number) =>
    widths.map((w, i) => (which.includes(i) ? Math.max(Math.min(w, floors[i]!), Math.min(w, cap)) : w));
  const total = (ws: number[]) => ws.reduce((sum, w) => sum + w, 0) + GAP * (ws.length - 1);
  let low = 0;
  let high = Math.max(0, ...widths);
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (total(at(mid)) <= width) low = mid;
    else high = mid - 1;
  }
  return at(low);
}

/**
 * The widths that let a row fit `width`: 1. cut the flexible columns (the last one and
 * paths) down to {@link MIN_FLEX}; 2. if that is not enough, cut every column; 3. on a
 * very narrow terminal, down to one column each.
 */
function fitWidths(natural: number[], floors: number[], flex: number[], width: number): number[] {
  const total = (ws: number[]) => ws.reduce((sum, w) => sum + w, 0) + GAP * (ws.length - 1);
  if (total(natural) <= width) return natural;
  const all = natural.map((_, i) => i);
  const flexFloors = floors.map((f, i) => (flex.includes(i) ? Math.max(f, MIN_FLEX) : f));
  const first = waterFill(natural, flexFloors, flex, width);
  if (total(first) <= width) return first;
  const second = waterFill(first, flexFloors, all, width);
  if (total(second) <= width) return second;
  return waterFill(
    second,
    all.map(() => 1),
    all,
    width,
  );
}

/**
 * Aligns rows into columns, escaping every cell; the last column is not padded. With a
 * `width`, the widest columns are cut (with `…`) until every row fits it.
 */
export function table(o: Fit, rows: Cell[][], options: TableOptions = {}): Line {
  const header = options.header?.map((h) => new Styled("dim", h));
  const all: Cell[][] = header ? [header, ...rows] : rows;
  if (all.length === 0) return new Line([]);
  const columns = Math.max(...all.map((r) => r.length));
  const textOf = (cell: Cell | undefined) =>
    cell === undefined ? "" : escapeTerminal(cell instanceof Styled ? cell.text : cell);
  const texts = all.map((r) => Array.from({ length: columns }, (_, i) => textOf(r[i])));
  // Each cell measured once (a width of text outside NARROW takes Unicode tables).
  const cellWidths = texts.map((t) => t.map((text) => displayWidth(text)));
  const natural = Array.from({ length: columns }, (_, i) => Math.max(...cellWidths.map((w) => w[i]!)));
  const width = options.width ?? o.columns;
  const fitted = options.wrap ? undefined : width;
  const floorOf = (i: number) => Math.max(MIN_COLUMN, header ? displayWidth(options.header![i] ?? "") : 0);
  let shown = Array.from({ length: columns }, (_, i) => i);
  const sum = (ws: number[]) => ws.reduce((total, w) => total + w, 0) + GAP * (ws.length - 1);
  const layout = (cols: number[]) => {
    const flex = cols.filter(
      (i) => options.keepEnd?.includes(i) || options.cutFirst?.includes(i) || i === cols.at(-1),
    );
    const ws = cols.map((i) => natural[i]!);
    if (fitted === undefined) return { ws, fits: true };
    const floors = cols.map(floorOf);
    const flexAt = flex.map((i) => cols.indexOf(i));
    const flexFloors = floors.map((f, k) => (flexAt.includes(k) ? Math.max(f, MIN_FLEX) : f));
    const growAt = options.grow === undefined ? -1 : cols.indexOf(options.grow);
    if (growAt === -1) {
      const ws1 = waterFill(ws, flexFloors, flexAt, fitted);
      return { ws: fitWidths(ws, floors, flexAt, fitted), fits: sum(ws1) <= fitted };
    }
    // 1. The other flexible columns (paths) are cut first; 2. then the one that gets the room.
    const first = waterFill(
      ws,
      flexFloors,
      flexAt.filter((k) => k !== growAt),
      fitted,
    );
    const cut = waterFill(first, flexFloors, [growAt], fitted);
    // 3. The cut-first columns down to a few letters, before any other column is cut.
    const firstCut = (options.cutFirst ?? []).map((i) => cols.indexOf(i)).filter((k) => k !== -1);
    const hard = floors.map((f, k) => (firstCut.includes(k) ? Math.max(f, CUT_FIRST_FLOOR) : f));
    const second =
      sum(first) <= fitted
        ? first
        : sum(cut) <= fitted || firstCut.length === 0
          ? cut
          : waterFill(cut, hard, firstCut, fitted);
    const share = Math.min(ws[growAt]!, Math.floor(fitted * GROW_SHARE));
    return {
      ws: sum(second) <= fitted ? second : fitWidths(second, floors, flexAt, fitted),
      fits: sum(second) <= fitted && second[growAt]! >= share,
    };
  };
  let { ws: widths, fits } = layout(shown);
  for (const dropped of options.drop ?? []) {
    if (fits) break;
    shown = shown.filter((i) => i !== dropped);
    ({ ws: widths, fits } = layout(shown));
  }
  const keepEnd = new Set(options.keepEnd ?? []);
  // Wrapping (never cut): a last column too long for its row goes on under itself or, where
  // it has too little room there, on the next line under the column before it.
  const lastAt = sum([...widths.slice(0, -1), 0]);
  const belowAt = widths.length > 1 ? sum([...widths.slice(0, -2), 0]) : 0;
  const wrapAt =
    !options.wrap || width === undefined
      ? undefined
      : width - lastAt >= MIN_WRAP
        ? { at: lastAt, below: false }
        : width - belowAt >= MIN_WRAP
          ? { at: belowAt, below: true }
          : undefined;
  const parts: Part[] = [];
  all.forEach((row, r) => {
    const rowParts: Part[] = [];
    shown.forEach((i, k) => {
      const cell = row[i];
      const whole = texts[r]![i]!;
      const fits = cellWidths[r]![i]! <= widths[k]!;
      // A path (keepEnd) keeps its end in whole segments: `…/opencode/agents`, never `…config/opencode/agents`.
      const text = fits
        ? whole
        : keepEnd.has(i)
          ? cutPathToWidth(whole, widths[k]!)
          : cutToWidth(whole, widths[k]!);
      if (k > 0) rowParts.push({ raw: " ".repeat(GAP) });
      // The text is escaped already; escaping it again changes nothing.
      const wrapped = wrapAt !== undefined && k === shown.length - 1 && lastAt + cellWidths[r]![i]! > width!;
      if (wrapped && wrapAt.below) {
        // The padding before it goes; it starts a line of its own.
        while (rowParts.length > 0 && isBlank(rowParts.at(-1)!)) rowParts.pop();
        rowParts.push({ raw: `\n${" ".repeat(wrapAt.at)}` });
      }
      const lines = wrapped ? wrapToWidth(text, width! - wrapAt.at) : [text];
      lines.forEach((piece, n) => {
        if (n > 0) rowParts.push({ raw: `\n${" ".repeat(wrapAt!.at)}` });
        if (piece !== "")
          rowParts.push(cell instanceof Styled ? new Styled(cell.style, piece) : { raw: piece });
      });
      if (k < shown.length - 1) {
        const used = fits ? cellWidths[r]![i]! : displayWidth(text);
        rowParts.push({ raw: " ".repeat(widths[k]! - used) });
      }
    });
    // No trailing blanks.
    while (rowParts.length > 0 && isBlank(rowParts.at(-1)!)) rowParts.pop();
    if (r > 0) parts.push({ raw: "\n" });
    parts.push(...rowParts);
  });
  return new Line(parts);
}

/** Padding: a raw part of spaces only. */
function isBlank(part: Part): boolean {
  return "raw" in part && part.raw.trim() === "";
}

/** A table under a dimmed header row, fitted to the terminal (never cut when piped); a list of numbers is `keepEnd`. */
export function headedTable(
  o: Fit,
  header: string[],
  rows: Cell[][],
  options: Omit<TableOptions, "header"> | number[] = {},
): Line {
  return table(o, rows, Array.isArray(options) ? { header, keepEnd: options } : { ...options, header });
}
