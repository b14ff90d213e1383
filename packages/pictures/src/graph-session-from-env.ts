// The session a picture's refusals are computed for: the one `roster run` would run in here.
import type { Diagnostic } from "@roster/core";
import { readSessionFromEnv } from "@roster/executor/session-env";
import type { GraphSessionInput } from "./build-spawn-graph.js";

/** Options of {@link graphSessionFromEnv}. */
export interface GraphSessionFromEnvOptions {
  /** The environment `roster run` would read its session from (depth, spawn policy, blocked agent). */
  env: Record<string, string | undefined>;
  /** The config's limits, as `run` takes them (`runnerSettings`). */
  maxRecursionDepth: number;
  disabledAgents: readonly string[];
}

/**
 * The session of this run, as `roster run` reads it: its depth and spawn policy from the
 * environment (`ROSTER_TASK_DEPTH`, `ROSTER_SPAWNS`), the agent it blocks (`PI_BLOCKED_AGENT`,
 * when not empty), its limits from config; or the error that makes the environment unreadable
 * (run would refuse to start: so does the picture).
 *
 * @example graphSessionFromEnv({ env: { ROSTER_TASK_DEPTH: "1" }, maxRecursionDepth: 2, disabledAgents: [] })
 */
export function graphSessionFromEnv(
  options: GraphSessionFromEnvOptions,
): { session: GraphSessionInput } | { problem: Diagnostic } {
  const { env, maxRecursionDepth, disabledAgents } = options;
  const fromEnv = readSessionFromEnv(env);
  const unreadable = fromEnv.diagnostics.find((d) => d.severity === "error");
  if (unreadable) return { problem: unreadable };
  const session: GraphSessionInput = { depth: fromEnv.depth, maxRecursionDepth, disabledAgents };
  if (fromEnv.spawns !== undefined) session.spawns = fromEnv.spawns;
  const blocked = env.PI_BLOCKED_AGENT;
  if (blocked !== undefined && blocked !== "") session.blockedAgent = blocked;
  return { session };
}
