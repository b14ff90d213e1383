// The one form (`unknownText`, errors.ts) of every unknown name or value roster answers (an agent, a command, a tool for
// --to or --as, a provider, a host): short, the suggestion first, then where to see them all.
//   unknown agent "revewer"; did you mean reviewer? (roster list shows all 63)
//   unknown tool "codx" for --to; did you mean codex? (one of xcsh, claude, codex, …)
import { suggestNames } from "@roster/core";
import { FindingError, UsageError, unknownText } from "./errors.js";
import { shortList } from "./output.js";

/**
 * The finding for a name that is not there: the closest names first, then the command that
 * lists them all; `--json` gets the closest names as `suggestions`.
 */
export function unknownName(
  kind: "agent" | "command" | "skill",
  name: string,
  names: readonly string[],
): FindingError {
  const suggestions = suggestNames(name, names);
  const list = { agent: "roster list", command: "roster commands list", skill: "roster skills list" }[kind];
  const all = names.length === 0 ? `there are none here: ${list}` : `${list} shows all ${names.length}`;
  return new FindingError(unknownText({ kind, wanted: name, suggestions, all }), {
    code: `cli/unknown-${kind}`,
    suggestions,
  });
}

/** The usage error for a flag value that is not one of `known` (a tool, a provider, a host). */
export function unknownValue(
  kind: string,
  flag: string,
  wanted: string,
  known: readonly string[],
): UsageError {
  return new UsageError(
    unknownText({
      kind,
      flag,
      wanted,
      suggestions: suggestNames(wanted, known),
      all: `one of ${known.join(", ")}`,
    }),
  );
}

/**
 * An executor refusal shortened for a terminal: the lists of names it carries
 * (`Available: …`, `Enabled agents: …`) cut to the first few and a count; an unknown agent
 * reads as every unknown name does. The full text stays in `--json`.
 */
export function shortenRefusal(
  refusal: { code: string; message: string },
  wanted: string,
  names: readonly string[],
): FindingError {
  if (refusal.code === "executor/unknown-agent") {
    const unknown = unknownName("agent", wanted, names);
    return new FindingError(unknown.message, {
      code: refusal.code,
      fullText: refusal.message,
      suggestions: unknown.details.suggestions ?? [],
    });
  }
  const cut = (list: string) => shortList(list.split(", ").filter(Boolean));
  const message = refusal.message
    .replace(/(Available: )([^\n]*)/, (_, head: string, list: string) => head + cut(list))
    .replace(/(Enabled agents: )([^\n]*)/, (_, head: string, list: string) => head + cut(list));
  return new FindingError(message, { code: refusal.code, fullText: refusal.message });
}
