/** Code-unit order of two strings (`"B" < "a"`, as `<` compares): the sort every listing uses. */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** True for a plain object (not `null`, not an array): a JSON or TOML table. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
