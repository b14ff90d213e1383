// The legend under a `why` table: what each outcome it shows means.
import { Styled, type Text } from "@roster/terminal";
import { OUTCOME_MEANINGS } from "./explain-agent.js";

/**
 * What each outcome among `outcomes` means, once each, in core's order (winner first), after a
 * blank line; no line when none has a meaning.
 *
 * @example legendLines(["winner", "absent", "winner"]) // ["", winner …, absent …] (dimmed)
 */
export function legendLines(outcomes: readonly string[]): Text[] {
  const present = new Set(outcomes);
  const shown = Object.keys(OUTCOME_MEANINGS).filter((x) => present.has(x)) as Array<
    keyof typeof OUTCOME_MEANINGS
  >;
  if (shown.length === 0) return [];
  const width = Math.max(...shown.map((x) => x.length)) + 2;
  return ["", ...shown.map((x) => new Styled("dim", `${x.padEnd(width)}${OUTCOME_MEANINGS[x]}`))];
}
