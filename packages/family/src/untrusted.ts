import type { AgentDefinition } from "@roster/core";
import { READING_CAPABILITIES, raisesPermission } from "./raising.js";
import type { Capability } from "./tool-names.js";

/**
 * The capabilities a host may be told to use without asking for an agent of a project the
 * user has not trusted (SPEC §17): reading, searching, listing, a language server and the
 * session's own todo list. They change nothing and reach nothing outside the session; every
 * other tool (a shell, edits, the web, sub-agents, MCP tools) is left to the host's own rules.
 */
export const READ_ONLY_CAPABILITIES: readonly Capability[] = [
  // Plan mode's reading tools but the web (a search leaves the session), and the todo list.
  ...READING_CAPABILITIES.filter((c) => c !== "web_search"),
  "todo",
];

/** Agent-file keys that start programs or set permissions whatever their value (compared without case, `-` or `_`). */
const RAISING_KEYS = new Set([
  "hooks",
  "mcpservers",
  "notify",
  "defaultpermissions",
  "sandboxworkspacewrite",
  "allowloginshell",
  "yolo",
]);

/** Keys whose value raises unless it is one of these (Codex's sandbox and approval policy). */
const LOWEST_VALUES: Readonly<Record<string, readonly string[]>> = {
  sandboxmode: ["read-only"],
  approvalpolicy: ["untrusted", "on-request"],
};

const keyOf = (key: string) => key.toLowerCase().replace(/[-_]/g, "");

/** A permission map (opencode's `permission`) without its `allow` entries, and what they were. */
function withoutAllow(value: unknown): { kept: unknown; lost: unknown } {
  if (value === "allow") return { kept: undefined, lost: value };
  if (value === null || typeof value !== "object" || Array.isArray(value))
    return { kept: value, lost: undefined };
  const kept: Record<string, unknown> = {};
  const lost: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(value)) {
    const part = withoutAllow(entry);
    if (part.kept !== undefined) kept[key] = part.kept;
    if (part.lost !== undefined) lost[key] = part.lost;
  }
  return {
    kept: Object.keys(kept).length > 0 ? kept : undefined,
    lost: Object.keys(lost).length > 0 ? lost : undefined,
  };
}

/** A setting {@link withoutRaisingSettings} left out: the field (`permissionMode`, `extra.hooks`) and its value, or the part of it (`lost`). */
export interface DroppedSetting {
  field: string;
  value: unknown;
  /** Only this part of the value was left out (an `allow` inside a permission map). */
  lost?: unknown;
}

/**
 * An agent without the settings that raise what it may do (SPEC §17): a `permissionMode` other
 * than `default`/`plan`, keys that start programs or set permissions (`hooks`, `mcpServers`,
 * Codex's `sandbox_mode` other than `read-only` and `approval_policy` other than
 * `untrusted`/`on-request`, …) and the `allow` entries of a permission map (`deny` and `ask`
 * stay: they lower). What `export --scope user` writes for an agent of a project the user has
 * not trusted.
 */
export function withoutRaisingSettings(agent: AgentDefinition): {
  agent: AgentDefinition;
  dropped: DroppedSetting[];
} {
  const dropped: DroppedSetting[] = [];
  const out: AgentDefinition = { ...agent };
  if (agent.permissionMode != null && raisesPermission(agent.permissionMode)) {
    dropped.push({ field: "permissionMode", value: agent.permissionMode });
    delete out.permissionMode;
  }
  if (agent.extra) {
    const extra: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(agent.extra)) {
      const k = keyOf(key);
      const lowest = LOWEST_VALUES[k];
      if (RAISING_KEYS.has(k) || (lowest !== undefined && !lowest.includes(String(value)))) {
        dropped.push({ field: `extra.${key}`, value });
        continue;
      }
      if (k === "permission" || k === "permissions") {
        const { kept, lost } = withoutAllow(value);
        if (lost !== undefined) dropped.push({ field: `extra.${key}`, value, lost });
        if (kept !== undefined) extra[key] = kept;
        continue;
      }
      extra[key] = value;
    }
    out.extra = extra;
  }
  return { agent: out, dropped };
}
