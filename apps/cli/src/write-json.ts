/**
 * Writes one JSON value as `JSON.stringify(value, null, 2)` would, byte for byte, but in
 * pieces: the outer objects and arrays are walked (to `depth` levels), everything deeper is
 * stringified per item. A listing of 10,000 agents is never held as one 5 MB string.
 */

/** Options of {@link writeJson}. */
export interface WriteJsonOptions {
  /** Levels walked piece by piece; deeper values are stringified whole (default 2). */
  depth?: number;
  /** Pieces are gathered up to this many characters before each `sink` call (default 64 Ki). */
  chunkChars?: number;
}

/** A value `JSON.stringify` leaves out of an object (and writes as `null` in an array). */
function omitted(value: unknown): boolean {
  return value === undefined || typeof value === "function" || typeof value === "symbol";
}

function toJsonValue(value: unknown, key: string): unknown {
  const toJSON = (value as { toJSON?: (key: string) => unknown } | null)?.toJSON;
  return typeof toJSON === "function" ? toJSON.call(value, key) : value;
}

/**
 * Writes `value` plus a final newline to `sink`, in chunks; the concatenation equals
 * `JSON.stringify(value, null, 2) + "\n"`.
 *
 * @example writeJson({ agents }, (chunk) => process.stdout.write(chunk));
 */
export function writeJson(
  value: unknown,
  sink: (chunk: string) => void,
  options: WriteJsonOptions = {},
): void {
  const maxDepth = options.depth ?? 2;
  const chunkChars = options.chunkChars ?? 64 * 1024;
  let pending = "";
  const emit = (text: string) => {
    pending += text;
    if (pending.length >= chunkChars) {
      sink(pending);
      pending = "";
    }
  };

  const walk = (input: unknown, key: string, depth: number): void => {
    const value = toJsonValue(input, key);
    const pad = "  ".repeat(depth);
    if (depth >= maxDepth || value === null || typeof value !== "object") {
      const text = JSON.stringify(value, null, 2);
      emit(depth === 0 || !text.includes("\n") ? text : text.replace(/\n/g, `\n${pad}`));
      return;
    }
    const inner = `${pad}  `;
    if (Array.isArray(value)) {
      if (value.length === 0) {
        emit("[]");
        return;
      }
      emit("[");
      for (let i = 0; i < value.length; i++) {
        emit(i === 0 ? `\n${inner}` : `,\n${inner}`);
        const item = value[i];
        if (omitted(toJsonValue(item, String(i)))) emit("null");
        else walk(item, String(i), depth + 1);
      }
      emit(`\n${pad}]`);
      return;
    }
    let first = true;
    for (const name of Object.keys(value)) {
      const item = (value as Record<string, unknown>)[name];
      if (omitted(toJsonValue(item, name))) continue;
      emit(first ? `{\n${inner}` : `,\n${inner}`);
      first = false;
      emit(`${JSON.stringify(name)}: `);
      walk(item, name, depth + 1);
    }
    emit(first ? "{}" : `\n${pad}}`);
  };

  walk(value, "", 0);
  emit("\n");
  if (pending !== "") sink(pending);
}
