/**
 * Freezes `value` and everything reachable from it; returns it. Results handed out are
 * read-only. The property named `except` of `value` itself is not visited: an accessor (a
 * body read on first access) is not read by freezing. Any depth: it walks with a stack of
 * its own (data a provider did not bound never overflows the call stack), and enumerable
 * string keys (the plain objects results hold: their own) without an array of keys per object.
 */
export function deepFreeze<T>(value: T, except?: string): T {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const next = stack.pop();
    if (next === null || typeof next !== "object" || Object.isFrozen(next)) continue;
    Object.freeze(next);
    if (Array.isArray(next)) for (const item of next) stack.push(item);
    else
      for (const key in next)
        if (next !== value || key !== except) stack.push((next as Record<string, unknown>)[key]);
  }
  return value;
}
