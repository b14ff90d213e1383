// `export NAME`, `run NAME` and `show NAME` without --provider: the agent core's findAgent
// gives (the first family defining NAME, the places after it unread; for `show`, every
// family, the ones after it only for the agent's copies), found again on a later run from
// where it was found before: a stat-only look at the same families, one by one, then that
// one file read. Anything changed in those families (a file edited, added or removed, a
// place appearing) and the lookup runs anew; what lies after them cannot outrank the agent.
import { createHash } from "node:crypto";
import {
  type AgentDefinition,
  type AgentDiscovery,
  type AgentFoundAt,
  discoverAgents,
  findAgentAgain,
  findAgentAt,
} from "@roster/core";
import type { App } from "./context.js";
import { cacheWanted, openListStore } from "./list-cache.js";

const isStrings = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((v) => typeof v === "string");

/** What is stored per name: where the agent was found, and (for `show`) its copies' files. */
interface Stored {
  at: AgentFoundAt;
  copies?: string[];
}

/** A stored {@link AgentFoundAt} for `name` (with copies when `show` stored it), or undefined for anything else. */
function storedOf(bytes: Buffer, name: string, shown: boolean): Stored | undefined {
  try {
    const data = JSON.parse(bytes.toString("utf8")) as Partial<AgentFoundAt> & { copies?: unknown };
    if (
      data.name === name &&
      typeof data.filePath === "string" &&
      typeof data.newestChangeMs === "number" &&
      isStrings(data.providers) &&
      isStrings(data.looks) &&
      (shown ? typeof data.owner === "number" && isStrings(data.copies) : data.copies === undefined)
    ) {
      const { copies, ...at } = data;
      return shown ? { at: at as AgentFoundAt, copies: copies as string[] } : { at: at as AgentFoundAt };
    }
  } catch {
    // Not ours: looked up anew (and stored over).
  }
  return undefined;
}

/** The agent and, for `show`, the files (or providers) of its copies. */
export interface FoundAgent {
  agent: AgentDefinition;
  copies: string[];
}

async function findStored(app: App, name: string, shown: boolean): Promise<FoundAgent | undefined> {
  if (!cacheWanted(app)) {
    const found = await findAgentAt(app.registry, app.ctx, name, { copies: shown });
    return found && { agent: found.agent, copies: found.copies ?? [] };
  }
  const { store } = openListStore(app);
  const hash = createHash("sha256").update(name).digest("hex");
  // `show` reads every family (its answer holds the copies): its own file per name.
  const output = `${shown ? "shown" : "agent"}-${hash.slice(0, 16)}`;
  // Where it was found is checked again by core (findAgentAgain: a look at each family, by stat).
  const bytes = store.outputs.readOutput(output, hash);
  const stored = bytes && storedOf(bytes, name, shown);
  if (stored) {
    const again = await findAgentAgain(app.registry, app.ctx, stored.at);
    if (again) return { agent: again, copies: stored.copies ?? [] };
  }
  const seenAt = Date.now();
  const found = await findAgentAt(app.registry, app.ctx, name, { copies: shown });
  if (!found) return undefined;
  const copies = found.copies ?? [];
  if (found.at) {
    const look = { fingerprint: hash, startedAt: seenAt, newestChangeMs: found.at.newestChangeMs };
    store.writeLooked(output, look, [JSON.stringify(shown ? { ...found.at, copies } : found.at)]);
  }
  return { agent: found.agent, copies };
}

/**
 * The agent `getAgent` would find for `name` in a whole discovery, or undefined when the
 * whole discovery must decide (core's findAgent). With the cache on, where it was found is
 * stored per name (beside the stored listing, same key) and tried first next time. Storing
 * is quiet: it only saves the next run time.
 */
export async function findStoredAgent(app: App, name: string): Promise<AgentDefinition | undefined> {
  return (await findStored(app, name, false))?.agent;
}

/**
 * {@link findStoredAgent} and the agent's copies, as a whole discovery's `copiesOf` lists
 * them (`show NAME`): every family is read, and a later run checks every family's look.
 */
export function findShownAgent(app: App, name: string): Promise<FoundAgent | undefined> {
  return findStored(app, name, true);
}

/**
 * `run`'s lookups of its agent, each name once, and the whole discovery they fall back to,
 * made at most once: the host's choice, the task tool and a refusal's did-you-mean share it
 * (a name no family defines once cost four passes over every file).
 */
export interface NameLookup {
  /** {@link findStoredAgent}, asked once per name. */
  agent(name: string): Promise<AgentDefinition | undefined>;
  /** The whole discovery (prompts read on demand, no record per file), made once. */
  whole(): Promise<AgentDiscovery>;
}

/** A {@link NameLookup} for `app`'s places. */
export function lookUpNames(app: App): NameLookup {
  const found = new Map<string, Promise<AgentDefinition | undefined>>();
  let discovery: Promise<AgentDiscovery> | undefined;
  return {
    agent(name) {
      let lookup = found.get(name);
      if (!lookup) {
        lookup = findStoredAgent(app, name);
        found.set(name, lookup);
      }
      return lookup;
    },
    whole() {
      discovery ??= discoverAgents(app.registry, app.ctx, { bodies: "on-demand", records: false });
      return discovery;
    },
  };
}
