import { slugName } from "@roster/family";
import { parseFrontmatter } from "@roster/frontmatter";

/** The fixes `doctor --fix` makes: each the one safe change for its problem. */
export const FIX_CODES = ["fix/quote-value", "fix/slug-name", "fix/description-from-body"] as const;

/** A fix's code. */
export type FixCode = (typeof FIX_CODES)[number];

/** One change made to a file's text. */
export interface TextFix {
  code: FixCode;
  /** The 1-based line of the file it changes (a line added: the line it now has). */
  line: number;
  message: string;
}

/** Options of {@link fixAgentText}. */
export interface FixAgentTextOptions {
  /**
   * The name rule of the tool that reads the file (its profile's `nameProblem`): a name with
   * spaces it refuses, whose slug it takes, is renamed to the slug. Without one, names stay.
   */
  nameProblem?: (name: string) => string | undefined;
  /** The tool, as the name fix's message names it (`Gemini CLI`). */
  toolName?: string;
}

/** The fixed text (the same string when nothing changed) and each change, in line order. */
export interface FixedText {
  text: string;
  fixes: TextFix[];
}

/** A top-level `key: value` line: the key, and the value as written (trailing blanks off). */
const TOP_LEVEL = /^([A-Za-z_][\w.-]*):[ \t]+(\S(?:.*\S)?)[ \t]*$/;
/** How a value starts when it is not a plain scalar (quoted, a flow collection, a block, an anchor, a tag…). */
const NOT_PLAIN = /^["'[{|>&*!%@`#]/;
/** Problems of the parse that a fix is for: the YAML cannot be read. */
const BROKEN = new Set(["frontmatter/yaml-error", "frontmatter/not-a-mapping", "frontmatter/fallback"]);

/** A line of the file: its text without the line end, and the `\r` it had before `\n`. */
interface Line {
  text: string;
  cr: boolean;
}

/** Is the frontmatter of `text` readable YAML (a mapping)? */
function readable(text: string): { ok: true; fields: Record<string, unknown>; body: string } | { ok: false } {
  const parsed = parseFrontmatter(text, { level: "warn" });
  if (parsed.diagnostics.some((d) => BROKEN.has(d.code))) return { ok: false };
  return { ok: true, fields: parsed.frontmatter, body: parsed.body };
}

/** Does the line after `i` carry on line `i`'s value (an indented line, not a comment)? */
function continues(lines: readonly Line[], i: number, close: number): boolean {
  const next = lines[i + 1];
  return i + 1 < close && next !== undefined && /^[ \t]+\S/.test(next.text) && !/^[ \t]+#/.test(next.text);
}

/** A YAML double-quoted scalar of `value` (JSON's string syntax is one). */
function quoted(value: string): string {
  return JSON.stringify(value);
}

/**
 * The fixes of one agent file that have exactly one safe form (pure: text in, text out). In
 * order, each only when the frontmatter block is there (`---` … `---`):
 *
 * 1. `fix/quote-value`: the YAML cannot be read, and quoting every top-level plain value that
 *    holds `: ` (the most common break: `description: Use when: …`) makes it readable. Values
 *    carried on to the next line, holding ` #` (a comment to YAML) or already quoted are left
 *    alone; when quoting does not make the block readable, nothing changes.
 * 2. `fix/slug-name`: a name with spaces the reading tool refuses (`options.nameProblem`)
 *    becomes its slug, when the tool takes that (`Code Reviewer` → `code-reviewer`).
 * 3. `fix/description-from-body`: no `description` (or an empty one): the first line of the
 *    body that has text, a heading's `#` marks off.
 *
 * Line ends (LF or CRLF, line by line) and a byte-order mark are kept; nothing else changes.
 */
export function fixAgentText(text: string, options: FixAgentTextOptions = {}): FixedText {
  const bom = text.startsWith("\uFEFF") ? "\uFEFF" : "";
  const lines: Line[] = (bom ? text.slice(1) : text).split("\n").map((raw) => {
    const cr = raw.endsWith("\r");
    return { text: cr ? raw.slice(0, -1) : raw, cr };
  });
  const join = (all: readonly Line[]) => bom + all.map((l) => (l.cr ? `${l.text}\r` : l.text)).join("\n");
  const fence = (l: Line | undefined) => l !== undefined && /^---[ \t]*$/.test(l.text);
  if (!fence(lines[0])) return { text, fixes: [] };
  const close = lines.findIndex((l, i) => i > 0 && fence(l));
  if (close === -1) return { text, fixes: [] };
  const fixes: TextFix[] = [];
  let work = lines.map((l) => ({ ...l }));

  // 1. Quote `: ` values, only when that is what makes the YAML readable.
  let read = readable(text);
  if (!read.ok) {
    const quotedLines: TextFix[] = [];
    const next = work.map((l) => ({ ...l }));
    for (let i = 1; i < close; i++) {
      const match = TOP_LEVEL.exec(next[i]!.text);
      if (!match) continue;
      const [, key, value] = match as unknown as [string, string, string];
      if (NOT_PLAIN.test(value) || !value.includes(": ") || /\s#/.test(value) || continues(next, i, close))
        continue;
      next[i]!.text = `${key}: ${quoted(value)}`;
      quotedLines.push({
        code: "fix/quote-value",
        line: i + 1,
        message: `quoted the value of ${key}: it holds ": ", which YAML reads as the start of another key`,
      });
    }
    const after = quotedLines.length > 0 ? readable(join(next)) : read;
    if (!after.ok) return { text, fixes: [] };
    work = next;
    read = after;
    fixes.push(...quotedLines);
  }
  if (!read.ok) return { text, fixes: [] };
  const fields = read.fields;
  const lineOf = (key: string) => {
    for (let i = 1; i < close; i++) if (work[i]!.text.startsWith(`${key}:`)) return i;
    return -1;
  };

  // 2. A name with spaces the tool refuses, as its slug.
  const name = fields.name;
  const refused = typeof name === "string" && /\s/.test(name) ? options.nameProblem?.(name) : undefined;
  if (typeof name === "string" && refused) {
    const slug = slugName(name);
    const at = lineOf("name");
    if (slug !== "" && !options.nameProblem?.(slug) && at !== -1 && !continues(work, at, close)) {
      work[at]!.text = `name: ${slug}`;
      fixes.push({
        code: "fix/slug-name",
        line: at + 1,
        message: `name ${JSON.stringify(name)} → ${slug}: ${options.toolName ?? "the tool"} does not take it (it ${refused})`,
      });
    }
  }

  // 3. A missing description, from the body's first line.
  const description = fields.description;
  if (description === undefined || description === null || description === "") {
    const first = read.body
      .split("\n")
      .map((l) => l.replace(/^#{1,6}[ \t]+/, "").trim())
      .find((l) => l !== "");
    const at = lineOf("description");
    if (first !== undefined && (at === -1 || !continues(work, at, close))) {
      const entry = `description: ${quoted(first)}`;
      let line: number;
      if (at !== -1) {
        work[at]!.text = entry;
        line = at + 1;
      } else {
        // After the name (where people look for it), else first in the block.
        const named = lineOf("name");
        const index = named !== -1 && !continues(work, named, close) ? named + 1 : 1;
        work.splice(index, 0, { text: entry, cr: work[index - 1]!.cr });
        line = index + 1;
        // The lines below it moved down one.
        for (const fix of fixes) if (fix.line >= line) fix.line++;
      }
      fixes.push({
        code: "fix/description-from-body",
        line,
        message: "description taken from the first line of the body",
      });
    }
  }
  if (fixes.length === 0) return { text, fixes };
  const fixed = join(work);
  // Whatever was done, the result must read: never a fix that breaks the file.
  return readable(fixed).ok ? { text: fixed, fixes } : { text, fixes: [] };
}
