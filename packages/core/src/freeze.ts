/** Levels frozen by plain recursion; anything deeper is frozen with a stack of its own. */
const RECURSION_LIMIT = 512;

/**
 * Freezes `value` and everything reachable from it; returns it. Results handed out are
 * read-only. The property named `except` of `value` itself is not visited: an accessor (a
 * body read on first access) is not read by freezing. Any depth: past {@link RECURSION_LIMIT}
 * levels (data a provider did not bound) it walks iteratively, never overflowing the stack.
 */
export function deepFreeze<T>(value: T, except?: string): T {
  return freezeAt(value, 0, except);
}

function freezeAt<T>(value: T, depth: number, except?: string): T {
  if (value === null || typeof value !== "object" || Object.isFrozen(value)) return value;
  if (depth >= RECURSION_LIMIT) return freezeIteratively(value);
  Object.freeze(value);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) freezeAt(value[i], depth + 1);
    return value;
  }
  // Enumerable string keys (for the plain objects results hold: their own), without an
  // array of keys per object.
  for (const key in value) {
    if (key !== except) freezeAt((value as Record<string, unknown>)[key], depth + 1);
  }
  return value;
}

function freezeIteratively<T>(root: T): T {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (value === null || typeof value !== "object" || Object.isFrozen(value)) continue;
    Object.freeze(value);
    if (Array.isArray(value)) for (const item of value) stack.push(item);
    else for (const key in value) stack.push((value as Record<string, unknown>)[key]);
  }
  return root;
}
