import type { AgentDefinition } from "@roster/core";
import { READING_CAPABILITIES } from "@roster/family";
import { DEFAULT_SETTINGS } from "./default-settings.js";
import type { EffectiveAgent, TaskSession } from "./types.js";

/** The tools a plan-mode child is limited to: the capabilities that only read (@roster/family's one list). */
export const PLAN_MODE_TOOLS: readonly string[] = READING_CAPABILITIES;

/** The default plan-mode prompt placed before the agent's own prompt. */
export const PLAN_MODE_PROMPT =
  "Plan mode is active. You may read and search, but you must not change anything: do not edit, " +
  "write, move or delete files, and do not run commands with side effects. Investigate and report " +
  "what you found and what you would do.";

/** Options of {@link resolveEffectiveAgent}. */
export interface ResolveEffectiveAgentOptions {
  agent: AgentDefinition;
  session: TaskSession;
  /** The schema chosen by {@link resolveOutputSchema}. */
  outputSchema: unknown;
  /** Overrides {@link PLAN_MODE_PROMPT}. */
  planModePrompt?: string;
}

/** A record's own value for a name: `constructor`, `__proto__` and `toString` are names like any other. */
function ownValue<T>(record: Readonly<Record<string, T>> | undefined, name: string): T | undefined {
  return record !== undefined && record !== null && Object.hasOwn(record, name) ? record[name] : undefined;
}

function toModelList(model: string | readonly string[] | undefined): string[] | undefined {
  if (typeof model !== "string" && !Array.isArray(model)) return undefined;
  const list = (typeof model === "string" ? model.split(",") : [...model])
    .filter((m): m is string => typeof m === "string")
    .map((m) => m.trim())
    .filter((m) => m && m !== "inherit");
  return list.length > 0 ? list : undefined;
}

/** Spawns as the child will see them: `*`, a CSV list, or `""`. */
function spawnsString(spawns: AgentDefinition["spawns"]): string {
  if (spawns === "*") return "*";
  return spawns && spawns.length > 0 ? spawns.join(",") : "";
}

/**
 * Applies SPEC §6 to one agent: plan mode (prefixed prompt, read-only tools, no spawns),
 * the model chain, the chosen output schema and depth gating.
 */
export function resolveEffectiveAgent(options: ResolveEffectiveAgentOptions): EffectiveAgent {
  const { agent, session } = options;
  const settings = session.settings ?? {};
  let systemPrompt = agent.systemPrompt;
  let tools = agent.tools ? [...agent.tools] : undefined;
  let spawns = agent.spawns;

  // 1. Plan mode restricts what the child may do, and the runner receives the restriction.
  if (session.planMode) {
    systemPrompt = `${options.planModePrompt ?? PLAN_MODE_PROMPT}\n\n${agent.systemPrompt}`;
    tools = [...PLAN_MODE_TOOLS];
    spawns = undefined;
  }

  // 2. Model chain.
  const model =
    toModelList(ownValue(settings.agentModelOverrides, agent.name)) ??
    toModelList(agent.model) ??
    toModelList(session.model);

  // 3. Depth gating.
  const maxDepth = settings.maxRecursionDepth ?? DEFAULT_SETTINGS.maxRecursionDepth;
  const childDepth = (session.depth ?? 0) + 1;
  const atMaxDepth = maxDepth >= 0 && childDepth >= maxDepth;
  let childSpawns: string;
  if (atMaxDepth) {
    if (tools) tools = tools.filter((t) => t !== "task");
    childSpawns = "";
  } else {
    if (tools && spawns !== undefined && !tools.includes("task")) tools.push("task");
    childSpawns = spawnsString(spawns);
  }

  return {
    name: agent.name,
    systemPrompt,
    tools: tools ?? null,
    spawns: childSpawns,
    model: model ?? null,
    thinkingLevel: agent.thinkingLevel ?? null,
    outputSchema: options.outputSchema ?? null,
    childDepth,
    atMaxDepth,
  };
}

/** Where the effective output schema came from. */
export type SchemaOrigin = "agent" | "call" | "session";

/**
 * Picks the output schema: the agent's `output` ?? the call's `schema` (JSON text) ??
 * the session's `outputSchema`, and says which one won (`origin`, absent when none).
 * Invalid JSON in a schema string is an error.
 */
export function resolveOutputSchema(
  agent: AgentDefinition,
  callSchema: unknown,
  sessionSchema: unknown,
): { schema: unknown; origin?: SchemaOrigin } | { error: string } {
  const call = parseSchema(callSchema, "The task's schema");
  if ("error" in call) return call;
  const fallback = parseSchema(sessionSchema, "The session's outputSchema");
  if ("error" in fallback) return fallback;
  if (agent.output !== undefined && agent.output !== null) return { schema: agent.output, origin: "agent" };
  if (call.schema !== undefined && call.schema !== null) return { schema: call.schema, origin: "call" };
  if (fallback.schema !== undefined && fallback.schema !== null)
    return { schema: fallback.schema, origin: "session" };
  return { schema: undefined };
}

function parseSchema(value: unknown, what: string): { schema: unknown } | { error: string } {
  if (value === undefined || value === null) return { schema: undefined };
  if (typeof value !== "string") return { schema: value };
  if (value.trim() === "") return { schema: undefined };
  try {
    return { schema: JSON.parse(value) as unknown };
  } catch (error) {
    return {
      error: `${what} is not valid JSON (${(error as Error).message}): pass a JTD schema as a JSON string.`,
    };
  }
}
