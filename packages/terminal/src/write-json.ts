/**
 * Writes one JSON value as `JSON.stringify(value, null, 2)` would, byte for byte, but in
 * pieces of UTF-8: the outer objects and arrays are walked (to `depth` levels), everything
 * deeper is stringified per item. A listing of 10,000 agents is never held as one 5 MB string.
 */

/** Options of {@link writeJson}. */
export interface WriteJsonOptions {
  /** Levels walked piece by piece; deeper values are stringified whole (default 2). */
  depth?: number;
  /** Small pieces are gathered up to this many characters before each `sink` call (default 64 Ki). */
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
 * Array items stringified per native call. One character over U+00FF makes V8 store a whole
 * batch's text two bytes a character, which is slower to make and to encode as UTF-8. On the
 * bench's 10,000-agent listing, a third of the batches of 64 stay one byte a character (of
 * batches of 256, one in 36), and text plus bytes take about a quarter less time.
 */
const BATCH = 64;

/**
 * The most characters a batch's text should have: V8 gives a longer string (a two-byte one of
 * 64 Ki characters is 128 KiB) a space of its own, which takes fresh pages each time. At 10,000
 * files, `list --as claude --json` (every prompt, 88 MB) spent 330 of its 1,800 ms making such
 * strings whole in batches of 64 files. A batch that comes out longer makes the next one smaller,
 * to about this length; short ones let it grow back to {@link BATCH}.
 */
const BATCH_CHARS = 16 * 1024;

/**
 * Items `from` to `to` of `array` as `JSON.stringify(array, null, 2)` writes them at `depth`,
 * joined by `,` and a newline, without the first line's indentation, as UTF-8: one native call
 * on the items wrapped in `depth` arrays (which indents them to `depth`), encoded whole, the
 * wrappers' bytes left out of the view (they are ASCII: as many bytes as characters).
 * `toJSON` of an item is called as the native call calls it (with its index in the batch).
 */
function stringifyItems(array: readonly unknown[], from: number, to: number, depth: number): Buffer {
  let wrapped: unknown = array.slice(from, to);
  for (let level = 1; level < depth; level++) wrapped = [wrapped];
  const bytes = Buffer.from(JSON.stringify(wrapped, null, 2), "utf8");
  // Each wrapper opens with `[`, a newline and the next level's indentation, and closes with a
  // newline, its own indentation and `]`.
  let head = 0;
  let tail = 0;
  for (let level = 0; level < depth; level++) {
    head += 2 + 2 * (level + 1);
    tail += 2 + 2 * level;
  }
  return bytes.subarray(head, bytes.length - tail);
}

/**
 * Writes `value` plus a final newline to `sink`, in chunks of UTF-8; the concatenation equals
 * `JSON.stringify(value, null, 2) + "\n"`, encoded. Each chunk is the sink's to keep.
 *
 * @example writeJson({ agents }, (chunk) => process.stdout.write(chunk));
 */
export function writeJson(
  value: unknown,
  sink: (chunk: Buffer) => void,
  options: WriteJsonOptions = {},
): void {
  const maxDepth = options.depth ?? 2;
  const chunkChars = options.chunkChars ?? 64 * 1024;
  let pending = "";
  const flush = () => {
    if (pending === "") return;
    sink(Buffer.from(pending, "utf8"));
    pending = "";
  };
  const emit = (text: string) => {
    pending += text;
    if (pending.length >= chunkChars) flush();
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
      if (depth + 1 >= maxDepth) {
        // Items are stringified whole: natively, a batch at a time, already indented.
        let size = BATCH;
        for (let i = 0; i < value.length; ) {
          const to = Math.min(i + size, value.length);
          emit(i === 0 ? `\n${inner}` : `,\n${inner}`);
          // A batch is encoded whole and handed over as it is, never joined to other text.
          flush();
          const bytes = stringifyItems(value, i, to, depth + 1);
          sink(bytes);
          // As many bytes as characters or more: the next batch's length, estimated from this one's.
          const items = to - i;
          size =
            bytes.length > BATCH_CHARS
              ? Math.max(1, Math.floor((items * BATCH_CHARS) / bytes.length))
              : Math.min(BATCH, items * 2);
          i = to;
        }
      } else {
        for (let i = 0; i < value.length; i++) {
          emit(i === 0 ? `\n${inner}` : `,\n${inner}`);
          const item = value[i];
          if (omitted(toJsonValue(item, String(i)))) emit("null");
          else walk(item, String(i), depth + 1);
        }
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
  flush();
}
