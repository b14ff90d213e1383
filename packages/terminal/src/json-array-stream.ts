// An array of JSON values printed one at a time, in index order: the bytes JSON.stringify gives.

/** What {@link createJsonArrayStream} answers: `put` each item by index, then `end`. */
export interface JsonArrayStream {
  put(index: number, value: unknown): void;
  end(): void;
  readonly started: boolean;
}

/**
 * Writes `{ …fields, "<key>": [ … ] }` one item at a time, in index order, exactly as
 * `JSON.stringify({ ...fields, [key]: items }, null, 2)` would, holding only the items that
 * arrive ahead of an earlier one. Nothing is printed before the first item is ready, so a caller
 * that ends up with no items (a refusal) can still print something else.
 */
export function createJsonArrayStream(options: {
  key: string;
  total: number;
  /** Writes whole lines, without their last line break (the caller adds it, as `o.raw` does). */
  write: (text: string) => void;
  /** Fields written before the array, in order. */
  fields?: Record<string, unknown>;
}): JsonArrayStream {
  const { key, total, write } = options;
  // The object's opening: `{` and the fields, each on its own line as JSON.stringify puts them.
  const head = Object.entries({ ...options.fields })
    .map(([k, v]) => `  ${JSON.stringify(k)}: ${JSON.stringify(v, null, 2).replace(/\n/g, "\n  ")},\n`)
    .join("");
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
          write(`{\n${head}  ${JSON.stringify(key)}: [`);
          started = true;
        }
        const text = waiting.get(next)!;
        waiting.delete(next);
        next++;
        write(next < total ? `${text},` : text);
      }
    },
    end() {
      if (!started) write(`{\n${head}  ${JSON.stringify(key)}: []\n}`);
      else write("  ]\n}");
    },
  };
}
