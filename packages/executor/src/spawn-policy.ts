/** A spawn policy: any agent, none, or the listed names. */
export type SpawnPolicy = { kind: "any" } | { kind: "none" } | { kind: "list"; names: string[] };

/** Reads a session's spawns: absent or `"*"` allows any, `""` none, a CSV (or array) only the listed names, trimmed. */
export function parseSpawnPolicy(spawns: string | readonly string[] | undefined): SpawnPolicy {
  if (spawns === undefined) return { kind: "any" };
  const items = typeof spawns === "string" ? spawns.split(",") : [...spawns];
  const names = items.map((s) => s.trim()).filter((s) => s.length > 0);
  if (names.includes("*")) return { kind: "any" };
  if (names.length === 0) return { kind: "none" };
  return { kind: "list", names };
}

/** True when `policy` lets the caller spawn any of `names` (the asked name or the agent's own). */
export function spawnAllowed(policy: SpawnPolicy, names: readonly string[]): boolean {
  if (policy.kind === "any") return true;
  if (policy.kind === "none") return false;
  return names.some((name) => policy.names.includes(name));
}

/** The `Allowed:` part of a spawn refusal. */
export function describeAllowed(policy: SpawnPolicy): string {
  if (policy.kind === "list") return policy.names.join(", ");
  if (policy.kind === "any") return "*";
  return "none (spawns disabled for this agent)";
}
