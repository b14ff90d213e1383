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
