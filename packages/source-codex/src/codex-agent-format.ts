import {
  AGENT_KEYS,
  type Diagnostic,
  type FileFormat,
  type FormatResult,
  parsedFile,
  type SourceFile,
} from "@roster/core";
import { readTomlFile } from "@roster/toml";
import { CODEX_ROLE_KEYS } from "./codex-keys.js";
import { CodexTomlError } from "./errors.js";

/** Keys the format turns into other fields; every other key is kept as written. */
const MAPPED = ["developer_instructions", "model_reasoning_effort"] as const;

function isMapped(key: string): boolean {
  return (MAPPED as readonly string[]).includes(key);
}

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
 * file without it is unusable (`codex/missing-instructions` is the reason it is skipped).
 */
export function mapCodexAgent(data: Record<string, unknown>, filePath: string): FormatResult {
  const mapped = mapFields(data, filePath);
  if (mapped.kind === "unusable") return mapped;
  const { frontmatter, diagnostics, instructions } = mapped;
  return { kind: "parsed", frontmatter, body: bodyOf(instructions), diagnostics };
}

/** The body `developer_instructions` gives: line breaks made `\n`, trimmed. */
function bodyOf(instructions: string): string {
  return instructions.replace(/\r\n?/g, "\n").trim();
}

/** {@link mapCodexAgent} but for the body: the fields, or why the file is unusable. */
function mapFields(
  data: Record<string, unknown>,
  filePath: string,
):
  | { kind: "unusable"; reason: Diagnostic }
  | {
      kind: "fields";
      frontmatter: Record<string, unknown>;
      diagnostics: Diagnostic[];
      instructions: string;
    } {
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
  if (typeof instructions !== "string" || instructions.trim() === "") {
    const reason: Diagnostic = {
      severity: "error",
      code: "codex/missing-instructions",
      message:
        instructions === undefined
          ? "skipped: developer_instructions is missing; Codex requires it"
          : typeof instructions !== "string"
            ? `skipped: developer_instructions is not a string (${typeof instructions}); Codex requires text`
            : "skipped: developer_instructions is blank; Codex requires text",
      filePath,
    };
    return { kind: "unusable", reason };
  }
  return { kind: "fields", frontmatter, diagnostics, instructions };
}

/**
 * A real Codex custom agent (`~/.codex/agents/<name>.toml`): a TOML table with `name`,
 * `description`, `developer_instructions` (required) and optionally `model`,
 * `model_reasoning_effort`, `nickname_candidates`, `sandbox_mode`, …. A syntax error is a
 * `codex/toml-error` warning with its line (at level `fatal` a thrown {@link CodexTomlError}):
 * the file is unusable, and that warning is the one diagnostic explaining its skip.
 */
export const codexAgentFormat: FileFormat = {
  id: "codex-toml",
  extensions: [".toml"],
  // The table's `name` as written (TOML spells it otherwise only with a `\` escape).
  nameInText: true,
  // roster's own fields, and the keys Codex itself reads (its profile's list) as written.
  knownKeys: {
    agents: [...new Set([...AGENT_KEYS, ...CODEX_ROLE_KEYS.filter((key) => !isMapped(key))])],
  },
  parse(file: SourceFile): FormatResult {
    const read = readTomlFile(file, {
      code: "codex/toml-error",
      what: "Codex agent",
      createError: (message, options) => new CodexTomlError(message, options),
    });
    if (!read.ok) return { kind: "unusable", reason: read.reason };
    if (!file.deferBody) return mapCodexAgent(read.data, file.filePath);
    // Bodies on demand (or none): `developer_instructions` is not made a body now (a pass
    // over the whole text); it is read again from the file when asked for.
    const mapped = mapFields(read.data, file.filePath);
    if (mapped.kind === "unusable") return mapped;
    const { filePath, relativePath, level } = file;
    const body = file.deferBody((bytes) => {
      const content = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf8");
      const again = codexAgentFormat.parse({ filePath, relativePath, content, level });
      return again.kind === "parsed" ? again.body : "";
    });
    return parsedFile(mapped, body);
  },
};
