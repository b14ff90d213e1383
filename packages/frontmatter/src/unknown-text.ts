// The one form of every unknown name or value roster answers (an agent, a command, a tool for
// --to or --as, a provider, a host): short, the suggestion first, then where to
// see them all.
//   unknown agent "revewer"; did you mean reviewer? (roster list shows all 63)
//   unknown tool "codx" for --to; did you mean codex? (one of xcsh, claude, codex, …)
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
