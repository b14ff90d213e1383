import type { Diagnostic, FileFormat, ParsedFrontmatter, SourceFile } from "@roster/core";
import { readTomlFile } from "@roster/toml";
import { CodexTomlError } from "./errors.js";

/** Keys the format turns into other fields; every other key is kept as written. */
const MAPPED = ["developer_instructions", "model_reasoning_effort"] as const;

/** Codex's reasoning efforts that are spelled differently from roster's thinking levels. */
const EFFORT_ALIASES: Record<string, string> = { none: "off" };

function thinkingLevelOf(effort: unknown): unknown {
  if (typeof effort !== "string") return effort;
  const trimmed = effort.trim();
  return EFFORT_ALIASES[trimmed] ?? trimmed;
}

/**
 * Maps a parsed Codex custom-agent table onto roster's fields: `model_reasoning_effort` →
 * `thinkingLevel`, `developer_instructions` → body; every other key (`name`,
 * `description`, `model`, `nickname_candidates`, `sandbox_mode`, …) is kept as written, so
 * what roster does not model lands in `extra`. Codex requires `developer_instructions`: a
 * file without it is unusable (an error diagnostic; discovery skips it).
 */
export function mapCodexAgent(data: Record<string, unknown>, filePath: string): ParsedFrontmatter {
  const diagnostics: Diagnostic[] = [];
  const frontmatter: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (!(MAPPED as readonly string[]).includes(key)) frontmatter[key] = value;
  }
  if (data.model_reasoning_effort !== undefined) {
    // Unknown efforts reach parseAgentFields, which reports them as unknown thinking levels.
    frontmatter.thinkingLevel = thinkingLevelOf(data.model_reasoning_effort);
  }

  const instructions = data.developer_instructions;
  let body = "";
  if (typeof instructions === "string" && instructions.trim() !== "") {
    body = instructions.replace(/\r\n?/g, "\n").trim();
  } else {
    diagnostics.push({
      severity: "error",
      code: "codex/missing-instructions",
      message:
        instructions === undefined
          ? "skipped: developer_instructions is missing; Codex requires it"
          : typeof instructions !== "string"
            ? `skipped: developer_instructions is not a string (${typeof instructions}); Codex requires text`
            : "skipped: developer_instructions is blank; Codex requires text",
      filePath,
    });
  }
  return { frontmatter, body, diagnostics };
}

/**
 * A real Codex custom agent (`~/.codex/agents/<name>.toml`): a TOML table with `name`,
 * `description`, `developer_instructions` (required) and optionally `model`,
 * `model_reasoning_effort`, `nickname_candidates`, `sandbox_mode`, …. A syntax error is a `codex/toml-error` warning with its
 * line (at level `fatal` a thrown {@link CodexTomlError}); the file then has no fields.
 */
export const codexAgentFormat: FileFormat = {
  id: "codex-toml",
  extensions: [".toml"],
  parse(file: SourceFile): ParsedFrontmatter {
    const read = readTomlFile(file, {
      code: "codex/toml-error",
      what: "Codex agent",
      createError: (message, options) => new CodexTomlError(message, options),
    });
    if (!read.ok) return { frontmatter: {}, body: "", diagnostics: read.diagnostics };
    return mapCodexAgent(read.data, file.filePath);
  },
};
