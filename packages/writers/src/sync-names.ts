// `roster sync --name AGENT=NEW`: the names asked for, and an agent named that is not here.
import type { AgentDiscovery } from "@roster/core";

/** A `--name` value that cannot be read: the caller's usage error (exit 2). */
export class SyncNameError extends Error {
  override readonly name = "SyncNameError";
}

/**
 * `--name AGENT=NEW` values as agent → name. The last `=` splits (an agent's name may hold
 * one, a name a file is made of never does); each agent once; either side empty is a {@link SyncNameError}.
 */
export function syncNamesOf(values: readonly string[] | undefined): Map<string, string> {
  const names = new Map<string, string>();
  for (const value of values ?? []) {
    const at = value.lastIndexOf("=");
    const agent = at === -1 ? "" : value.slice(0, at);
    const name = at === -1 ? "" : value.slice(at + 1);
    if (agent === "" || name.trim() === "")
      throw new SyncNameError(
        `--name takes AGENT=NEW (as in --name CSharpExpert=csharp-expert), not ${JSON.stringify(value)}`,
      );
    if (names.has(agent) && names.get(agent) !== name)
      throw new SyncNameError(`--name names ${JSON.stringify(agent)} twice`);
    names.set(agent, name);
  }
  return names;
}

/**
 * The first agent `names` renames that the discovery does not hold (by name, or a plugin's
 * `plugin:name`, shadowed copies included), with every id it does hold; undefined when all are here.
 */
export function unknownRenamed(
  discovery: AgentDiscovery,
  names: ReadonlyMap<string, string>,
): { agent: string; ids: string[] } | undefined {
  if (names.size === 0) return undefined;
  const idsOf = (a: (typeof discovery.agents)[number]) =>
    a.plugin ? [a.name, `${a.plugin.name}:${a.name}`] : [a.name];
  const ids = new Set([
    ...discovery.agents.flatMap(idsOf),
    ...discovery.shadowed.flatMap((s) => idsOf(s.agent)),
  ]);
  for (const agent of names.keys()) if (!ids.has(agent)) return { agent, ids: [...ids] };
  return undefined;
}
