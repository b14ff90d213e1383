import { expect, test } from "vitest";
import { createJsonArrayStream } from "./json-stream.js";

function collect(key: string, total: number) {
  const lines: string[] = [];
  const stream = createJsonArrayStream({ key, total, write: (text) => lines.push(`${text}\n`) });
  return { stream, text: () => lines.join(""), writes: () => lines.length };
}

test("prints exactly what JSON.stringify would, in index order, as soon as it can", () => {
  const items = [{ id: "a", data: { n: [1, 2] } }, { id: "b", output: "x\ny" }, { id: "c" }];
  const { stream, text, writes } = collect("results", 3);
  stream.put(1, items[1]);
  expect(writes()).toBe(0);
  stream.put(0, items[0]);
  expect(writes()).toBe(3);
  stream.put(2, items[2]);
  stream.end();
  expect(text()).toBe(`${JSON.stringify({ schemaVersion: 2, results: items }, null, 2)}\n`);
});

test("no items is an empty array", () => {
  const { stream, text } = collect("invocations", 0);
  expect(stream.started).toBe(false);
  stream.end();
  expect(JSON.parse(text())).toEqual({ schemaVersion: 2, invocations: [] });
});

test("fields come after schemaVersion and before the array, as JSON.stringify puts them", () => {
  const lines: string[] = [];
  const stream = createJsonArrayStream({
    key: "invocations",
    total: 1,
    fields: { dryRun: true, note: { a: [1] } },
    write: (t) => lines.push(`${t}\n`),
  });
  stream.put(0, { id: "x" });
  stream.end();
  expect(lines.join("")).toBe(
    `${JSON.stringify({ schemaVersion: 2, dryRun: true, note: { a: [1] }, invocations: [{ id: "x" }] }, null, 2)}\n`,
  );
});
