import fc from "fast-check";
import { expect, test } from "vitest";
import { createJsonArrayStream } from "./index.js";

/** Streams `items` put in `order`, with `fields` before the array; the text written. */
function streamed(items: unknown[], order: number[], fields?: Record<string, unknown>): string {
  let text = "";
  const stream = createJsonArrayStream({
    key: "items",
    total: items.length,
    // Each write is whole lines; the caller ends the last (`o.raw` adds the newline).
    write: (piece) => {
      text += `${piece}\n`;
    },
    ...(fields ? { fields } : {}),
  });
  for (const i of order) stream.put(i, items[i]);
  stream.end();
  return text;
}

test("the bytes JSON.stringify gives, whatever order the items arrive in, with or without fields", () => {
  const value = fc.jsonValue({ maxDepth: 3 });
  fc.assert(
    fc.property(
      fc
        .array(value, { maxLength: 6 })
        .chain((items) =>
          fc.tuple(
            fc.constant(items),
            fc.shuffledSubarray([...items.keys()], { minLength: items.length }),
            fc.option(fc.dictionary(fc.string(), value, { maxKeys: 3 }), { nil: undefined }),
          ),
        ),
      ([items, order, fields]) => {
        const expected = `${JSON.stringify({ ...fields, items }, null, 2)}\n`;
        expect(streamed(items, order, fields)).toBe(expected);
      },
    ),
    { numRuns: 300 },
  );
});
