// The session a picture's refusals are computed for: the one `roster run` would run in here
// (its depth, spawn policy and blocked agent from the environment, its limits from config).
// The executor and the pictures load with graph and report, not with every command (app.ts).
import { runnerSettings } from "@roster/config";
import { type AgentDiscovery, discoverAgents } from "@roster/core";
import type { GraphSessionInput, SpawnGraph } from "@roster/pictures";
import type { App } from "./context.js";
import { FindingError } from "./errors.js";

/** The session of this run, as `roster run` reads it (environment and config). */
export async function graphSessionOf(app: App): Promise<GraphSessionInput> {
  const { readSessionFromEnv } = await import("@roster/executor/session-env");
  const fromEnv = readSessionFromEnv(app.env);
  const unreadable = fromEnv.diagnostics.find((d) => d.severity === "error");
  if (unreadable) throw new FindingError(unreadable.message, { code: unreadable.code });
  const { maxRecursionDepth, disabledAgents } = runnerSettings(app.loaded.config);
  const session: GraphSessionInput = { depth: fromEnv.depth, maxRecursionDepth, disabledAgents };
  if (fromEnv.spawns !== undefined) session.spawns = fromEnv.spawns;
  const blocked = app.env.PI_BLOCKED_AGENT;
  if (blocked !== undefined && blocked !== "") session.blockedAgent = blocked;
  return session;
}

/** One discovery (no prompt read) and its spawn graph. */
export async function discoverGraph(app: App, discovered?: AgentDiscovery) {
  const discovery = discovered ?? (await discoverAgents(app.registry, app.ctx, { bodies: "none" }));
  const { buildSpawnGraph } = await import("@roster/pictures");
  const graph: SpawnGraph = buildSpawnGraph({ discovery, session: await graphSessionOf(app) });
  return { discovery, graph };
}
