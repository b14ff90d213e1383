// The session a picture's refusals are computed for: the one `roster run` would run in here
// (@roster/pictures' `graphSessionFromEnv`, with the limits from config). The executor and the
// pictures load with graph and report, not with every command (app.ts).
import { runnerSettings } from "@roster/config";
import { type AgentDiscovery, discoverAgents } from "@roster/core";
import type { SpawnGraph } from "@roster/pictures";
import type { App } from "../../context.js";
import { FindingError } from "../../errors.js";

/** One discovery (no prompt read) and its spawn graph, for the session of this run. */
export async function discoverGraph(app: App, discovered?: AgentDiscovery) {
  const discovery = discovered ?? (await discoverAgents(app.registry, app.ctx, { bodies: "none" }));
  const { buildSpawnGraph, graphSessionFromEnv } = await import("@roster/pictures");
  const { maxRecursionDepth, disabledAgents } = runnerSettings(app.loaded.config);
  const asRun = graphSessionFromEnv({ env: app.env, maxRecursionDepth, disabledAgents });
  if ("problem" in asRun) throw new FindingError(asRun.problem.message, { code: asRun.problem.code });
  const graph: SpawnGraph = buildSpawnGraph({ discovery, session: asRun.session });
  return { discovery, graph };
}
