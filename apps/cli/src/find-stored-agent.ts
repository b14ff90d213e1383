// `export NAME` and `run NAME` without --provider: the agent core's findAgent gives (the
// first family defining NAME, the places after it unread), found again on a later run from
// where it was found before: a stat-only look at the same families, one by one, then that
// one file read. Anything changed in those families (a file edited, added or removed, a
// place appearing) and the lookup runs anew; what lies after them cannot outrank the agent.
import { createHash } from "node:crypto";
import { type AgentDefinition, type AgentFoundAt, findAgentAgain, findAgentAt, RACY_MS } from "@roster/core";
import type { App } from "./context.js";
import { cacheWanted, openListIndex } from "./list-cache.js";

const isStrings = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((v) => typeof v === "string");

/** A stored {@link AgentFoundAt} for `name`, or undefined for anything else. */
function foundAtOf(bytes: Buffer, name: string): AgentFoundAt | undefined {
  try {
    const at = JSON.parse(bytes.toString("utf8")) as Partial<AgentFoundAt>;
    if (
      at.name === name &&
      typeof at.filePath === "string" &&
      typeof at.newestChangeMs === "number" &&
      isStrings(at.providers) &&
      isStrings(at.looks)
    )
      return at as AgentFoundAt;
  } catch {
    // Not ours: looked up anew (and stored over).
  }
  return undefined;
}

/**
 * The agent `getAgent` would find for `name` in a whole discovery, or undefined when the
 * whole discovery must decide (core's findAgent). With the cache on, where it was found is
 * stored per name (beside the stored listing, same key) and tried first next time. Storing
 * is quiet: it only saves the next run time.
 */
export async function findStoredAgent(app: App, name: string): Promise<AgentDefinition | undefined> {
  if (!cacheWanted(app)) return (await findAgentAt(app.registry, app.ctx, name))?.agent;
  const { index } = openListIndex(app);
  const hash = createHash("sha256").update(name).digest("hex");
  const output = `agent-${hash.slice(0, 16)}`;
  const stored = index.readOutput(output, hash);
  const at = stored && foundAtOf(stored, name);
  if (at) {
    const again = await findAgentAgain(app.registry, app.ctx, at);
    if (again) return again;
  }
  const seenAt = Date.now();
  const found = await findAgentAt(app.registry, app.ctx, name);
  if (found?.at && seenAt - found.at.newestChangeMs > RACY_MS)
    index.writeOutput(output, hash, [JSON.stringify(found.at)]);
  return found?.agent;
}
