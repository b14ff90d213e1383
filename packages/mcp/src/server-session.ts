import { readSessionFromEnv, type TaskSession, type TaskSettings } from "@roster/executor";
import { DEFAULT_SETTINGS } from "@roster/executor/default-settings";
import type { Diagnostic } from "./types.js";

/** Options of {@link resolveServerSession}. */
export interface ResolveServerSessionOptions {
  cwd: string;
  env: Record<string, string | undefined>;
  planMode?: boolean;
  settings?: TaskSettings;
}

/**
 * The session every `run_task` call of this server runs in: depth and spawn policy from
 * the environment the host started the server with, plan mode and settings from flags.
 *
 * A server whose own depth has reached `maxRecursionDepth` is a child at the limit: it
 * may spawn nothing, whatever `ROSTER_SPAWNS` says (a parent roster sets it to `""` then;
 * this also holds when only the depth was handed on). Its calls get the SPEC §6
 * spawn refusal.
 */
export function resolveServerSession(options: ResolveServerSessionOptions): {
  session: TaskSession;
  diagnostics: Diagnostic[];
} {
  const fromEnv = readSessionFromEnv(options.env);
  const settings = { ...(options.settings ?? {}) };
  const session: TaskSession = {
    cwd: options.cwd,
    depth: fromEnv.depth,
    planMode: options.planMode === true,
    settings,
  };
  if (fromEnv.spawns !== undefined) session.spawns = fromEnv.spawns;
  const maxDepth = settings.maxRecursionDepth ?? DEFAULT_SETTINGS.maxRecursionDepth;
  if (maxDepth >= 0 && fromEnv.depth >= maxDepth) session.spawns = "";
  return { session, diagnostics: fromEnv.diagnostics };
}
