// `export NAME`, `run NAME` and `show NAME` without --provider: @roster/index's
// findStoredAgent (where an agent was found, stored per name beside the stored listing and
// checked again by stat) in this app's places, with the cache when this run may use it.
import { type AgentDefinition, type AgentDiscovery, discoverAgents } from "@roster/core";
import { type FoundAgent, findStoredAgent as findInStore } from "@roster/index";
import type { App } from "../../context.js";
import { cacheWanted, openListStore } from "../agents/list-cache.js";

export type { FoundAgent };

const findStored = (app: App, name: string, copies: boolean): Promise<FoundAgent | undefined> =>
  findInStore({
    registry: app.registry,
    ctx: app.ctx,
    name,
    copies,
    store: cacheWanted(app) ? openListStore(app).store : undefined,
  });

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
