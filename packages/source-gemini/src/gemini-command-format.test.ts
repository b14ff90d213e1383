import type { ParsedFile, SourceFile } from "@roster/core";
import { describe, expect, test } from "vitest";
import { GeminiTomlError } from "./errors.js";
import { geminiCommandFormat } from "./gemini-command-format.js";

function parse(f: SourceFile): ParsedFile {
  const result = geminiCommandFormat.parse(f);
  if (result.kind !== "parsed") throw new Error(`unusable: ${result.reason.message}`);
  return result;
}

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
      kind: "parsed",
      frontmatter: { description: "Writes a commit message for the staged changes." },
      body: "Write a Conventional Commit message for this diff:\n!{git diff --staged}\n\nExtra guidance: {{args}}",
      diagnostics: [],
    });
  });

  test("description is optional", () => {
    expect(geminiCommandFormat.parse(file('prompt = "Explain {{args}}"\n'))).toEqual({
      kind: "parsed",
      frontmatter: {},
      body: "Explain {{args}}",
      diagnostics: [],
    });
  });

  test("a missing prompt makes the file unusable, with that one reason", () => {
    const result = geminiCommandFormat.parse(file('description = "no prompt here"\n'));
    expect(result).toEqual({
      kind: "unusable",
      reason: expect.objectContaining({ code: "gemini/missing-prompt", filePath: PATH }),
    });
    if (result.kind === "unusable") expect(result.reason.message).toContain("prompt is missing");
  });

  test("a non-string or blank prompt is the same skip", () => {
    for (const content of ["prompt = 42\n", "prompt = ['a']\n", 'prompt = "   "\n']) {
      expect(geminiCommandFormat.parse(file(content))).toMatchObject({
        kind: "unusable",
        reason: { code: "gemini/missing-prompt" },
      });
    }
  });

  test("a non-string description is dropped with a warning; the command stays usable", () => {
    const parsed = parse(file('description = 7\nprompt = "go"\n'));
    expect(parsed.frontmatter).toEqual({});
    expect(parsed.body).toBe("go");
    expect(parsed.diagnostics.map((d) => [d.severity, d.code])).toEqual([
      ["warning", "gemini/invalid-description"],
    ]);
  });

  test("a syntax error makes the file unusable with one warning naming its line: no second missing-prompt", () => {
    const result = geminiCommandFormat.parse(file('description = "x"\nprompt = """\nnever closed\n'));
    expect(result).toMatchObject({
      kind: "unusable",
      reason: { severity: "warning", code: "gemini/toml-error" },
    });
    if (result.kind === "unusable") expect(result.reason.line).toBeGreaterThan(0);
  });

  test("a syntax error throws GeminiTomlError at level fatal; at level off it is still a skip with its reason", () => {
    expect(() => geminiCommandFormat.parse(file("prompt = ", "fatal"))).toThrow(GeminiTomlError);
    expect(geminiCommandFormat.parse(file("prompt = ", "off"))).toMatchObject({
      kind: "unusable",
      reason: { code: "gemini/toml-error" },
    });
  });

  test("CRLF and a BOM are accepted", () => {
    const parsed = parse(file(`\uFEFF${COMMIT.replace(/\n/g, "\r\n")}`));
    expect(parsed.diagnostics).toEqual([]);
    expect(parsed.body).not.toContain("\r");
  });
});
