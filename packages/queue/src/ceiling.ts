import type { TaskInvocation } from "@roster/executor";
import type { PermissionCeiling } from "./types.js";

/**
 * How far each permission mode raises what a host may do without asking, lowest first
 * (Claude Code's modes, the vocabulary roster's definitions use; `dontAsk` only denies, so it
 * raises nothing). A mode not in this table is another host's word: it counts as the highest.
 */
export const PERMISSION_LADDER: Readonly<Record<string, number>> = {
  plan: 0,
  default: 1,
  dontAsk: 1,
  acceptEdits: 2,
  auto: 3,
  bypassPermissions: 4,
};

/** The ceilings a worker takes, lowest first (`--max-permission`). */
export const PERMISSION_CEILINGS: readonly PermissionCeiling[] = [
  "plan",
  "default",
  "acceptEdits",
  "auto",
  "bypassPermissions",
];

/** The ceiling a worker has unless told otherwise: nothing a queued definition raises gets through. */
export const DEFAULT_CEILING: PermissionCeiling = "default";

function rank(mode: string): number {
  return Object.hasOwn(PERMISSION_LADDER, mode)
    ? PERMISSION_LADDER[mode]!
    : PERMISSION_LADDER.bypassPermissions!;
}

/**
 * True when a ceiling lets queued definitions raise permissions: the worker's owner then vouches
 * for the queue as for a trusted project (the hosts also load the checkout's own settings).
 */
export function ceilingRaises(ceiling: PermissionCeiling): boolean {
  return rank(ceiling) > rank("default");
}

/**
 * The permission mode a queued invocation runs with under a worker's ceiling: its own when the
 * ceiling allows it, else the ceiling itself (a `plan` ceiling puts every job in plan mode).
 * Returns a note when the mode was lowered.
 *
 * @example
 * capPermissionMode("bypassPermissions", "default"); // { mode: "default", note: "…" }
 */
export function capPermissionMode(
  mode: string | null,
  ceiling: PermissionCeiling,
  agent = "the agent",
): { mode: string | null; note?: string } {
  if (ceiling === "plan") {
    if (mode === "plan") return { mode };
    const note = `agent "${agent}" runs in plan mode: this worker's ceiling is "plan"`;
    return { mode: "plan", note };
  }
  if (mode === null || rank(mode) <= rank(ceiling)) return { mode };
  return {
    mode: ceiling,
    note: `permission mode "${mode}" of agent "${agent}" runs as "${ceiling}": this worker's ceiling (--max-permission)`,
  };
}

/**
 * A queued invocation as the worker lets it run: its permission mode under the ceiling, and
 * handled as an untrusted project's agent (a queued definition came over the network).
 */
export function capInvocation(
  invocation: TaskInvocation,
  ceiling: PermissionCeiling,
): { invocation: TaskInvocation; note?: string } {
  const capped = capPermissionMode(invocation.permissionMode ?? null, ceiling, invocation.agent);
  const next: TaskInvocation = {
    ...invocation,
    source: "project",
    permissionMode: capped.mode,
    ...(capped.mode === "plan" ? { planMode: true } : {}),
  };
  return { invocation: next, ...(capped.note !== undefined ? { note: capped.note } : {}) };
}
