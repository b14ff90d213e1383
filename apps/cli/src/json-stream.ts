/**
 * Prints `{ "<key>": [ … ] }` one item at a time, in index order, exactly as
 * `JSON.stringify({ [key]: items }, null, 2)` would, holding only the items that arrive
 * ahead of an earlier one. Nothing is printed before the first item is ready, so a caller
 * that ends up with no items (a refusal) can still print something else.
 */
export function createJsonArrayStream(options: {
  key: string;
  total: number;
  write: (text: string) => void;
}): { put(index: number, value: unknown): void; end(): void; readonly started: boolean } {
  const { key, total, write } = options;
  const waiting = new Map<number, string>();
  let next = 0;
  let started = false;
  const indent = (json: string) => json.replace(/^/gm, "    ");
  return {
    get started() {
      return started;
    },
    put(index, value) {
      // Serialised now, so the caller's object can be dropped while it waits its turn.
      waiting.set(index, indent(JSON.stringify(value, null, 2) ?? "null"));
      while (waiting.has(next)) {
        if (!started) {
          write(`{\n  ${JSON.stringify(key)}: [`);
          started = true;
        }
        const text = waiting.get(next)!;
        waiting.delete(next);
        next++;
        write(next < total ? `${text},` : text);
      }
    },
    end() {
      if (!started) write(`{\n  ${JSON.stringify(key)}: []\n}`);
      else write("  ]\n}");
    },
  };
}
