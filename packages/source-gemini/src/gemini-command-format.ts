import type { Diagnostic, FileFormat, ParsedFrontmatter, SourceFile } from "@roster/core";
import { parse, TomlError } from "smol-toml";
import { GeminiTomlError } from "./errors.js";

function firstLine(text: string): string {
  return text.split("\n", 1)[0]!.trim();
}

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
    const text = file.content.replace(/^\uFEFF/, "").replace(/\r\n/g, "\n");
    let data: Record<string, unknown>;
    try {
      data = parse(text, { maxDepth: 64, unsafeKeyBehaviour: "drop" }) as Record<string, unknown>;
    } catch (error) {
      const line = error instanceof TomlError ? error.line : undefined;
      const reason = error instanceof Error ? firstLine(error.message) : String(error);
      if (file.level === "fatal") throw new GeminiTomlError(reason, { filePath, line, cause: error });
      const diagnostics: Diagnostic[] = [];
      if (file.level !== "off") {
        const diagnostic: Diagnostic = {
          severity: "warning",
          code: "gemini/toml-error",
          message: `not a valid Gemini command: ${reason}`,
          filePath,
        };
        if (line !== undefined) diagnostic.line = line;
        diagnostics.push(diagnostic);
      }
      diagnostics.push(missingPrompt(filePath, "no prompt could be read because the file is not valid TOML"));
      return { frontmatter: {}, body: "", diagnostics };
    }

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
