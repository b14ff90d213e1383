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

/** Milliseconds per unit of {@link parseDuration}. */
const DURATION_UNITS: Readonly<Record<string, number>> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/**
 * A duration flag in words: `90s`, `5m`, `1500ms`, `2h`, `1.5s`; a bare number is
 * milliseconds (what the flag always took). The result is a whole number of milliseconds
 * within `[1, max]`; anything else is a usage error naming the flag.
 */
export function parseDuration(flag: string, value: string | undefined, max: number): number | undefined {
  if (value === undefined) return undefined;
  const match = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h)?\s*$/.exec(value);
  const ms = match ? Number(match[1]) * DURATION_UNITS[match[2] ?? "ms"]! : Number.NaN;
  if (!(Number.isSafeInteger(ms) && ms >= 1 && ms <= max)) {
    const days = (max / 86_400_000).toFixed(1);
    throw new UsageError(
      `${flag} takes a duration like 90s, 5m or 1500ms (a bare number is milliseconds), from 1ms to ${days} days, got "${value.replace(/[^\x20-\x7e]/g, "?").slice(0, 40)}".`,
    );
  }
  return ms;
}
