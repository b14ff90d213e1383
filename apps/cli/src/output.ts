// How the commands print: the `Output` over the streams (cwd, width, colour) and the printers
// every command shares. Pure text layout (lines, tables, paths, escaping) is @roster/terminal's,
// imported from there.
import { draw, fieldLine, line, noteLine, type Style, Styled, type Text, writeJson } from "@roster/terminal";

/**
 * Prints names one a line, as `--names` does for completion scripts: each name is escaped to
 * exactly one line (a line break or tab in a name is shown as `\x0a`, `\x09`), so a shell
 * reading lines gets one name per line, never a piece of one.
 */
export function printNames(o: Pick<Output, "out">, names: Iterable<string>): void {
  for (const name of names) o.out(line`${name}`);
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

/** Diagnostics as notes on stderr, one line each (@roster/terminal's noteLine): `roster: warning: <file>: <message>`. */
export function printNotes(
  o: Output,
  diagnostics: ReadonlyArray<{ severity: string; message: string; filePath?: string }>,
): void {
  for (const d of diagnostics) o.err(noteLine(o, d));
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
    const shown = fieldLine(key, value, width);
    if (shown) o.out(shown);
  };
}

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
