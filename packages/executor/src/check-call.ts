import {
  type AgentDefinition,
  type AgentDiscovery,
  type GetAgentOptions,
  getAgent,
  suggestNames,
} from "@roster/core";
import { describeAllowed, parseSpawnPolicy, spawnAllowed } from "./spawn-policy.js";
import type { RefusalCode, TaskInput, TaskSession } from "./types.js";

/** The longest `timeoutMs` a timer can wait (2^31 - 1 ms, about 24.8 days); longer ones would fire at once. */
export const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/** A refusal: the exact text a host shows, and a stable code. */
export interface Refusal {
  code: RefusalCode;
  message: string;
}

/** The inputs of {@link checkCall}. */
export interface CheckCallOptions {
  discovery: Pick<AgentDiscovery, "agents" | "shadowed">;
  input: TaskInput;
  session: TaskSession;
  /** `PI_BLOCKED_AGENT` as read when the tool was built. */
  blockedAgent?: string;
}

/** For each discovery {@link indexedDiscovery} made: the first winner of each name. */
const firstOfName = new WeakMap<object, ReadonlyMap<string, AgentDefinition>>();

/**
 * The discovery's winners and shadowed definitions as frozen copies, with the first winner of
 * each name indexed: {@link checkCall} finds a bare name in it without searching the winners.
 * For a caller that checks many calls against one discovery (`roster graph` checks each of
 * its agents); the answers are {@link getAgent}'s, and frozen copies cannot go stale.
 */
export function indexedDiscovery(
  discovery: Pick<AgentDiscovery, "agents" | "shadowed">,
): Pick<AgentDiscovery, "agents" | "shadowed"> {
  const indexed = Object.freeze({
    agents: Object.freeze([...discovery.agents]) as AgentDefinition[],
    shadowed: Object.freeze([...discovery.shadowed]) as AgentDiscovery["shadowed"],
  });
  const first = new Map<string, AgentDefinition>();
  for (const agent of indexed.agents) if (!first.has(agent.name)) first.set(agent.name, agent);
  firstOfName.set(indexed, first);
  return indexed;
}

/**
 * {@link getAgent}, answered from the index of an {@link indexedDiscovery} where that gives the
 * same: a bare name (no `:`, whose scoped-id rules search further) and no provider.
 */
function lookUp(
  discovery: Pick<AgentDiscovery, "agents" | "shadowed">,
  name: string,
  options: GetAgentOptions = {},
): AgentDefinition | undefined {
  const first =
    options.provider === undefined && !name.includes(":") ? firstOfName.get(discovery) : undefined;
  return first ? first.get(name) : getAgent(discovery, name, options);
}

function refuse(code: RefusalCode, message: string): { refusal: Refusal } {
  return { refusal: { code, message } };
}

/**
 * Runs the SPEC §6 checks in order (unknown, disabled, blocked self-recursion, parent
 * spawn policy, bad tasks, then settings that cannot work) and returns the first refusal,
 * or the resolved agent.
 */
export function checkCall(options: CheckCallOptions): { refusal: Refusal } | { agent: AgentDefinition } {
  const { discovery, input, session, blockedAgent } = options;
  const name = input?.agent;
  if (typeof name !== "string" || name.length === 0) {
    return refuse(
      "executor/invalid-input",
      'The task tool needs an agent name: pass { agent: "<name>", tasks: [...] }.',
    );
  }
  // Every name, for a refusal's message only: a caller that checks each agent of a large
  // view in turn (`roster graph`) would otherwise list them all on every call.
  const names = () => discovery.agents.map((a) => a.name);

  // 1. Unknown (or not defined by the provider asked for).
  const provider = typeof input.provider === "string" ? input.provider : undefined;
  const agent = lookUp(discovery, name, provider !== undefined ? { provider } : {});
  if (!agent && provider !== undefined && lookUp(discovery, name)) {
    const by = [...discovery.agents, ...discovery.shadowed.map((s) => s.agent)]
      .filter((a) => a.name === name)
      .map((a) => a.provider);
    return refuse(
      "executor/unknown-agent",
      `Agent "${name}" has no definition from provider "${provider}". Defined by: ${[...new Set(by)].join(", ")}`,
    );
  }
  if (!agent) {
    const all = names();
    let message = `Unknown agent "${name}". Available: ${all.length > 0 ? all.join(", ") : "none"}`;
    const [close] = suggestNames(name, all, { limit: 1 });
    if (close !== undefined) message += `\nDid you mean "${close}"?`;
    return refuse("executor/unknown-agent", message);
  }
  const aliases = name === agent.name ? [name] : [name, agent.name];

  // 2. Disabled in settings.
  const disabled = session.settings?.disabledAgents ?? [];
  if (aliases.some((n) => disabled.includes(n))) {
    const enabled = names().filter((n) => !disabled.includes(n));
    return refuse(
      "executor/disabled-agent",
      `Agent "${name}" is disabled in settings.\nEnabled agents: ${enabled.length > 0 ? enabled.join(", ") : "none"}`,
    );
  }

  // 3. Blocked self-recursion.
  if (blockedAgent !== undefined && blockedAgent !== "" && aliases.includes(blockedAgent)) {
    return refuse(
      "executor/blocked-recursion",
      `Cannot spawn ${name} agent from within itself (recursion prevention). Use a different agent type.`,
    );
  }

  // 4. Parent spawn policy.
  const policy = parseSpawnPolicy(session.spawns);
  if (!spawnAllowed(policy, aliases)) {
    return refuse(
      "executor/spawn-not-allowed",
      `Cannot spawn '${name}'. Allowed: ${describeAllowed(policy)}`,
    );
  }

  // 5. Tasks.
  const tasks = input.tasks as unknown;
  if (!Array.isArray(tasks) || tasks.length === 0) {
    return refuse(
      "executor/invalid-tasks",
      "No tasks given: pass at least one task { id, description, assignment }.",
    );
  }
  const seen = new Set<string>();
  for (const [index, task] of (tasks as unknown[]).entries()) {
    const t = (task ?? {}) as Partial<Record<string, unknown>>;
    if (typeof t.id !== "string" || t.id.trim() === "") {
      return refuse(
        "executor/invalid-tasks",
        `Task ${index + 1} has no id: every task needs a non-empty string id.`,
      );
    }
    if (seen.has(t.id)) {
      return refuse(
        "executor/invalid-tasks",
        `Duplicate task id "${t.id}": task ids must be unique within a call.`,
      );
    }
    seen.add(t.id);
    if (typeof t.assignment !== "string" || t.assignment.trim() === "") {
      return refuse(
        "executor/invalid-tasks",
        `Task "${t.id}" has no assignment: say what the agent must do.`,
      );
    }
  }

  // 6. Settings a timer or a limiter could not honour.
  const timeoutMs = session.settings?.timeoutMs as unknown;
  if (
    timeoutMs !== undefined &&
    !(
      typeof timeoutMs === "number" &&
      Number.isInteger(timeoutMs) &&
      timeoutMs >= 1 &&
      timeoutMs <= MAX_TIMEOUT_MS
    )
  ) {
    return refuse(
      "executor/invalid-settings",
      `timeoutMs must be a whole number of milliseconds from 1 to ${MAX_TIMEOUT_MS}, got ${String(timeoutMs)}.`,
    );
  }
  return { agent };
}
