import { suggestNames } from "@roster/core";
import { FindingError } from "./errors.js";

/** How many names a shortened list shows before "and N more". */
const SHOWN = 5;

/** A long list of names cut for people: `a, b, c, d, e and 231 more`. */
export function shortList(names: readonly string[], shown = SHOWN): string {
  if (names.length === 0) return "none";
  if (names.length <= shown + 1) return names.join(", ");
  return `${names.slice(0, shown).join(", ")} and ${names.length - shown} more`;
}

function closest(suggestions: readonly string[]): string {
  return suggestions.length > 0 ? `; closest: ${suggestions.join(", ")}` : "";
}

/**
 * The finding for a name that is not there: the three closest names, the first few of
 * the rest and a count; `--json` gets the closest names as `suggestions`.
 */
export function unknownName(kind: "agent" | "command", name: string, names: readonly string[]): FindingError {
  const suggestions = suggestNames(name, names);
  const list = kind === "agent" ? "roster list" : "roster commands list";
  return new FindingError(
    `Unknown ${kind} "${name}"${closest(suggestions)} (${names.length} available: ${shortList(names)}; ${list} shows them all).`,
    { code: `cli/unknown-${kind}`, suggestions },
  );
}

/**
 * An executor refusal shortened for a terminal: the lists of names it carries
 * (`Available: …`, `Enabled agents: …`) cut to the first few and a count, the closest
 * names added. The full text stays in `--json`.
 */
export function shortenRefusal(
  refusal: { code: string; message: string },
  wanted: string,
  names: readonly string[],
): FindingError {
  const cut = (list: string) => shortList(list.split(", ").filter(Boolean));
  let message = refusal.message
    .replace(/(Available: )([^\n]*)/, (_, head: string, list: string) => head + cut(list))
    .replace(/(Enabled agents: )([^\n]*)/, (_, head: string, list: string) => head + cut(list));
  let suggestions: string[] | undefined;
  if (refusal.code === "executor/unknown-agent") {
    suggestions = suggestNames(wanted, names);
    // The executor's own one-name hint is replaced by the three closest names.
    message = message.replace(/\nDid you mean "[^\n]*"\?/, "");
    if (suggestions.length > 0) message += `. Closest: ${suggestions.join(", ")}`;
  }
  const details = { code: refusal.code, fullText: refusal.message, ...(suggestions ? { suggestions } : {}) };
  return new FindingError(message, details);
}
