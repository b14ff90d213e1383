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
  type DiscoveryContext,
  discoverAgents,
  findAgentAgain,
  findAgentAt,
  type ProviderRegistry,
} from "@roster/core";
import type { OutputStore } from "./output-store.js";

const isStrings = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((v) => typeof v === "string");

/** What is stored per name: where the agent was found, and (for `show`) its copies' files. */
interface FoundAtStored {
  at: AgentFoundAt;
  copies?: string[];
}

/** A stored {@link AgentFoundAt} for `name` (with copies when `show` stored it), or undefined for anything else. */
function storedOf(bytes: Buffer, name: string, shown: boolean): FoundAtStored | undefined {
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

/** Options of {@link findStoredAgent}. */
export interface FindStoredAgentOptions {
  registry: ProviderRegistry;
  ctx: DiscoveryContext;
  name: string;
  /** `show`: every family is read for the agent's copies, and a later run checks every family's look. */
  copies: boolean;
  /** Where the agent was found is stored per name, beside the stored listing; none: no cache. */
  store: OutputStore | undefined;
}

/**
 * The agent core's `findAgent` would find for `name` in a whole discovery (and, with `copies`,
 * its copies as `copiesOf` lists them), or undefined when the whole discovery must decide.
 * With a `store`, where it was found is stored per name and tried first next time (core's
 * `findAgentAgain`: a look at each family, by stat). Storing is quiet: it only saves time.
 */
export async function findStoredAgent(options: FindStoredAgentOptions): Promise<FoundAgent | undefined> {
  const { registry, ctx, name, copies: shown, store } = options;
  if (!store) {
    const found = await findAgentAt(registry, ctx, name, { copies: shown });
    return found && { agent: found.agent, copies: found.copies ?? [] };
  }
  const hash = createHash("sha256").update(name).digest("hex");
  // `show` reads every family (its answer holds the copies): its own file per name.
  const output = `${shown ? "shown" : "agent"}-${hash.slice(0, 16)}`;
  const bytes = store.outputs.readOutput(output, hash);
  const stored = bytes && storedOf(bytes, name, shown);
  if (stored) {
    const again = await findAgentAgain(registry, ctx, stored.at);
    if (again) return { agent: again, copies: stored.copies ?? [] };
  }
  const seenAt = Date.now();
  const found = await findAgentAt(registry, ctx, name, { copies: shown });
  if (!found) return undefined;
  const copies = found.copies ?? [];
  if (found.at) {
    const look = { fingerprint: hash, startedAt: seenAt, newestChangeMs: found.at.newestChangeMs };
    store.writeLooked(output, look, [JSON.stringify(shown ? { ...found.at, copies } : found.at)]);
  }
  return { agent: found.agent, copies };
}

/**
 * `run`'s lookups of its agent, each name once, and the whole discovery they fall back to,
 * made at most once: the host's choice, the task tool and a refusal's did-you-mean share it
 * (a name no family defines once cost four passes over every file).
 */
export interface NameLookup {
  /** {@link findStoredAgent}'s agent, asked once per name. */
  agent(name: string): Promise<AgentDefinition | undefined>;
  /** The whole discovery (prompts read on demand, no record per file), made once. */
  whole(): Promise<AgentDiscovery>;
}

/** A {@link NameLookup} over `registry` in `ctx`, through `store` (none: no cache); its memos are its own. */
export function lookUpNames(options: Omit<FindStoredAgentOptions, "name" | "copies">): NameLookup {
  const found = new Map<string, Promise<AgentDefinition | undefined>>();
  let discovery: Promise<AgentDiscovery> | undefined;
  return {
    agent(name) {
      let lookup = found.get(name);
      if (!lookup) {
        lookup = findStoredAgent({ ...options, name, copies: false }).then((f) => f?.agent);
        found.set(name, lookup);
      }
      return lookup;
    },
    whole() {
      discovery ??= discoverAgents(options.registry, options.ctx, { bodies: "on-demand", records: false });
      return discovery;
    },
  };
}
