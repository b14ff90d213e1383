import { isAbsolute, relative } from "node:path";
import { writeJson } from "./write-json.js";

/** How a run prints: colour only on a TTY and never with NO_COLOR or --no-color. */
export interface Output {
  json: boolean;
  color: boolean;
  cwd: string;
  out(text: string): void;
  /** Writes text as it is (no newline added): for output streamed in pieces. */
  write(chunk: string | Uint8Array): void;
  err(text: string): void;
}

const codes = {
  bold: [1, 22],
  dim: [2, 22],
  red: [31, 39],
  yellow: [33, 39],
  green: [32, 39],
  cyan: [36, 39],
} as const;

/** Wraps text in an ANSI style when colour is on. */
export function paint(o: Output, style: keyof typeof codes, text: string): string {
  if (!o.color) return text;
  const [open, close] = codes[style];
  return `\u001b[${open}m${text}\u001b[${close}m`;
}

/** A path relative to the cwd where that is shorter. */
export function showPath(o: Pick<Output, "cwd">, path: string | undefined | null): string {
  if (!path) return "";
  if (!isAbsolute(path)) return path;
  const rel = relative(o.cwd, path);
  return rel.length < path.length ? rel : path;
}

/** Aligns rows into columns; the last column is not padded. */
export function table(rows: string[][], header?: string[]): string {
  const all = header ? [header, ...rows] : rows;
  if (all.length === 0) return "";
  const width = (s: string) => s.replace(/\u001b\[\d+m/g, "").length;
  const widths = all[0]!.map((_, i) => Math.max(...all.map((r) => width(r[i] ?? ""))));
  return all
    .map((r) =>
      r
        .map((cell, i) => (i === r.length - 1 ? cell : cell + " ".repeat(widths[i]! - width(cell))))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

/** A table under a dimmed header row. */
export function headedTable(o: Output, header: string[], rows: string[][]): string {
  return table(
    rows,
    header.map((h) => paint(o, "dim", h)),
  );
}

/** Cuts text to one line of at most `max` characters. */
export function oneLine(text: string, max = 72): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** Prints one JSON value, streamed in pieces (the same bytes as `JSON.stringify(value, null, 2)`). */
export function printJson(o: Output, value: unknown): void {
  writeJson(value, (chunk) => o.write(chunk));
}
