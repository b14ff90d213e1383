import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { readTomlFile } from "./read-toml.js";
import { stringifyToml } from "./write-toml.js";

const read = (content: string) => {
  const result = readTomlFile(
    { filePath: "/a.toml", relativePath: "a.toml", content, level: "fatal" },
    { code: "t/error", what: "test" },
  );
  if (!result.ok) throw new Error("not TOML");
  return result.data;
};

describe("stringifyToml", () => {
  test("instructions with quotes, backslashes, newlines and TOML-looking lines survive", () => {
    const data = {
      name: "reviewer",
      description: 'Use when: "review" [now]',
      developer_instructions: 'Line 1\n[agents]\nkey = "value"\n\\path\n"""\nend',
      nickname_candidates: ["rev", "r"],
    };
    expect(read(stringifyToml(data))).toEqual(data);
  });

  test("undefined entries are left out and the order is kept", () => {
    expect(stringifyToml({ b: "1", a: undefined, c: 2 })).toBe('b = "1"\nc = 2\n');
  });
});

describe("multi-line strings", () => {
  test('a key named in `multiline` is a """ string, one line per line, before any table, and reads back exactly', () => {
    const data = {
      name: "reviewer",
      developer_instructions: 'You review.\n\n- Say "why" \\ always\n"""\n\tend\r\nlast',
      output: { type: "string" },
    };
    const text = stringifyToml(data, { multiline: ["developer_instructions"] });
    expect(text).toContain('developer_instructions = """\nYou review.\n\n- Say \\"why\\" \\\\ always\n');
    expect(text.indexOf('"""')).toBeLessThan(text.indexOf("[output]"));
    expect(read(text)).toEqual(data);
  });

  test("a single line stays a plain string; other keys are untouched", () => {
    expect(stringifyToml({ a: "one line", b: "x\ny" }, { multiline: ["a"] })).toBe(
      'a = "one line"\nb = "x\\ny"\n',
    );
  });

  test("any text round-trips (property)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 200 }), (s) => {
        const text = `${s}\n${s}`;
        const doc = stringifyToml(
          { developer_instructions: text, after: 1 },
          { multiline: ["developer_instructions"] },
        );
        expect(read(doc)).toEqual({ developer_instructions: text, after: 1 });
      }),
      { numRuns: 300 },
    );
  });
});
