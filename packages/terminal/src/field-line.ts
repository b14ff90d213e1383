// One `key: value` line of a record (`show`, `show --as`), as people read it.
import { type Line, line, Styled } from "./styled-text.js";

/**
 * One field of a record: the key dimmed and padded to `width`, a list joined with commas (an
 * empty one `(none)`), an object as JSON; `undefined` for an absent value (no line).
 *
 * @example fieldLine("tools", ["Read", "Grep"], 15) // "tools:         Read, Grep"
 */
export function fieldLine(key: string, value: unknown, width: number): Line | undefined {
  if (value === undefined) return undefined;
  // An empty list is said so (`tools: (none)`: a file that allows no tool), not left blank.
  const text = Array.isArray(value)
    ? value.length === 0
      ? "(none)"
      : value.join(", ")
    : typeof value === "object"
      ? JSON.stringify(value)
      : String(value);
  return line`${new Styled("dim", `${key}:`.padEnd(width))}${text}`;
}

/**
 * The lines of a record's fields in order, absent values left out.
 *
 * @example fieldLines([["name", "reviewer"], ["model", undefined]], 15) // one line
 */
export function fieldLines(fields: ReadonlyArray<readonly [string, unknown]>, width: number): Line[] {
  const lines: Line[] = [];
  for (const [key, value] of fields) {
    const shown = fieldLine(key, value, width);
    if (shown) lines.push(shown);
  }
  return lines;
}
