import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { writeJson } from "./index.js";

const written = (value: unknown, depth?: number, chunkChars?: number) => {
  const chunks: Buffer[] = [];
  writeJson(value, (chunk) => chunks.push(chunk), { depth, chunkChars });
  return { length: chunks.length, join: () => Buffer.concat(chunks).toString("utf8") };
};

describe("writeJson", () => {
  test("a listing-shaped value comes out as JSON.stringify(value, null, 2), in chunks", () => {
    const agents = Array.from({ length: 500 }, (_, i) => ({
      name: `agent-${i}`,
      description: `Line one\nline "two" é ${i}`,
      tools: i % 2 ? ["Read", "Grep"] : [],
      plugin: i % 3 ? undefined : { name: "p", marketplace: "m" },
      blocking: i % 5 === 0,
    }));
    const value = { agents, shadowed: [], diagnostics: [{ code: "x", line: 3 }], projectAgentsDir: null };
    const chunks = written(value, 2, 4096);
    // Items are stringified 64 at a time: never one string of the whole listing.
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.join()).toBe(`${JSON.stringify(value, null, 2)}\n`);
  });

  test("items with long texts (prompts) come in batches of bounded length, the same JSON", () => {
    // 300 files of 5,000 characters each, one over U+00FF: 64 of them would be one 320 KB text.
    const files = Array.from({ length: 300 }, (_, i) => ({
      id: `a${i}`,
      prompt: `${"word ".repeat(1000)}— ${i}`,
    }));
    const value = { tool: "t", files, agents: files.slice(0, 3) };
    const sizes: number[] = [];
    const chunks: Buffer[] = [];
    writeJson(value, (chunk) => {
      sizes.push(chunk.length);
      chunks.push(chunk);
    });
    expect(Buffer.concat(chunks).toString("utf8")).toBe(`${JSON.stringify(value, null, 2)}\n`);
    // After the first batch, each batch is sized from the one before it: about 16 K characters.
    expect(Math.max(...sizes.slice(2))).toBeLessThan(40_000);
  });

  test("equals JSON.stringify on any JSON-like value, at any walking depth (property)", () => {
    const tricky = fc.oneof(
      fc.jsonValue(),
      fc.constantFrom(undefined, () => 1, Symbol("s"), { toJSON: () => "custom" }, new Date(0), [undefined]),
    );
    const value = fc.oneof(
      fc.jsonValue(),
      fc.dictionary(fc.string(), fc.oneof(tricky, fc.array(tricky), fc.dictionary(fc.string(), tricky))),
      fc.array(fc.oneof(tricky, fc.dictionary(fc.string(), tricky))),
    );
    fc.assert(
      fc.property(
        value,
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: 1, max: 64 }),
        (v, depth, size) => {
          expect(written(v, depth, size).join()).toBe(`${JSON.stringify(v, null, 2)}\n`);
        },
      ),
      { seed: 20261202, numRuns: 3_000 },
    );
  });
});
