/**
 * Freezes `value` and everything reachable from it; returns it. Results handed out are
 * read-only. The property named `except` of `value` itself is not visited: an accessor (a
 * body read on first access) is not read by freezing.
 */
export function deepFreeze<T>(value: T, except?: string): T {
  if (value === null || typeof value !== "object" || Object.isFrozen(value)) return value;
  Object.freeze(value);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) deepFreeze(value[i]);
    return value;
  }
  // Enumerable string keys (for the plain objects results hold: their own), without an
  // array of keys per object.
  for (const key in value) {
    if (key !== except) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}
