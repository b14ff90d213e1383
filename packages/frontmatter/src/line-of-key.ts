import { kebabToCamel } from "./normalize.js";

/** Where a top-level key is written in a definition file ({@link keyAsWritten}). */
export interface WrittenKey {
  /** Its 1-based line. */
  line: number;
  /** The key as the file spells it, unquoted (`allowed-tools` for roster's `allowedTools`). */
  key: string;
}

/**
 * A top-level key of a definition file's text, as written: in the YAML frontmatter of a
 * markdown file (`key:` at the start of a line, before the closing `---`), or in the
 * top-level table of a TOML file (`key =`, before the first `[table]` header). The key may be
 * written quoted, or kebab-case where roster names it in camelCase (`allowed-tools` for
 * `allowedTools`). Undefined for a key the file does not write.
 *
 * @example keyAsWritten("---\nname: a\nallowed-tools: Read\n---\n", "allowedTools") // { line: 3, key: "allowed-tools" }
 */
export function keyAsWritten(text: string, key: string): WrittenKey | undefined {
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  const yaml = /^---[ \t]*$/.test(lines[0] ?? "");
  const spellings = new Set([key, kebabToCamel(key), key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)]);
  const alternatives = [...spellings]
    .map((k) => k.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .flatMap((k) => [k, `"${k}"`, `'${k}'`])
    .join("|");
  const keyLine = new RegExp(yaml ? `^(${alternatives})[ \\t]*:` : `^[ \\t]*(${alternatives})[ \\t]*=`);
  for (let i = yaml ? 1 : 0; i < lines.length; i += 1) {
    const line = lines[i]!;
    if (yaml ? /^---[ \t]*$/.test(line) : /^[ \t]*\[/.test(line)) break;
    const written = keyLine.exec(line)?.[1];
    if (written !== undefined) return { line: i + 1, key: written.replace(/^(["'])(.*)\1$/, "$2") };
  }
  return undefined;
}

/**
 * The 1-based line of a top-level key in a definition file's text ({@link keyAsWritten}). A key
 * the file does not write gives line 1: the finding is about the frontmatter as a whole.
 */
export function lineOfKey(text: string, key: string): number {
  return keyAsWritten(text, key)?.line ?? 1;
}
