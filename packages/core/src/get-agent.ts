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
  options: GetAgentOptions = {},
): AgentDefinition | undefined {
  if (Array.isArray(from)) {
    const winners = from as readonly AgentDefinition[];
    if (options.provider === undefined) return getByName({ winners }, name);
    return pickFrom(winners, name, options.provider);
  }
  const { agents, shadowed: lost } = from as Pick<AgentDiscovery, "agents" | "shadowed">;
  const shadowed = options.provider !== undefined || name.includes(":") ? lost.map((s) => s.agent) : [];
  if (options.provider === undefined) return getByName({ winners: agents, shadowed }, name);
  return pickFrom([...agents, ...shadowed], name, options.provider);
}

/** Options of {@link getAgent}. */
export interface GetAgentOptions {
  /**
   * Only a definition from this provider (`codex`): the first of the name it defines, winner
   * or shadowed (SPEC §16, `--provider`). A name it does not define finds nothing.
   */
  provider?: string;
}

/** The first definition of `name` (or scoped id) from `provider`, in precedence order. */
function pickFrom(
  definitions: readonly AgentDefinition[],
  name: string,
  provider: string,
): AgentDefinition | undefined {
  const mine = definitions.filter((a) => a.provider === provider);
  return mine.find((a) => a.name === name) ?? getByName({ winners: [], shadowed: mine }, name);
}
