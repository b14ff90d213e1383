// An unknown name or flag value with its did-you-mean (suggestNames), in the one form of unknownText.
import { suggestNames } from "./suggest-names.js";
import { unknownText } from "./unknown-text.js";

/** An unknown name's sentence and the closest names (see {@link unknownNameText}). */
export interface UnknownAnswer {
  message: string;
  suggestions: string[];
}

/**
 * A name that is not among `names` (an agent, a workflow command, a skill, or a word among a
 * group's commands): the closest names first, then where to see them all (`all`, default: the
 * list command of its kind, `roster list shows all 63`, or that there are none here).
 */
export function unknownNameText(u: {
  kind: string;
  name: string;
  names: readonly string[];
  all?: string;
}): UnknownAnswer {
  const suggestions = suggestNames(u.name, u.names);
  const list = u.kind === "agent" ? "roster list" : `roster ${u.kind}s list`;
  const all =
    u.all ?? (u.names.length === 0 ? `there are none here: ${list}` : `${list} shows all ${u.names.length}`);
  return { message: unknownText({ kind: u.kind, wanted: u.name, suggestions, all }), suggestions };
}

/** A flag value that is not one of `known` (a tool, a provider, a host), with the closest ones. */
export function unknownValueText(u: {
  kind: string;
  flag: string;
  wanted: string;
  known: readonly string[];
}): string {
  return unknownText({
    kind: u.kind,
    flag: u.flag,
    wanted: u.wanted,
    suggestions: suggestNames(u.wanted, u.known),
    all: `one of ${u.known.join(", ")}`,
  });
}
