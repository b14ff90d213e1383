import { kebabToCamel } from "./normalize.js";

/**
 * The 1-based line of a top-level key in a definition file's text: in the YAML frontmatter
 * of a markdown file (`key:` at the start of a line, before the closing `---`), or in the
 * top-level table of a TOML file (`key =`, before the first `[table]` header). The key may be
 * written quoted, or kebab-case where roster names it in camelCase (`allowed-tools` for
 * `allowedTools`). A key the file does not write gives line 1: the finding is about the
 * frontmatter as a whole.
 */
export function lineOfKey(text: string, key: string): number {
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  const yaml = /^---[ \t]*$/.test(lines[0] ?? "");
  const spellings = new Set([key, kebabToCamel(key), key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)]);
  const alternatives = [...spellings]
    .map((k) => k.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .flatMap((k) => [k, `"${k}"`, `'${k}'`])
    .join("|");
  const keyLine = new RegExp(yaml ? `^(?:${alternatives})[ \\t]*:` : `^[ \\t]*(?:${alternatives})[ \\t]*=`);
  for (let i = yaml ? 1 : 0; i < lines.length; i += 1) {
    const line = lines[i]!;
    if (yaml ? /^---[ \t]*$/.test(line) : /^[ \t]*\[/.test(line)) break;
    if (keyLine.test(line)) return i + 1;
  }
  return 1;
}
