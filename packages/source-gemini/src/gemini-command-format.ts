import type { Diagnostic, FileFormat, FormatResult, SourceFile } from "@roster/core";
import { readTomlFile } from "@roster/toml";
import { GeminiTomlError } from "./errors.js";

function missingPrompt(filePath: string, why: string): Diagnostic {
  return {
    severity: "warning",
    code: "gemini/missing-prompt",
    message: `skipped: ${why}; a Gemini command needs a string "prompt"`,
    filePath,
  };
}

/**
 * A Gemini CLI custom command (`.gemini/commands/**\/*.toml`): a TOML table with a
 * required string `prompt` (the body) and an optional `description`. A missing,
 * non-string or blank prompt makes the file unusable (`gemini/missing-prompt`); so does
 * a syntax error (`gemini/toml-error` with its line; at level `fatal` a thrown
 * {@link GeminiTomlError}). Either way that one diagnostic explains the skip.
 */
export const geminiCommandFormat: FileFormat = {
  id: "gemini-toml",
  extensions: [".toml"],
  parse(file: SourceFile): FormatResult {
    const { filePath } = file;
    const read = readTomlFile(file, {
      code: "gemini/toml-error",
      what: "Gemini command",
      createError: (message, options) => new GeminiTomlError(message, options),
    });
    if (!read.ok) return { kind: "unusable", reason: read.reason };
    const data = read.data;

    const diagnostics: Diagnostic[] = [];
    const frontmatter: Record<string, unknown> = {};
    const { description, prompt } = data;
    if (typeof description === "string") frontmatter.description = description;
    else if (description !== undefined) {
      diagnostics.push({
        severity: "warning",
        code: "gemini/invalid-description",
        message: `description is not a string (${typeof description}): dropped`,
        filePath,
      });
    }
    if (typeof prompt !== "string") {
      const why = prompt === undefined ? "prompt is missing" : `prompt is not a string (${typeof prompt})`;
      return { kind: "unusable", reason: missingPrompt(filePath, why) };
    }
    const body = prompt.trim();
    if (body === "") return { kind: "unusable", reason: missingPrompt(filePath, "prompt is empty") };
    return { kind: "parsed", frontmatter, body, diagnostics };
  },
};
