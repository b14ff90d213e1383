/** Splits a comma-separated string into trimmed, non-empty items. */
export function parseCSV(value: string): string[] {
  return value
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
}

/**
 * An array gives its string items (trimmed, non-empty); a string is read as CSV.
 * An empty result, or any other type, gives `undefined`.
 */
export function parseArrayOrCSV(value: unknown): string[] | undefined {
  let items: string[] | undefined;
  if (Array.isArray(value)) {
    items = value
      .filter((item): item is string => typeof item === "string")
      .map((item) => item.trim())
      .filter((item) => item.length > 0);
  } else if (typeof value === "string") {
    items = parseCSV(value);
  }
  return items && items.length > 0 ? items : undefined;
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
