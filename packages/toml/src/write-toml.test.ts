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
