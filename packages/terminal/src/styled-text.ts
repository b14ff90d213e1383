// Styled text: roster's own words and escaped data, drawn with or without colour.
import { styleText } from "node:util";
import { escapeTerminal } from "./escape-terminal.js";

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

/** A piece of a {@link Line}: roster's own words (`raw`), data (escaped when drawn), or styled data. */
export type Part = { raw: string } | { data: string } | Styled | Block;

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
 * @example draw(line`${new Styled("bold", name)} resolves to ${file}`, false)
 */
export function line(strings: TemplateStringsArray, ...values: Value[]): Line {
  const parts: Part[] = [];
  strings.forEach((literal, i) => {
    if (literal) parts.push({ raw: literal });
    if (i < values.length) parts.push(...partsOf(values[i]));
  });
  return new Line(parts);
}

/** The parts a value adds to a line. */
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

/** Turns any {@link Text} into what reaches the terminal: escaped, coloured only when `color`. */
export function draw(text: Text, color: boolean): string {
  if (typeof text === "string") return escapeTerminal(text, true);
  if (text instanceof Line) return drawParts(text.parts, color);
  return drawParts([text], color);
}
