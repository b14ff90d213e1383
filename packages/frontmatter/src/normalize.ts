/** Strips a BOM, turns CRLF and lone CR into LF, and removes HTML comments. */
export function normalizeContent(content: string): string {
  let text = content.charCodeAt(0) === 0xfeff ? content.slice(1) : content;
  if (text.includes("\r")) text = text.replace(/\r\n?/g, "\n");
  if (text.includes("<!--")) text = text.replace(/<!--[\s\S]*?-->/g, "");
  return text;
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
  if (Array.isArray(value)) return value.map((item) => normalizeKeys(item, depth + 1));
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    const name = kebabToCamel(key);
    out[name] = depth === 0 && name === "output" ? inner : normalizeKeys(inner, depth + 1);
  }
  return out;
}
