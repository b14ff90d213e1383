import type { SourceFile } from "@roster/core";
import { describe, expect, test } from "vitest";
import { GeminiTomlError } from "./errors.js";
import { geminiCommandFormat } from "./gemini-command-format.js";

const PATH = "/p/.gemini/commands/git/commit.toml";
const file = (content: string, level: SourceFile["level"] = "warn"): SourceFile => ({
  filePath: PATH,
  relativePath: "git/commit.toml",
  content,
  level,
});

// Shaped like a real Gemini CLI command: a multi-line prompt with {{args}} and a shell injection.
const COMMIT = `description = "Writes a commit message for the staged changes."
prompt = """
Write a Conventional Commit message for this diff:
!{git diff --staged}

Extra guidance: {{args}}
"""
`;

describe("geminiCommandFormat.parse", () => {
  test("prompt becomes the body (placeholders left as written), description a field", () => {
    expect(geminiCommandFormat.parse(file(COMMIT))).toEqual({
      frontmatter: { description: "Writes a commit message for the staged changes." },
      body: "Write a Conventional Commit message for this diff:\n!{git diff --staged}\n\nExtra guidance: {{args}}",
      diagnostics: [],
    });
  });

  test("description is optional", () => {
    expect(geminiCommandFormat.parse(file('prompt = "Explain {{args}}"\n'))).toEqual({
      frontmatter: {},
      body: "Explain {{args}}",
      diagnostics: [],
    });
  });

  test("a missing prompt is an error diagnostic, so consumers skip the file", () => {
    const parsed = geminiCommandFormat.parse(file('description = "no prompt here"\n'));
    expect(parsed.diagnostics).toEqual([
      expect.objectContaining({ severity: "error", code: "gemini/missing-prompt", filePath: PATH }),
    ]);
    expect(parsed.diagnostics[0]!.message).toContain("prompt is missing");
  });

  test("a non-string or blank prompt is the same error", () => {
    for (const content of ["prompt = 42\n", "prompt = ['a']\n", 'prompt = "   "\n']) {
      const codes = geminiCommandFormat.parse(file(content)).diagnostics.map((d) => [d.severity, d.code]);
      expect(codes).toEqual([["error", "gemini/missing-prompt"]]);
    }
  });

  test("a non-string description is dropped with a warning; the command stays usable", () => {
    const parsed = geminiCommandFormat.parse(file('description = 7\nprompt = "go"\n'));
    expect(parsed.frontmatter).toEqual({});
    expect(parsed.body).toBe("go");
    expect(parsed.diagnostics.map((d) => [d.severity, d.code])).toEqual([
      ["warning", "gemini/invalid-description"],
    ]);
  });

  test("a syntax error is a warning with its line, then the missing-prompt error", () => {
    const parsed = geminiCommandFormat.parse(file('description = "x"\nprompt = """\nnever closed\n'));
    expect(parsed.diagnostics.map((d) => [d.severity, d.code])).toEqual([
      ["warning", "gemini/toml-error"],
      ["error", "gemini/missing-prompt"],
    ]);
    expect(parsed.diagnostics[0]!.line).toBeGreaterThan(0);
  });

  test("a syntax error throws GeminiTomlError at level fatal; at level off only the skip error remains", () => {
    expect(() => geminiCommandFormat.parse(file("prompt = ", "fatal"))).toThrow(GeminiTomlError);
    expect(geminiCommandFormat.parse(file("prompt = ", "off")).diagnostics.map((d) => d.code)).toEqual([
      "gemini/missing-prompt",
    ]);
  });

  test("CRLF and a BOM are accepted", () => {
    const parsed = geminiCommandFormat.parse(file(`\uFEFF${COMMIT.replace(/\n/g, "\r\n")}`));
    expect(parsed.diagnostics).toEqual([]);
    expect(parsed.body).not.toContain("\r");
  });
});
