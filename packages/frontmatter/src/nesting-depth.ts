/** The deepest nesting a data file (TOML, a JSON config) may have: tables or objects below the top one. */
export const MAX_DATA_DEPTH = 64;

/**
 * True when `value` nests objects or arrays more than `max` levels deep (the value itself is
 * level 1). Walks iteratively and stops at the first path past `max`, so a value nested
 * 100,000 levels deep (TOML's dotted keys, a JSON file) is measured without recursion: the
 * readers refuse it before anything recursive (freezing, normalising, printing) sees it.
 */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (item === null || typeof item !== "object") continue;
    if (depth > max) return true;
    const children = Array.isArray(item) ? item : Object.values(item);
    for (const child of children) {
      if (child !== null && typeof child === "object") stack.push([child, depth + 1]);
    }
  }
  return false;
}

/**
 * True when JSON (or JSONC) text opens more than `max` objects or arrays inside each other,
 * counted on the text before any parser sees it (recursive parsers overflow the stack on
 * 20,000 levels). Strings and comments are skipped; the count is exact for valid JSON.
 */
export function jsonNestedDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 0x5c /* \ */) i++;
        else if (d === 0x22) break;
      }
    } else if (c === 0x2f /* / */ && text.charCodeAt(i + 1) === 0x2f) {
      const end = text.indexOf("\n", i);
      i = end === -1 ? text.length : end;
    } else if (c === 0x2f && text.charCodeAt(i + 1) === 0x2a /* * */) {
      const end = text.indexOf("*/", i + 2);
      i = end === -1 ? text.length : end + 1;
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++depth > max) return true;
    } else if ((c === 0x7d /* } */ || c === 0x5d) /* ] */ && depth > 0) depth--;
  }
  return false;
}
