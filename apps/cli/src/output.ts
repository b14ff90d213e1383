import { isAbsolute, relative, sep } from "node:path";
import { styleText } from "node:util";
import { cutPathToWidth, cutToWidth, displayWidth, escapeTerminal, wrapToWidth } from "./terminal.js";
import { writeJson } from "./write-json.js";

/** The styles roster draws with (node's `util.styleText` names). */
export type Style = "bold" | "dim" | "red" | "yellow" | "green" | "cyan";

/** Data roster draws in a style; the data is escaped when drawn. */
export class Styled {
  constructor(
    readonly style: Style,
    readonly text: string,
  ) {}
  /** Plain and escaped, for code that puts it in a template string. */
  toString(): string {
    return escapeTerminal(this.text);
  }
}

/** Multi-line data (a system prompt, a child's output): escaped, its line breaks and tabs kept. */
export class Block {
  constructor(readonly text: string) {}
  toString(): string {
    return escapeTerminal(this.text, true);
  }
}

type Part = { raw: string } | { data: string } | Styled | Block;

/** Human-readable text made of roster's own words and escaped data; built with {@link line}. */
export class Line {
  constructor(readonly parts: readonly Part[]) {}
  toString(): string {
    return drawParts(this.parts, false);
  }
}

/** What the printers take: a plain string (escaped, line breaks kept), a {@link Line} or a {@link Styled}. */
export type Text = string | Line | Styled | Block;

/** A value a {@link line} template may hold. */
export type Value = string | number | boolean | Styled | Block | Line | undefined;

/**
 * A template tag for human output: the literal parts are roster's words, every value is
 * data and is escaped for the terminal (a {@link Styled} value keeps its colour).
 *
 * @example o.out(line`${paint(o, "bold", name)} resolves to ${showPath(o, file)}`)
 */
export function line(strings: TemplateStringsArray, ...values: Value[]): Line {
  const parts: Part[] = [];
  strings.forEach((literal, i) => {
    if (literal) parts.push({ raw: literal });
    if (i < values.length) parts.push(...partsOf(values[i]));
  });
  return new Line(parts);
}

function partsOf(value: Value): Part[] {
  if (value === undefined) return [];
  if (value instanceof Line) return [...value.parts];
  if (value instanceof Styled || value instanceof Block) return [value];
  return [{ data: String(value) }];
}

/** Joins texts with a separator of roster's own (a list of styled names, table rows). */
export function joinLines(items: readonly Text[], separator = "\n"): Line {
  const parts: Part[] = [];
  items.forEach((item, i) => {
    if (i > 0) parts.push({ raw: separator });
    parts.push(...(typeof item === "string" ? [{ data: item }] : partsOf(item)));
  });
  return new Line(parts);
}

function drawParts(parts: readonly Part[], color: boolean): string {
  let text = "";
  for (const part of parts) {
    if (part instanceof Styled) {
      const safe = escapeTerminal(part.text);
      text += color ? styleText(part.style, safe, { validateStream: false }) : safe;
    } else if (part instanceof Block) text += escapeTerminal(part.text, true);
    else if ("raw" in part) text += part.raw;
    else text += escapeTerminal(part.data);
  }
  return text;
}

/**
 * Prints names one a line, as `--names` does for completion scripts: each name is escaped to
 * exactly one line (a line break or tab in a name is shown as `\x0a`, `\x09`), so a shell
 * reading lines gets one name per line, never a piece of one.
 */
export function printNames(o: Pick<Output, "out">, names: Iterable<string>): void {
  for (const name of names) o.out(line`${name}`);
}

/** Turns any {@link Text} into what reaches the terminal: escaped, coloured only when `color`. */
export function draw(text: Text, color: boolean): string {
  if (typeof text === "string") return escapeTerminal(text, true);
  if (text instanceof Line) return drawParts(text.parts, color);
  return drawParts([text], color);
}

/** How a run prints. Human output goes through `out`/`err` and is escaped; JSON through `raw`. */
export interface Output {
  json: boolean;
  color: boolean;
  cwd: string;
  home: string;
  /** The terminal's width when stdout is a terminal; undefined when piped (nothing is cut). */
  columns?: number;
  /** Human output to stdout, escaped for the terminal. */
  out(text: Text): void;
  /** Human output to stderr, escaped for the terminal. */
  err(text: Text): void;
  /** Exact text to stdout (JSON, an expanded command): never escaped, never cut. */
  raw(text: string): void;
  /** Exact text or bytes to stdout, as they are (no newline added): output streamed in pieces. */
  stream(chunk: string | Uint8Array): void;
}

/** Builds an {@link Output} over two writers. */
export function createOutput(options: {
  json: boolean;
  color: boolean;
  cwd: string;
  home: string;
  columns?: number;
  write(text: string | Uint8Array): void;
  writeErr(text: string): void;
}): Output {
  const { write, writeErr, ...settings } = options;
  return {
    ...settings,
    out: (text) => write(`${draw(text, settings.color)}\n`),
    err: (text) => writeErr(`${draw(text, settings.color)}\n`),
    raw: (text) => write(text.endsWith("\n") ? text : `${text}\n`),
    stream: (chunk) => write(chunk),
  };
}

/**
 * Runs `print` with an {@link Output} whose stdout is gathered and written with one write when
 * it returns (or throws): a report of thousands of lines is one system call, not one a line.
 * Its stderr is `o`'s, written at once. For output printed after the work is done.
 *
 * @example inOneWrite(app.output, (o) => { for (const row of rows) o.out(row); });
 */
export function inOneWrite<T>(o: Output, print: (gathered: Output) => T): T {
  const pieces: Array<string | Uint8Array> = [];
  const gathered: Output = {
    ...createOutput({
      json: o.json,
      color: o.color,
      cwd: o.cwd,
      home: o.home,
      ...(o.columns !== undefined ? { columns: o.columns } : {}),
      write: (text) => pieces.push(text),
      writeErr: () => undefined,
    }),
    err: (text) => o.err(text),
  };
  try {
    return print(gathered);
  } finally {
    // Bytes (a stream) go as they are; the text between them as one string.
    let text = "";
    for (const piece of pieces) {
      if (typeof piece === "string") {
        text += piece;
        continue;
      }
      if (text !== "") o.stream(text);
      text = "";
      o.stream(piece);
    }
    if (text !== "") o.stream(text);
  }
}

/** Diagnostics as notes on stderr, one line each: `roster: warning: <file>: <message>`. */
export function printNotes(
  o: Output,
  diagnostics: ReadonlyArray<{ severity: string; message: string; filePath?: string }>,
): void {
  for (const d of diagnostics) {
    const label = d.severity === "info" ? "note" : d.severity;
    o.err(
      line`roster: ${label}: ${d.filePath ? `${showPath(o, d.filePath)}: ` : ""}${showPaths(o, d.message)}`,
    );
  }
}

/** Marks data to be drawn in a style (escaped; coloured only when colour is on). */
export function paint(_o: Pick<Output, "color">, style: Style, text: string): Styled {
  return new Styled(style, text);
}

/**
 * A `key: value` printer for one record (`show`, `show --as`): the key dimmed and padded to
 * `width`, lists joined with commas, objects as JSON, absent values skipped.
 */
export function fieldPrinter(o: Output, width: number): (key: string, value: unknown) => void {
  return (key, value) => {
    if (value === undefined) return;
    // An empty list is said so (`tools: (none)`: a file that allows no tool), not left blank.
    const text = Array.isArray(value)
      ? value.length === 0
        ? "(none)"
        : value.join(", ")
      : typeof value === "object"
        ? JSON.stringify(value)
        : String(value);
    o.out(line`${paint(o, "dim", `${key}:`.padEnd(width))}${text}`);
  };
}

/**
 * A path for people: relative under the cwd, `~/…` under home, else as it is. Files that
 * are not on disk (`embedded:explore.md`) stay as they are.
 */
export function showPath(
  o: Pick<Output, "cwd"> & Partial<Pick<Output, "home">>,
  path: string | undefined | null,
): string {
  if (!path) return "";
  if (!isAbsolute(path)) return path;
  const under = (dir: string) =>
    dir !== "" && (path === dir || path.startsWith(dir.endsWith(sep) ? dir : dir + sep));
  if (under(o.cwd)) return below(o.cwd, path) || ".";
  if (o.home && under(o.home)) return `~${sep}${below(o.home, path)}`;
  return path;
}

/**
 * A file as a finding's place: `path:line` when the line is known (0: not), as people and
 * terminals read a place; on a terminal too narrow for it, its end in whole segments
 * (`…/agents/reviewer.md:3`), never a path broken by the terminal mid-word.
 */
export function placeOf(o: Pick<Output, "cwd" | "home" | "columns">, filePath: string, line: number): string {
  const suffix = line > 0 ? `:${line}` : "";
  const path = showPath(o, filePath);
  return o.columns === undefined
    ? `${path}${suffix}`
    : `${cutPathToWidth(path, o.columns - suffix.length)}${suffix}`;
}

/** A `.` or `..` segment, an empty one or a trailing separator: what `relative` would normalise. */
const NOT_NORMAL = /\/\.{0,2}(?:\/|$)/;

/**
 * `relative(dir, path)` for a path under `dir`: its rest, when both are written the way
 * `relative` would leave them (the common case, and 3 µs a path less); else `relative`.
 */
function below(dir: string, path: string): string {
  if (sep !== "/" || NOT_NORMAL.test(dir) || NOT_NORMAL.test(path)) return relative(dir, path);
  return path.slice(dir.endsWith("/") ? dir.length : dir.length + 1);
}

/**
 * A message for people with the paths inside it shown as {@link showPath} shows a path:
 * `…/proj/a.md` under the cwd relative, under home `~/…`, so one line never mixes the forms.
 */
export function showPaths(o: Pick<Output, "cwd"> & Partial<Pick<Output, "home">>, text: string): string {
  let shown = o.cwd && o.cwd !== sep ? text.replaceAll(`${o.cwd}${sep}`, "") : text;
  if (o.home && o.home !== sep) {
    shown = shown.replaceAll(`${o.home}${sep}`, `~${sep}`);
    shown = shown.replace(
      new RegExp(`${o.home.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![^\\s"'\`),;:])`, "g"),
      "~",
    );
  }
  return shown;
}

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
export function table(o: Pick<Output, "columns">, rows: Cell[][], options: TableOptions = {}): Line {
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

/**
 * A sentence as the lines it takes: on a terminal, wrapped at spaces to its width (the
 * terminal would break it mid-word); piped, one line.
 */
export function sentenceLines(o: Pick<Output, "columns">, text: string): string[] {
  return o.columns !== undefined ? wrapToWidth(text, o.columns) : [text];
}

/** Padding: a raw part of spaces only. */
function isBlank(part: Part): boolean {
  return "raw" in part && part.raw.trim() === "";
}

/** A table under a dimmed header row, fitted to the terminal (never cut when piped); a list of numbers is `keepEnd`. */
export function headedTable(
  o: Pick<Output, "columns">,
  header: string[],
  rows: Cell[][],
  options: Omit<TableOptions, "header"> | number[] = {},
): Line {
  return table(o, rows, Array.isArray(options) ? { header, keepEnd: options } : { ...options, header });
}

/** A count and its noun, singular or plural: `1 agent`, `63 agents`, `2 diagnostics`. */
export function count(n: number, noun: string, plural = `${noun}s`): string {
  return `${n} ${n === 1 ? noun : plural}`;
}

/** How many names a shortened list shows before "and N more". */
const SHOWN = 5;

/** A long list of names cut for people: `a, b, c, d, e and 231 more`. */
export function shortList(names: readonly string[], shown = SHOWN): string {
  if (names.length === 0) return "none";
  if (names.length <= shown + 1) return names.join(", ");
  return `${names.slice(0, shown).join(", ")} and ${names.length - shown} more`;
}

/** Text on one line: runs of white space (line breaks included) become one space. */
export function oneLine(text: string, max?: number): string {
  // Most descriptions are one line already (single spaces, none at the ends): kept as they
  // are, not copied (the replace took 70 ms of a 9,000-row `list`).
  const flat = NOT_ONE_LINE.test(text) ? text.replace(/\s+/g, " ").trim() : text;
  return max !== undefined && flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/**
 * A description as one line: {@link oneLine}, and each `\n` a file writes for a line break
 * (Claude Code reads it as one, SPEC §15: `description: Use it when…\n\n<example>…`) as a
 * space too.
 */
export function descriptionLine(text: string): string {
  return oneLine(text.includes("\\n") ? text.replaceAll("\\n", " ") : text);
}

/** What {@link oneLine} changes: whitespace other than a space, two spaces, a space at either end. */
const NOT_ONE_LINE = /[^\S ]| {2}|^ | $/;

/**
 * The version of every `--json` output; it changes only when a field changes meaning or goes
 * away. 2: `list --as` and `show --as` give an agent as `list` and `show` do (`name`, `source`,
 * the tool's `id` beside them; `show --as` no longer nests it under `definition`).
 */
export const SCHEMA_VERSION = 2;

/** Prints one JSON value: an object gets `"schemaVersion"` ({@link SCHEMA_VERSION}) first. Exact, never escaped for the terminal. */
export function printJson(o: Pick<Output, "stream">, value: unknown, kept?: Uint8Array[]): void {
  const versioned =
    value !== null && typeof value === "object" && !Array.isArray(value)
      ? { schemaVersion: SCHEMA_VERSION, ...(value as Record<string, unknown>) }
      : value;
  // Streamed in pieces: the same bytes as `JSON.stringify(versioned, null, 2)` and a newline,
  // never one string of the whole listing. `kept` collects the pieces for a caller that stores
  // them, encoded once for both.
  writeJson(versioned, (bytes) => {
    kept?.push(bytes);
    o.stream(bytes);
  });
}

/** An object without its `null` fields (roster's JSON leaves absent values out, never `null`). */
export function omitNulls<T>(value: T): T {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null)) as T;
}
