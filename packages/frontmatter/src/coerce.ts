/** Splits a comma-separated string into trimmed, non-empty items. */
export function parseCSV(value: string): string[] {
  // One pass and one array (discovery splits a tool and a model list per agent): the items
  // of `value.split(",").map((s) => s.trim()).filter((s) => s.length > 0)`.
  if (!value.includes(",")) {
    // One item (a model, a single tool): an array of exactly one, not one grown by `push`.
    const item = value.trim();
    return item.length > 0 ? [item] : [];
  }
  const items: string[] = [];
  let start = 0;
  for (;;) {
    const comma = value.indexOf(",", start);
    const item = (comma === -1 ? value.slice(start) : value.slice(start, comma)).trim();
    if (item.length > 0) items.push(item);
    if (comma === -1) return items;
    start = comma + 1;
  }
}

/**
 * An array gives its string items (trimmed, non-empty); a string is read as CSV.
 * An empty result, or any other type, gives `undefined`.
 */
export function parseArrayOrCSV(value: unknown): string[] | undefined {
  let items: string[] | undefined;
  if (Array.isArray(value)) {
    items = [];
    for (const item of value) {
      if (typeof item !== "string") continue;
      const trimmed = item.trim();
      if (trimmed.length > 0) items.push(trimmed);
    }
  } else if (typeof value === "string") {
    items = parseCSV(value);
  }
  return items && items.length > 0 ? items : undefined;
}

/**
 * Splits a tool list: an array gives its trimmed string items; a string is split on
 * commas outside parentheses, so `Read, Agent(a, b)` is two tools.
 */
export function splitToolList(value: unknown): string[] | undefined {
  if (typeof value !== "string") return parseArrayOrCSV(value);
  // Without parentheses every comma splits: plain CSV.
  if (!value.includes("(")) return parseArrayOrCSV(value);
  const items: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c === 0x28) depth += 1;
    else if (c === 0x29) depth = Math.max(0, depth - 1);
    else if (c === 0x2c && depth === 0) {
      items.push(value.slice(start, i));
      start = i + 1;
    }
  }
  items.push(value.slice(start));
  const trimmed = items.map((item) => item.trim()).filter((item) => item.length > 0);
  return trimmed.length > 0 ? trimmed : undefined;
}

/** `true`/`false`, also as case-insensitive strings; anything else is `undefined`. */
export function parseBoolean(value: unknown): boolean | undefined {
  if (typeof value === "boolean") return value;
  if (typeof value === "string") {
    const text = value.trim().toLowerCase();
    if (text === "true") return true;
    if (text === "false") return false;
  }
  return undefined;
}
