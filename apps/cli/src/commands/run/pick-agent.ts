// `--provider NAME` on show, why, run and export (SPEC §16): that family's definition of a
// name, even when another family's shadows it.
import { type AgentDefinition, type AgentDiscovery, getAgent } from "@roster/core";
import { FindingError } from "../../errors.js";
import { unknownName, unknownValue } from "../../unknown-name.js";

/** A `--provider` value checked against the registry's ids: a usage error with did-you-mean. */
export function checkProvider(ids: readonly string[], provider: string | undefined): void {
  if (provider !== undefined && !ids.includes(provider))
    throw unknownValue("provider", "--provider", provider, ids);
}

/**
 * The agent `show`, `why`, `run` and `export` act on: the merged winner of NAME, or with
 * `provider` that provider's first definition of it (winner or shadowed). Not found: the
 * unknown-agent finding, or, for a provider that does not define NAME, which ones do.
 */
export function pickAgent(
  discovery: Pick<AgentDiscovery, "agents" | "shadowed">,
  name: string,
  provider: string | undefined,
): AgentDefinition {
  const agent = getAgent(discovery, name, provider !== undefined ? { provider } : {});
  if (agent) return agent;
  const names = discovery.agents.map((a) => a.name);
  if (provider === undefined || !getAgent(discovery, name)) throw unknownName("agent", name, names);
  throw new FindingError(
    `${provider} defines no agent ${JSON.stringify(name)}; it comes from ${providersOf(discovery, name).join(", ")} (roster why ${name})`,
    { code: "cli/unknown-agent" },
  );
}

/** The providers that define NAME, in precedence order, each once. */
export function providersOf(discovery: Pick<AgentDiscovery, "agents" | "shadowed">, name: string): string[] {
  const all = [...discovery.agents, ...discovery.shadowed.map((s) => s.agent)];
  return [...new Set(all.filter((a) => a.name === name).map((a) => a.provider))];
}
