import type { Diagnostic, FileFormat, ParsedFrontmatter, SourceFile } from "@roster/core";
import { readTomlFile } from "@roster/toml";
import { GeminiTomlError } from "./errors.js";

function missingPrompt(filePath: string, why: string): Diagnostic {
  return {
    severity: "error",
    code: "gemini/missing-prompt",
    message: `skipped: ${why}; a Gemini command needs a string "prompt"`,
    filePath,
  };
}

/**
 * A Gemini CLI custom command (`.gemini/commands/**\/*.toml`): a TOML table with a
 * required string `prompt` (the body) and an optional `description`. A missing,
 * non-string or blank prompt is a `gemini/missing-prompt` error, so consumers skip
 * the file; a syntax error is a `gemini/toml-error` warning with its line (at level
 * `fatal` a thrown {@link GeminiTomlError}) followed by that same error.
 */
export const geminiCommandFormat: FileFormat = {
  id: "gemini-toml",
  extensions: [".toml"],
  parse(file: SourceFile): ParsedFrontmatter {
    const { filePath } = file;
    const read = readTomlFile(file, {
      code: "gemini/toml-error",
      what: "Gemini command",
      createError: (message, options) => new GeminiTomlError(message, options),
    });
    if (!read.ok) {
      const diagnostics = [
        ...read.diagnostics,
        missingPrompt(filePath, "no prompt could be read because the file is not valid TOML"),
      ];
      return { frontmatter: {}, body: "", diagnostics };
    }
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
      diagnostics.push(missingPrompt(filePath, why));
      return { frontmatter, body: "", diagnostics };
    }
    const body = prompt.trim();
    if (body === "") diagnostics.push(missingPrompt(filePath, "prompt is empty"));
    return { frontmatter, body, diagnostics };
  },
};
