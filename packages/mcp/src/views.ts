import type { WorkflowCommand } from "@roster/commands";
import { commandScopedId } from "@roster/commands";
import { type AgentDefinition, scopedId, summarizeAgent } from "@roster/core";

/**
 * One agent as `list_agents` gives it: the fields of `roster list --json` (SPEC §8), plus
 * `scopedId` (`<plugin>:<name>`) for plugin agents.
 */
export function agentSummary(agent: AgentDefinition): Record<string, unknown> {
  const scoped = scopedId(agent);
  return { ...summarizeAgent(agent), ...(scoped !== undefined ? { scopedId: scoped } : {}) };
}

/** Filters of `list_agents`. */
export interface AgentQuery {
  /** Case-insensitive text looked for in the name, scoped id and description. */
  query?: string | undefined;
  provider?: string | undefined;
  source?: string | undefined;
}

/** True when `agent` passes every filter given. */
export function matchesQuery(agent: AgentDefinition, filter: AgentQuery): boolean {
  if (filter.provider !== undefined && agent.provider !== filter.provider) return false;
  if (filter.source !== undefined && agent.source !== filter.source) return false;
  const text = filter.query?.trim().toLowerCase();
  if (!text) return true;
  return [agent.name, scopedId(agent) ?? "", agent.description].some((field) =>
    field.toLowerCase().includes(text),
  );
}

/** The definition as `show_agent` gives it: every field, with the scoped id of a plugin agent. */
export function agentDefinition(agent: AgentDefinition): Record<string, unknown> {
  const scoped = scopedId(agent);
  return { ...agent, ...(scoped !== undefined ? { scopedId: scoped } : {}) };
}

/** One command as `list_commands` gives it. */
export function commandSummary(command: WorkflowCommand): Record<string, unknown> {
  const scoped = commandScopedId(command);
  return {
    name: command.name,
    description: command.description,
    source: command.source,
    provider: command.provider,
    filePath: command.filePath,
    ...(command.namespace ? { namespace: command.namespace } : {}),
    ...(command.argumentHint ? { argumentHint: command.argumentHint } : {}),
    ...(scoped !== undefined ? { scopedId: scoped } : {}),
  };
}
