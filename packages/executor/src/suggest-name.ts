/** Edit distance between two strings (insert, delete, substitute). */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
    }
    previous = current;
  }
  return previous[b.length]!;
}

/** The closest of `names` to `wanted` (case-insensitive edit distance), or undefined when none is close. */
export function suggestName(wanted: string, names: readonly string[]): string | undefined {
  const target = wanted.toLowerCase();
  let best: { name: string; score: number } | undefined;
  for (const name of names) {
    const limit = Math.max(1, Math.floor(Math.max(target.length, name.length) / 3));
    // The distance is at least the difference in length: skip the quadratic work when that is already too far.
    if (Math.abs(target.length - name.length) > limit) continue;
    const score = distance(target, name.toLowerCase());
    if (score <= limit && (!best || score < best.score)) best = { name, score };
  }
  return best?.name;
}
