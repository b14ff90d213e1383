import type { AgentDiscovery } from "./discover-agents.js";
import type { AgentDefinition } from "./types.js";

/** The scoped id of a plugin definition: `<plugin>:<name>`, or undefined outside plugins. */
export function scopedId(item: { name: string; plugin?: { name: string } }): string | undefined {
  return item.plugin ? `${item.plugin.name}:${item.name}` : undefined;
}

/**
 * Finds an agent by exact, case-sensitive name; then a plugin agent by its scoped id
 * `<plugin>:<name>`. Given a whole discovery, scoped ids also reach plugin agents that
 * lost their bare name to another definition.
 */
export function getAgent(
  from: readonly AgentDefinition[] | Pick<AgentDiscovery, "agents" | "shadowed">,
  name: string,
): AgentDefinition | undefined {
  const agents = Array.isArray(from) ? (from as readonly AgentDefinition[]) : (from as AgentDiscovery).agents;
  const exact = agents.find((agent) => agent.name === name);
  if (exact) return exact;
  if (!name.includes(":")) return undefined;
  const scoped = agents.find((agent) => scopedId(agent) === name);
  if (scoped || Array.isArray(from)) return scoped;
  return (from as AgentDiscovery).shadowed.map((s) => s.agent).find((agent) => scopedId(agent) === name);
}
