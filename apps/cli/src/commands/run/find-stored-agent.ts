// `export NAME`, `run NAME` and `show NAME` without --provider: @roster/index's
// findStoredAgent (where an agent was found, stored per name beside the stored listing and
// checked again by stat) and `run`'s lookUpNames, in this app's places, with the cache when
// this run may use it.
import type { AgentDefinition } from "@roster/core";
import {
  type FoundAgent,
  findStoredAgent as findInStore,
  lookUpNames as lookUpInStore,
  type NameLookup,
} from "@roster/index";
import type { App } from "../../context.js";
import { cacheWanted, openListStore } from "../agents/list-cache.js";

export type { FoundAgent, NameLookup };

/** Where this app's lookups read, and the store they keep where they found an agent in (with the cache on). */
const lookupsOf = (app: App) => ({
  registry: app.registry,
  ctx: app.ctx,
  store: cacheWanted(app) ? openListStore(app).store : undefined,
});

const findStored = (app: App, name: string, copies: boolean): Promise<FoundAgent | undefined> =>
  findInStore({ ...lookupsOf(app), name, copies });

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

/** `run`'s lookups of its agent, each name once, and the whole discovery, made once (@roster/index's `lookUpNames`), in `app`'s places. */
export function lookUpNames(app: App): NameLookup {
  return lookUpInStore(lookupsOf(app));
}
