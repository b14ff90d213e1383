import {
  AGENT_KEYS,
  type Diagnostic,
  type FileFormat,
  type FormatResult,
  type SourceFile,
} from "@roster/core";
import { readTomlFile } from "@roster/toml";
import { CodexTomlError } from "./errors.js";

/** Roster fields a TOML agent may also carry; they pass through unchanged. */
const PASS_THROUGH = ["tools", "spawns", "blocking", "output"] as const;

/** Codex's reasoning efforts that are spelled differently from roster's thinking levels. */
const EFFORT_ALIASES: Record<string, string> = { none: "off" };

function thinkingLevelOf(effort: unknown): unknown {
  if (typeof effort !== "string") return effort;
  const trimmed = effort.trim();
  return EFFORT_ALIASES[trimmed] ?? trimmed;
}

/**
 * Maps a parsed Codex custom-agent table onto roster's fields: `name`, `description`,
 * `model`, `model_reasoning_effort` → `thinkingLevel`, `developer_instructions` → body.
 */
function mapAgent(data: Record<string, unknown>, filePath: string): FormatResult {
  const diagnostics: Diagnostic[] = [];
  const frontmatter: Record<string, unknown> = {};
  if (data.name !== undefined) frontmatter.name = data.name;
  if (data.description !== undefined) frontmatter.description = data.description;
  if (data.model !== undefined) frontmatter.model = data.model;
  if (data.model_reasoning_effort !== undefined) {
    // Unknown efforts reach parseAgentFields, which reports them as unknown thinking levels.
    frontmatter.thinkingLevel = thinkingLevelOf(data.model_reasoning_effort);
  }
  for (const key of PASS_THROUGH) if (data[key] !== undefined) frontmatter[key] = data[key];

  const instructions = data.developer_instructions;
  let body = "";
  if (typeof instructions === "string") body = instructions.replace(/\r\n?/g, "\n").trim();
  else {
    diagnostics.push({
      severity: "warning",
      code: "codex/missing-instructions",
      message:
        instructions === undefined
          ? "developer_instructions is missing; the agent's system prompt is empty"
          : `developer_instructions is not a string (${typeof instructions}); the agent's system prompt is empty`,
      filePath,
    });
  }
  return { kind: "parsed", frontmatter, body, diagnostics };
}

/**
 * A real Codex custom agent (`~/.codex/agents/<name>.toml`): a TOML table with `name`,
 * `description`, `developer_instructions` and optionally `model` and
 * `model_reasoning_effort`. A syntax error is a `codex/toml-error` warning with its
 * line (at level `fatal` a thrown {@link CodexTomlError}): the file is unusable, and that
 * warning is the one diagnostic explaining its skip.
 */
export const codexAgentFormat: FileFormat = {
  id: "codex-toml",
  extensions: [".toml"],
  // The TOML table is mapped onto roster's own fields, so only they can reach doctor.
  knownKeys: { agents: AGENT_KEYS },
  parse(file: SourceFile): FormatResult {
    const read = readTomlFile(file, {
      code: "codex/toml-error",
      what: "Codex agent",
      createError: (message, options) => new CodexTomlError(message, options),
    });
    if (!read.ok) return { kind: "unusable", reason: read.reason };
    return mapAgent(read.data, file.filePath);
  },
};
