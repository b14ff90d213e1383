import { describe, expect, test } from "vitest";
import { MAX_TOML_DEPTH, readTomlFile, TomlFileError } from "./read-toml.js";

const file = (content: string, level: "off" | "warn" | "fatal" = "warn") => ({
  filePath: "/x/a.toml",
  relativePath: "a.toml",
  content,
  level,
});
const options = { code: "t/toml-error", what: "test file" };

describe("readTomlFile", () => {
  test("parses a table, with BOM and CRLF", () => {
    expect(readTomlFile(file('\uFEFFname = "a"\r\nprompt = """\r\nhi\r\n"""\r\n'), options)).toEqual({
      ok: true,
      data: { name: "a", prompt: "hi\n" },
    });
  });

  test("a syntax error is a warning with its line", () => {
    const result = readTomlFile(file('name = "a"\nbroken = \n'), options);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.reason).toMatchObject({
      severity: "warning",
      code: "t/toml-error",
      line: 2,
      filePath: "/x/a.toml",
    });
    expect(result.reason.message).toMatch(/^skipped: not a valid test file: /);
  });

  test("level off still says why the file is unusable; level fatal throws naming file and line", () => {
    expect(readTomlFile(file("= 1", "off"), options)).toMatchObject({
      ok: false,
      reason: { code: "t/toml-error" },
    });
    expect(() => readTomlFile(file("x = \n", "fatal"), options)).toThrow(TomlFileError);
    expect(() => readTomlFile(file("x = \n", "fatal"), options)).toThrow(/^\/x\/a\.toml:1: /);
  });

  test("deep nesting is refused, prototype keys dropped", () => {
    const deep = `x = ${"[".repeat(200)}${"]".repeat(200)}`;
    expect(readTomlFile(file(deep), options).ok).toBe(false);
    const result = readTomlFile(file('__proto__ = "polluted"\nname = "a"'), options);
    expect(result).toEqual({ ok: true, data: { name: "a" } });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  test("dotted keys and table headers nested past the limit are refused too (10,000 levels: no stack overflow)", () => {
    for (const deep of [`${"a.".repeat(10_000)}b = 1\n`, `[${"a.".repeat(10_000)}b]\nx = 1\n`]) {
      const result = readTomlFile(file(`name = "deep"\n${deep}`), options);
      expect(result.ok).toBe(false);
      if (result.ok) continue;
      expect(result.reason.message).toBe(
        `skipped: not a valid test file: nested deeper than ${MAX_TOML_DEPTH} levels (dotted keys or tables)`,
      );
    }
    // 64 tables below the top one: read; 65: refused.
    const atLimit = `${"a.".repeat(MAX_TOML_DEPTH)}b = 1\n`;
    expect(readTomlFile(file(atLimit), options).ok).toBe(true);
    expect(readTomlFile(file(`a.${atLimit}`), options).ok).toBe(false);
  });
});
