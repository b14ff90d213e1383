import type { AgentDefinition, Diagnostic, ParsedFrontmatter } from "@roster/core";
import { agentFromParsed, markdownFormat } from "@roster/core/provider-kit";
import type { BundledCommand } from "./types.js";

/** Thrown when a bundled file is malformed: a packaging bug, never a user's problem. */
export class BundledDefinitionError extends Error {
  override readonly name = "BundledDefinitionError";
  /** The embedded file, e.g. `explore.md`. */
  readonly file: string;
  constructor(file: string, reason: string, options: { cause?: unknown } = {}) {
    super(`${bundledFilePath(file)}: ${reason}`, options);
    this.file = file;
  }
}

/** The `filePath` every bundled definition carries: `embedded:<file>`. */
export function bundledFilePath(file: string): string {
  return `embedded:${file}`;
}

/** Parses one embedded markdown text at level `fatal`; any frontmatter problem throws. */
export function parseBundledFile(file: string, text: string): ParsedFrontmatter {
  try {
    // markdownFormat is core's wrapper of parseFrontmatter from @roster/frontmatter.
    const result = markdownFormat.parse({
      filePath: bundledFilePath(file),
      relativePath: file,
      content: text,
      level: "fatal",
    });
    if (result.kind === "unusable") throw new Error(result.reason.message);
    return result;
  } catch (error) {
    throw new BundledDefinitionError(file, error instanceof Error ? error.message : String(error), {
      cause: error,
    });
  }
}

function describe(diagnostics: readonly Diagnostic[]): string {
  return diagnostics.map((d) => `${d.code}: ${d.message}`).join("; ");
}

/**
 * Parses one bundled agent. `inject` (frontmatter fields) wins over the file's own
 * fields. Throws {@link BundledDefinitionError} when the text is not a clean agent: bad
 * frontmatter, missing name or description, or any field warning.
 *
 * @example parseBundledAgent("explore.md", EMBEDDED_AGENTS["explore.md"])
 */
export function parseBundledAgent(
  file: string,
  text: string,
  inject: Readonly<Record<string, unknown>> = {},
): AgentDefinition {
  const parsed = parseBundledFile(file, text);
  return agentFromBundled(file, { frontmatter: { ...parsed.frontmatter, ...inject }, body: parsed.body });
}

/** Builds a bundled agent from already parsed (and injected) fields; throws like {@link parseBundledAgent}. */
export function agentFromBundled(
  file: string,
  parsed: Pick<ParsedFrontmatter, "frontmatter" | "body">,
): AgentDefinition {
  const { frontmatter } = parsed;
  const diagnostics: Diagnostic[] = [];
  const agent = agentFromParsed(
    { frontmatter, body: parsed.body },
    { source: "bundled", provider: "bundled", filePath: bundledFilePath(file) },
    diagnostics,
  );
  if (!agent || diagnostics.length > 0) throw new BundledDefinitionError(file, describe(diagnostics));
  if (agent.systemPrompt === "")
    throw new BundledDefinitionError(file, "the agent has no system prompt (empty body)");
  return agent;
}

/**
 * Parses one bundled command: name from the file stem, `description` required, the body
 * its instructions. Throws {@link BundledDefinitionError} when malformed.
 */
export function parseBundledCommand(file: string, text: string): BundledCommand {
  return commandFromBundled(file, parseBundledFile(file, text));
}

/** Builds a bundled command from parsed fields; throws like {@link parseBundledCommand}. */
export function commandFromBundled(
  file: string,
  parsed: Pick<ParsedFrontmatter, "frontmatter" | "body">,
): BundledCommand {
  const description = parsed.frontmatter.description;
  if (typeof description !== "string" || description.trim() === "") {
    throw new BundledDefinitionError(file, 'a bundled command needs a non-empty string "description"');
  }
  if (parsed.body === "")
    throw new BundledDefinitionError(file, "the command has no instructions (empty body)");
  return {
    name: file.replace(/\.md$/, ""),
    description,
    instructions: parsed.body,
    source: "bundled",
    filePath: bundledFilePath(file),
    provider: "bundled",
  };
}
