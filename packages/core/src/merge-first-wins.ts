/**
 * First wins by exact, case-sensitive name; returns winners in order, every loser with its
 * winner, and the winner of each name.
 */
export function mergeFirstWins<T extends { name: string }>(
  items: readonly T[],
): { winners: T[]; shadowed: Array<{ item: T; winner: T }>; winnerOf: ReadonlyMap<string, T> } {
  const seen = new Map<string, T>();
  const winners: T[] = [];
  const shadowed: Array<{ item: T; winner: T }> = [];
  for (const item of items) {
    const winner = seen.get(item.name);
    if (winner) shadowed.push({ item, winner });
    else {
      seen.set(item.name, item);
      winners.push(item);
    }
  }
  return { winners, shadowed, winnerOf: seen };
}
