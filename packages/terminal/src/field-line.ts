// One `key: value` line of a record (`show`, `show --as`, `skills show`).
import { type Line, line, Styled } from "./styled-text.js";

/**
 * The line of one field: the key dimmed and padded to `width`, a list joined with commas (an
 * empty one `(none)`), an object as JSON; undefined for an absent value (the line is skipped).
 *
 * @example fieldLine("tools", ["Read", "Grep"], 8) // "tools:  Read, Grep"
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
