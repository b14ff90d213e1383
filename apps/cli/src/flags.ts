import { UsageError } from "./errors.js";

/** Bounds of {@link parseInteger}. */
export interface IntegerBounds {
  min?: number;
  max?: number;
}

/**
 * A whole-number flag value, checked: digits only (no `1e3`, no `0x10`), within bounds.
 * A bad value is a usage error naming the flag.
 */
export function parseInteger(
  flag: string,
  value: string | undefined,
  bounds: IntegerBounds = {},
): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (!/^-?\d+$/.test(text)) throw new UsageError(`${flag} takes a whole number, got "${value}".`);
  const n = Number(text);
  const { min, max } = bounds;
  if ((min !== undefined && n < min) || (max !== undefined && n > max) || !Number.isSafeInteger(n)) {
    const range =
      min !== undefined && max !== undefined
        ? `from ${min} to ${max}`
        : min !== undefined
          ? `of at least ${min}`
          : `of at most ${max}`;
    throw new UsageError(`${flag} takes a whole number ${range}, got ${text}.`);
  }
  return n;
}
