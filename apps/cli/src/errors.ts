/** A mistake in how roster was called: exit code 2. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}

/** What a {@link FindingError} carries besides its message, for `--json`. */
export interface FindingDetails {
  /** A stable code: the executor's refusal code, or `cli/unknown-agent` / `cli/unknown-command`. */
  code?: string;
  /** The closest names, best first, when a name was not found. */
  suggestions?: string[];
  /** The full text (the executor's refusal as it reads it), when the message is shortened. */
  fullText?: string;
  /** The command printed the `--json` answer already. */
  printed?: boolean;
}

/** A finding (unknown agent, refused spawn, doctor errors): exit code 1, message already chosen. */
export class FindingError extends Error {
  override readonly name = "FindingError";
  readonly details: FindingDetails;
  constructor(message: string, details: FindingDetails = {}) {
    super(message);
    this.details = details;
  }
}

/**
 * The one line an error prints: `roster: ` and one sentence. Line breaks in the message
 * become spaces (a refusal's second line), commander's own `error: ` prefix is dropped.
 */
export function errorLine(message: string): string {
  const flat = message
    .replace(/^error:\s*/i, "")
    // Each line trimmed, not split at /\s*\n\s*/, which tries each run of spaces to its end.
    .split("\n")
    .map((part) => part.trim())
    .filter(Boolean)
    .join(" ")
    .trim();
  return `roster: ${flat}`;
}

/** `a`, `a or b`, `a, b or c`. */
function orList(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} or ${names.at(-1)}`;
}

/** What {@link unknownText} says. */
export interface UnknownText {
  /** What was not found: `agent`, `command`, `tool`, `provider`, `host`, `option`. */
  kind: string;
  /** What was typed. */
  wanted: string;
  /** The closest known names, best first (may be empty). */
  suggestions: readonly string[];
  /** Where to see them all: `roster list shows all 63`, `one of a, b, c`. */
  all: string;
  /** The flag the value was given to (`--to`), for a value. */
  flag?: string;
}

/**
 * The one sentence every unknown name or value reads as, the suggestion first:
 * `unknown tool "codx" for --to; did you mean codex? (one of xcsh, claude, codex, …)`.
 */
export function unknownText(u: UnknownText): string {
  const flag = u.flag ? ` for ${u.flag}` : "";
  const hint = u.suggestions.length > 0 ? `; did you mean ${orList(u.suggestions)}?` : "";
  return `unknown ${u.kind} ${JSON.stringify(u.wanted)}${flag}${hint} (${u.all})`;
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
