// Every unknown name or value roster answers, raised as the CLI's errors; the sentence and its
// did-you-mean are @roster/frontmatter's (unknownNameText, unknownValueText).
import { unknownNameText, unknownText, unknownValueText } from "@roster/frontmatter";
import { FindingError, UsageError } from "./errors.js";
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
  const { message, suggestions } = unknownNameText({ kind, name, names });
  return new FindingError(message, { code: `cli/unknown-${kind}`, suggestions });
}

/** The usage error for a flag value that is not one of `known` (a tool, a provider, a host). */
export function unknownValue(
  kind: string,
  flag: string,
  wanted: string,
  known: readonly string[],
): UsageError {
  return new UsageError(unknownValueText({ kind, flag, wanted, known }));
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

/**
 * Commander's own "unknown" errors in roster's form (`help`: the command whose help lists the
 * choices), or `undefined` for any other error.
 */
export function commanderUnknown(text: string, help: string): string | undefined {
  const flat = text
    .replace(/^error:\s*/i, "")
    .replace(/\s+/g, " ")
    .trim();
  const unknown = /^unknown (command|option) '([^']*)'(?: \(Did you mean (\S+?)\?\))?/.exec(flat);
  if (unknown)
    return unknownText({
      kind: unknown[1]!,
      wanted: unknown[2]!,
      suggestions: unknown[3] ? [unknown[3]] : [],
      all: `${help} lists them`,
    });
  const choice =
    /^command-argument value '([^']*)' is invalid for argument '([^']*)'\. Allowed choices are (.*?)\.?$/.exec(
      flat,
    );
  if (choice)
    return unknownText({ kind: choice[2]!, wanted: choice[1]!, suggestions: [], all: `one of ${choice[3]}` });
  return undefined;
}
