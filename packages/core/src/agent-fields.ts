import { parseArrayOrCSV, parseBoolean, parseFrontmatter } from "@roster/frontmatter";
import type { AgentDefinition, AgentSource, Diagnostic, ParseLevel, ThinkingLevel } from "./types.js";

/** Every thinking level, in increasing order of effort. */
export const THINKING_LEVELS: readonly ThinkingLevel[] = [
  "inherit",
  "off",
  "minimal",
  "low",
  "medium",
  "high",
  "xhigh",
];

/** The fields `parseAgentFields` derives: a definition without source, provider and prompt. */
export type AgentFields = Omit<
  AgentDefinition,
  "source" | "provider" | "systemPrompt" | "filePath" | "plugin"
>;

/** True for a thinking level of SPEC §3. */
export function isThinkingLevel(value: unknown): value is ThinkingLevel {
  return typeof value === "string" && (THINKING_LEVELS as readonly string[]).includes(value);
}

/** Why a frontmatter is not a valid agent, or `undefined` when it is. */
export function agentFieldsProblem(frontmatter: Record<string, unknown>): Diagnostic | undefined {
  for (const field of ["name", "description"] as const) {
    const value = frontmatter[field];
    if (typeof value !== "string" || value.trim() === "") {
      const kind =
        value === undefined
          ? "missing"
          : typeof value !== "string"
            ? `not a string (${typeof value})`
            : "empty";
      return {
        severity: "warning",
        code: `agent/missing-${field}`,
        message: `agent ${field} is ${kind}; "name" and "description" must be non-empty strings`,
      };
    }
  }
  return undefined;
}

/**
 * Derives an agent's fields from normalised frontmatter (SPEC §3), or `null` when
 * `name` or `description` is not a non-empty string. Field problems that do not make
 * the agent invalid (an unknown thinking level) are pushed onto `diagnostics`.
 */
export function parseAgentFields(
  frontmatter: Record<string, unknown>,
  diagnostics: Diagnostic[] = [],
): AgentFields | null {
  if (agentFieldsProblem(frontmatter)) return null;
  const fields: AgentFields = {
    name: frontmatter.name as string,
    description: frontmatter.description as string,
  };

  const tools = parseArrayOrCSV(frontmatter.tools)?.map((tool) => tool.toLowerCase());
  if (tools) {
    if (!tools.includes("submit_result")) tools.push("submit_result");
    fields.tools = tools;
  }

  const spawns = frontmatter.spawns;
  if (typeof spawns === "string" && spawns.trim() === "*") fields.spawns = "*";
  else {
    const list = parseArrayOrCSV(spawns);
    if (list) fields.spawns = list;
  }
  // Backward compatibility: an agent that lists the task tool may spawn anything.
  if (spawns === undefined && tools?.includes("task")) fields.spawns = "*";

  if (frontmatter.output !== undefined) fields.output = frontmatter.output;

  const thinking = frontmatter.thinkingLevel ?? frontmatter.thinking;
  if (thinking !== undefined && thinking !== null) {
    const level = typeof thinking === "string" ? thinking.trim() : thinking;
    if (isThinkingLevel(level)) fields.thinkingLevel = level;
    else {
      diagnostics.push({
        severity: "warning",
        code: "agent/unknown-thinking-level",
        message: `unknown thinking level ${JSON.stringify(thinking)} dropped; expected one of ${THINKING_LEVELS.join(", ")}`,
      });
    }
  }

  const model = parseArrayOrCSV(frontmatter.model)?.filter((m) => m !== "inherit");
  if (model && model.length > 0) fields.model = model;

  const blocking = parseBoolean(frontmatter.blocking);
  if (blocking !== undefined) fields.blocking = blocking;

  return fields;
}

/** Thrown by {@link parseAgent} when a file is not a valid agent; names the file. */
export class AgentParsingError extends Error {
  override readonly name = "AgentParsingError";
  readonly filePath: string;
  constructor(filePath: string, reason: string, options: { cause?: unknown } = {}) {
    super(`${filePath}: ${reason}`, options);
    this.filePath = filePath;
  }
}

/**
 * Parses one markdown agent file (SPEC §3); throws {@link AgentParsingError} when it is
 * not a valid agent. Field warnings go to `diagnostics` when given.
 *
 * @example parseAgent("/p/.claude/agents/a.md", text, "project", "warn")
 */
export function parseAgent(
  filePath: string,
  content: string,
  source: AgentSource,
  level: ParseLevel = "warn",
  extra: { provider?: string; diagnostics?: Diagnostic[] } = {},
): AgentDefinition {
  const parsed = parseFrontmatter(content, { location: filePath, level });
  extra.diagnostics?.push(...parsed.diagnostics);
  const problem = agentFieldsProblem(parsed.frontmatter);
  if (problem) throw new AgentParsingError(filePath, problem.message);
  const fields = parseAgentFields(parsed.frontmatter, extra.diagnostics)!;
  return { ...fields, systemPrompt: parsed.body, source, filePath, provider: extra.provider ?? "unknown" };
}
