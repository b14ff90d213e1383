// Short text for people: counts with their noun, cut lists, descriptions on one line.

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
