import type { Diagnostic } from "@roster/core";

/** The optional fields a command reads from its frontmatter. */
export interface CommandFields {
  description: string;
  argumentHint?: string;
}

/**
 * Reads `description` and `argumentHint` (`argument-hint` before key normalisation).
 * A non-string description becomes `""` with a warning. A YAML list given as the hint
 * (`argument-hint: [message]` parses as one) is written back as `[message]`.
 */
export function readCommandFields(
  frontmatter: Record<string, unknown>,
  filePath: string,
  diagnostics: Diagnostic[],
): CommandFields {
  const fields: CommandFields = { description: "" };
  const description = frontmatter.description;
  if (typeof description === "string") fields.description = description.trim();
  else if (description !== undefined && description !== null) {
    diagnostics.push({
      severity: "warning",
      code: "command/invalid-description",
      message: `"description" should be a string, got ${typeof description}; using an empty description`,
      filePath,
    });
  }
  const hint = frontmatter.argumentHint;
  if (typeof hint === "string") {
    if (hint.trim() !== "") fields.argumentHint = hint.trim();
  } else if (
    Array.isArray(hint) &&
    hint.every((item) => typeof item === "string" || typeof item === "number")
  ) {
    fields.argumentHint = `[${hint.join(", ")}]`;
  } else if (hint !== undefined && hint !== null) {
    diagnostics.push({
      severity: "warning",
      code: "command/invalid-argument-hint",
      message: `"argument-hint" should be a string, got ${typeof hint}; ignored`,
      filePath,
    });
  }
  return fields;
}
