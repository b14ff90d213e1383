import { describe, expect, test } from "vitest";
import { kebabToCamel, normalizeContent, normalizeKeys, stripComments } from "./normalize.js";

describe("normalizeContent", () => {
  test("strips a leading BOM only", () => {
    expect(normalizeContent("\uFEFFa\uFEFFb")).toBe("a\uFEFFb");
  });

  test("CRLF and lone CR both become LF", () => {
    expect(normalizeContent("a\r\nb\rc\n")).toBe("a\nb\nc\n");
  });

  test("HTML comments stay (SPEC §15: every tool keeps them)", () => {
    expect(normalizeContent("a<!-- x -->b\r\n")).toBe("a<!-- x -->b\n");
  });
});

describe("stripComments", () => {
  test("HTML comments are removed, including multi-line ones, non-greedily", () => {
    expect(stripComments("a<!-- x -->b<!--\ny\n-->c -->").text).toBe("abc -->");
  });

  test("maps lines after a removed multi-line comment back to the original file", () => {
    const { text, originalLine } = stripComments("one\n<!-- a\nb\nc -->\ntwo\nthree");
    expect(text).toBe("one\n\ntwo\nthree");
    expect(originalLine(1)).toBe(1);
    expect(originalLine(3)).toBe(5);
    expect(originalLine(4)).toBe(6);
  });
});

describe("kebabToCamel", () => {
  test("turns kebab-case into camelCase and leaves other keys alone", () => {
    expect(kebabToCamel("thinking-level")).toBe("thinkingLevel");
    expect(kebabToCamel("a-b-c")).toBe("aBC");
    expect(kebabToCamel("model")).toBe("model");
    expect(kebabToCamel("snake_case")).toBe("snake_case");
  });
});

describe("normalizeKeys", () => {
  test("recurses into nested mappings and lists", () => {
    expect(normalizeKeys({ "top-key": { "inner-key": [{ "item-key": 1 }] } })).toEqual({
      topKey: { innerKey: [{ itemKey: 1 }] },
    });
  });

  test("leaves the top-level `output` value untouched", () => {
    const output = { properties: { "file-path": { type: "string" } } };
    const result = normalizeKeys({ output }) as { output: unknown };
    expect(result.output).toEqual({ properties: { "file-path": { type: "string" } } });
  });

  test("a `__proto__` key stays an own property and never replaces the prototype", () => {
    const input = JSON.parse('{"__proto__": {"polluted": true}, "name": "a"}') as unknown;
    const result = normalizeKeys(input) as Record<string, unknown>;
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
    expect(result.polluted).toBeUndefined();
    expect(Object.keys(result)).toEqual(["__proto__", "name"]);
  });
});
