import type { HostId } from "./types.js";

// The ids alone, in a module of their own: a config check needs them, not the host
// runners (and their executor) that `hosts.ts` brings along.

/** The host ids, in order. */
export const HOST_IDS: readonly HostId[] = ["claude", "codex", "gemini", "opencode", "copilot"];

/** True when `value` names a host. */
export function isHostId(value: unknown): value is HostId {
  return typeof value === "string" && (HOST_IDS as readonly string[]).includes(value);
}
