import type { AgentDefinition } from "@roster/core";

/**
 * One agent as `roster list --json` gives it (SPEC §8): identity, origin and the optional
 * fields that are set, with `hasOutputSchema` in place of the schema itself.
 */
export function summarizeAgent(agent: AgentDefinition): Record<string, unknown> {
  const view: Record<string, unknown> = {
    name: agent.name,
    description: agent.description,
    source: agent.source,
    provider: agent.provider,
    filePath: agent.filePath,
  };
  if (agent.tools) view.tools = agent.tools;
  if (agent.spawns) view.spawns = agent.spawns;
  if (agent.model) view.model = agent.model;
  if (agent.thinkingLevel) view.thinkingLevel = agent.thinkingLevel;
  if (agent.blocking !== undefined) view.blocking = agent.blocking;
  view.hasOutputSchema = agent.output !== undefined;
  if (agent.plugin) view.plugin = agent.plugin;
  return view;
}
