import { kebabToCamel, parseFrontmatter, parseFrontmatterHead, readBody } from "@roster/frontmatter";
import { parsedFile } from "./deferred-body.js";
import type { FileFormat, FormatResult, SourceFile } from "./types.js";

/**
 * The frontmatter keys roster itself reads from an agent file (SPEC §3), after key
 * normalisation; `parseAgentFields` keeps every other key in `extra`.
 */
export const AGENT_KEYS: readonly string[] = [
  "name",
  "description",
  "tools",
  "spawns",
  "model",
  "thinkingLevel",
  "thinking",
  "output",
  "blocking",
  "disallowedTools",
  "permissionMode",
  "maxTurns",
  // Set by a format that maps tool names (Copilot aliases): the original spelling.
  "toolsAsWritten",
];

/** Options of {@link defineMarkdownFormat}. */
export interface MarkdownFormatOptions {
  /** Format id; default `"markdown"`. */
  id?: string;
  /**
   * Extra agent keys this family's files may carry (Claude Code's `color`, …), as the tool
   * spells them: kebab-case keys are normalised like the frontmatter (`mcp-servers` →
   * `mcpServers`). {@link AGENT_KEYS} are always known.
   */
  agentKeys?: readonly string[];
  /** Command keys this family's files may carry; commands are not checked when absent. */
  commandKeys?: readonly string[];
}

/**
 * A markdown-with-YAML-frontmatter format that knows a family's own keys, so that
 * `roster doctor` reports only keys that family would not read either.
 *
 * @example defineMarkdownFormat({ id: "claude-markdown", agentKeys: ["color", "hooks"] })
 */
export function defineMarkdownFormat(options: MarkdownFormatOptions = {}): FileFormat {
  const knownKeys: FileFormat["knownKeys"] = {
    agents: [...new Set([...AGENT_KEYS, ...(options.agentKeys ?? []).map(kebabToCamel)])],
    ...(options.commandKeys ? { commands: options.commandKeys } : {}),
  };
  return {
    id: options.id ?? "markdown",
    extensions: [".md"],
    knownKeys,
    parse: parseMarkdown,
  };
}

/**
 * Frontmatter and body of a markdown file. From bytes, only the frontmatter block is decoded;
 * the body is decoded at once, or on first read when the caller defers bodies.
 */
export function parseMarkdown(file: SourceFile): FormatResult {
  const options = { location: file.filePath, level: file.level };
  if (file.bytes === undefined) return { kind: "parsed", ...parseFrontmatter(file.content, options) };
  const bytes = file.bytes;
  const head = parseFrontmatterHead(bytes, options);
  const start = head.bodyStart;
  if (start === undefined) return parsedFile(head, head.body!);
  const body = file.deferBody ? file.deferBody((again) => readBody(again, start)) : readBody(bytes, start);
  return parsedFile(head, body);
}

/** Markdown with YAML frontmatter: the format every location reads unless it says otherwise. */
export const markdownFormat: FileFormat = defineMarkdownFormat();
