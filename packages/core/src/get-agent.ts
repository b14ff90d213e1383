import type { AgentDiscovery } from "./discover-agents.js";
import { getByName } from "./get-by-name.js";
import type { AgentDefinition } from "./types.js";

/**
 * Finds an agent by exact, case-sensitive name; then a plugin agent by its scoped id
 * `<plugin>:<name>`. Given a whole discovery, scoped ids also reach plugin agents that
 * lost their bare name to another definition. A scoped id of an installed plugin is
 * never answered by another agent whose bare name merely contains `:`.
 */
export function getAgent(
  from: readonly AgentDefinition[] | Pick<AgentDiscovery, "agents" | "shadowed">,
  name: string,
): AgentDefinition | undefined {
  if (Array.isArray(from)) return getByName({ winners: from as readonly AgentDefinition[] }, name);
  const discovery = from as Pick<AgentDiscovery, "agents" | "shadowed">;
  return getByName({ winners: discovery.agents, shadowed: discovery.shadowed.map((s) => s.agent) }, name);
}
