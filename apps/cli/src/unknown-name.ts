// Every unknown name or value roster answers, raised as the CLI's errors; the sentence and its
// did-you-mean are @roster/frontmatter's (unknownNameText, unknownValueText).
import { unknownNameText, unknownValueText } from "@roster/frontmatter";
import { shortList } from "@roster/terminal";
import { FindingError, UsageError } from "./errors.js";

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
