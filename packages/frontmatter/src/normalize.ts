const HTML_COMMENT = /<!--[\s\S]*?-->/g;

/** Text with HTML comments removed, plus a map from its line numbers back to the text before. */
export interface NormalizedText {
  text: string;
  /** The 1-based line of the text before that line `line` of `text` starts on. */
  originalLine(line: number): number;
}

/** CRLF and lone CR both become one LF (line numbers do not change). */
export function normalizeLineEnds(text: string): string {
  return text.includes("\r") ? text.replace(/\r\n?/g, "\n") : text;
}

/**
 * Removes `<!-- … -->` comments (non-greedy, across lines), keeping track of the lines a
 * multi-line one took away. What is done to a frontmatter block only: a body keeps its
 * comments, as every tool does (SPEC §15).
 */
export function stripComments(content: string): NormalizedText {
  let text = content;
  // Offsets (in the output) where a removed comment took newlines with it.
  const removed: Array<{ at: number; lines: number }> = [];
  if (text.includes("<!--")) {
    let out = "";
    let last = 0;
    for (const match of text.matchAll(HTML_COMMENT)) {
      out += text.slice(last, match.index);
      const lines = match[0].split("\n").length - 1;
      if (lines > 0) removed.push({ at: out.length, lines });
      last = match.index + match[0].length;
    }
    text = out + text.slice(last);
  }
  const final = text;
  const originalLine = (line: number): number => {
    if (removed.length === 0) return line;
    // Offset where line `line` starts; comments removed before it shift it down.
    let start = 0;
    for (let n = 1; n < line; n++) {
      const next = final.indexOf("\n", start);
      if (next === -1) break;
      start = next + 1;
    }
    let shift = 0;
    for (const r of removed) if (r.at < start) shift += r.lines;
    return line + shift;
  };
  return { text: final, originalLine };
}

/** Strips a leading BOM and turns CRLF and lone CR into LF; HTML comments stay. */
export function normalizeContent(content: string): string {
  return normalizeLineEnds(content.charCodeAt(0) === 0xfeff ? content.slice(1) : content);
}

/** `thinking-level` → `thinkingLevel`. */
export function kebabToCamel(key: string): string {
  return key.includes("-") ? key.replace(/-+([a-zA-Z0-9])/g, (_, c: string) => c.toUpperCase()) : key;
}

/**
 * Normalises keys from kebab-case to camelCase, recursively, except inside the value of
 * the `output` key (an opaque schema whose property names must survive).
 */
export function normalizeKeys(value: unknown, depth = 0): unknown {
  if (Array.isArray(value)) {
    // A list of plain values (tools, models) has no keys: it is kept as it is.
    if (value.every(isPlain)) return value;
    return value.map((item) => normalizeKeys(item, depth + 1));
  }
  if (value === null || typeof value !== "object") return value;
  if (isFlat(value as Record<string, unknown>)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    const name = kebabToCamel(key);
    setOwn(out, name, depth === 0 && name === "output" ? inner : normalizeKeys(inner, depth + 1));
  }
  return out;
}

const isPlain = (value: unknown) => value === null || typeof value !== "object";

/** True when no key has a `-` and every value is plain or a list of plain values: nothing to normalise. */
function isFlat(record: Record<string, unknown>): boolean {
  for (const key of Object.keys(record)) {
    if (key.includes("-")) return false;
    const inner = record[key];
    if (isPlain(inner)) continue;
    if (!Array.isArray(inner) || !inner.every(isPlain)) return false;
  }
  return true;
}

/** Assigns an own property, even for the key `__proto__` (plain assignment would swap the prototype). */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__") {
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  } else {
    target[key] = value;
  }
}

/**
 * True when a parsed value contains itself (a YAML alias inside its own anchor, like
 * `k: &a [*a]`). Walks iteratively, so depth cannot overflow the stack.
 */
export function containsCycle(value: unknown): boolean {
  if (value === null || typeof value !== "object") return false;
  // Depth-first, tracking the objects on the current path.
  const onPath = new Set<object>();
  const stack: Array<{ node: object; children: unknown[]; next: number }> = [];
  const enter = (node: object) => {
    onPath.add(node);
    stack.push({ node, children: Array.isArray(node) ? node : Object.values(node), next: 0 });
  };
  enter(value);
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    if (top.next >= top.children.length) {
      onPath.delete(top.node);
      stack.pop();
      continue;
    }
    const child = top.children[top.next++];
    if (child === null || typeof child !== "object") continue;
    if (onPath.has(child)) return true;
    enter(child);
  }
  return false;
}
