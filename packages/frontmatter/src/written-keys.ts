/** A top-level key at the start of a frontmatter line: plain, or quoted. */
const KEY_LINE = /^([^\s#:'"-][^:]*?|-[^\s:][^:]*?|"[^"]*"|'[^']*'):(\s|$)/;
const KEY_QUOTES = /^["']|["']$/g;
const LINE_BREAK = /\r\n?|\n/;

/**
 * The lines of a frontmatter block, after its opening `---` (BOM allowed) up to the first line
 * break followed by `---`; none when the text does not open one. Only the block is split, not
 * the whole text (a body is most of a file).
 */
export function blockLines(content: string): string[] {
  const start = content.charCodeAt(0) === 0xfeff ? 1 : 0;
  if (!content.startsWith("---", start)) return [];
  const fence = /[\r\n]---/g;
  fence.lastIndex = start + 3;
  const end = fence.exec(content)?.index ?? content.length;
  return content.slice(start + 3, end).split(LINE_BREAK);
}

/**
 * Top-level keys as written in a frontmatter block, in order, unquoted (`"color": red` is
 * `color`): the one scanner behind the tool views and skills.
 *
 * @example writtenKeys('---\nname: a\n"color": red\n---\n') // ["name", "color"]
 */
export function writtenKeys(content: string): string[] {
  const keys: string[] = [];
  for (const line of blockLines(content)) {
    // An indented line (a nested value) is never a top-level key: no expression is run on it.
    const first = line.charCodeAt(0);
    if (first === 0x20 || first === 0x09 || Number.isNaN(first)) continue;
    const match = KEY_LINE.exec(line);
    if (match) keys.push(match[1]!.replace(KEY_QUOTES, ""));
  }
  return keys;
}
