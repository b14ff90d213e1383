import { parseArrayOrCSV, parseBoolean, parseFrontmatter, splitToolList } from "@roster/frontmatter";
import { AGENT_KEYS } from "./markdown-format.js";
import { isRecord } from "./plain-values.js";

/** {@link AGENT_KEYS} for lookups (every frontmatter key of every agent is checked). */
const AGENT_KEY_SET: ReadonlySet<string> = new Set(AGENT_KEYS);

import type { AgentDefinition, AgentSource, Diagnostic, ParseLevel, ThinkingLevel } from "./types.js";

/** Every thinking level, in increasing order of effort. */
const THINKING_LEVELS: readonly ThinkingLevel[] = [
  "inherit",
  "off",
  "minimal",
  "low",
  "medium",
  "high",
  "xhigh",
];

/** `Agent(a, b)` / `Task(a, b)` → `{ tool: "agent", targets: ["a", "b"] }`; plain `agent`/`task` → no targets. */
function spawnTool(tool: string): { tool: string; targets?: string[] } | undefined {
  const first = tool.charCodeAt(0) | 0x20; // lower-cased ASCII
  if (first !== 0x61 && first !== 0x74) return undefined; // neither `a…` nor `t…`: no regex
  const match = /^(agent|task)\s*(?:\((.*)\))?$/is.exec(tool);
  if (!match) return undefined;
  const tool_ = match[1]!.toLowerCase();
  if (match[2] === undefined) return { tool: tool_ };
  return { tool: tool_, targets: parseArrayOrCSV(match[2]) ?? [] };
}

/** The fields `parseAgentFields` derives: a definition without source, provider and prompt. */
export type AgentFields = Omit<
  AgentDefinition,
  "source" | "provider" | "systemPrompt" | "filePath" | "plugin"
>;

/** True for a thinking level of SPEC §3. */
function isThinkingLevel(value: unknown): value is ThinkingLevel {
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
        field,
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
  return checkedAgentFields(frontmatter, diagnostics);
}

/** {@link parseAgentFields} of a frontmatter {@link agentFieldsProblem} found nothing wrong with. */
export function checkedAgentFields(
  frontmatter: Record<string, unknown>,
  diagnostics: Diagnostic[],
): AgentFields {
  const fields: AgentFields = {
    name: frontmatter.name as string,
    description: frontmatter.description as string,
  };

  // An object `tools` is a family's own form (opencode's `{ bash: false }`): its family maps it.
  const written = splitToolList(frontmatter.tools);
  let spawnTargets: string[] | undefined;
  let spawnTool_ = false;
  if (written) {
    // Lower-cased, each once, in first-seen order; `submit_result` always.
    const tools: string[] = [];
    for (const tool of written) {
      const spawn = spawnTool(tool);
      const name = spawn ? spawn.tool : tool.toLowerCase();
      if (spawn?.targets) {
        // `Agent(a, b)` limits which agents it may spawn; the tool itself stays.
        spawnTargets ??= [];
        spawnTargets.push(...spawn.targets);
      } else if (spawn) spawnTool_ = true;
      if (!tools.includes(name)) tools.push(name);
    }
    if (!tools.includes("submit_result")) tools.push("submit_result");
    fields.tools = tools;
    // A list its family says was written naming no tool (`tools: []`) stays empty.
    const asWritten = frontmatter.toolsAsWritten;
    if (asWritten === undefined) fields.toolsAsWritten = written;
    else fields.toolsAsWritten = parseArrayOrCSV(asWritten) ?? (Array.isArray(asWritten) ? [] : written);
  }

  const spawns = frontmatter.spawns;
  if (typeof spawns === "string" && spawns.trim() === "*") fields.spawns = "*";
  else {
    const list = parseArrayOrCSV(spawns);
    if (list) fields.spawns = list;
  }
  if (spawns === undefined) {
    // `Agent(a, b)` / `Task(a, b)` in tools name the agents it may spawn; a plain agent
    // or task tool (the backward-compatible form) may spawn anything.
    if (spawnTargets) fields.spawns = [...new Set(spawnTargets)];
    else if (spawnTool_) fields.spawns = "*";
  }

  const disallowed = splitToolList(frontmatter.disallowedTools);
  if (disallowed) fields.disallowedTools = disallowed;
  if (typeof frontmatter.permissionMode === "string" && frontmatter.permissionMode.trim() !== "") {
    fields.permissionMode = frontmatter.permissionMode.trim();
  }
  const turns = frontmatter.maxTurns;
  const turnCount = typeof turns === "string" && /^\d+$/.test(turns.trim()) ? Number(turns) : turns;
  if (typeof turnCount === "number" && Number.isInteger(turnCount) && turnCount > 0) {
    fields.maxTurns = turnCount;
  } else if (turns !== undefined && turns !== null) {
    diagnostics.push({
      severity: "warning",
      code: "agent/bad-max-turns",
      message: `maxTurns ${JSON.stringify(turns)} dropped; expected a positive whole number`,
    });
  }

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

  // Filtered only when it says `inherit`: the list as parsed is kept otherwise (no second array).
  let model = parseArrayOrCSV(frontmatter.model);
  if (model?.includes("inherit")) model = model.filter((m) => m !== "inherit");
  if (model && model.length > 0) fields.model = model;

  const blocking = parseBoolean(frontmatter.blocking);
  if (blocking !== undefined) fields.blocking = blocking;

  let extra: Record<string, unknown> | undefined;
  for (const key in frontmatter) {
    if (!Object.hasOwn(frontmatter, key)) continue;
    const value = frontmatter[key];
    if (AGENT_KEY_SET.has(key) && !(key === "tools" && !written && isRecord(value))) continue;
    extra ??= {};
    extra[key] = value;
  }
  if (extra) fields.extra = extra;

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
