import type { AgentSource } from "@roster/core";

/** What a node of the spawn graph stands for. */
export type GraphNodeKind =
  /** A merged agent: the definition roster resolves the name to. */
  | "agent"
  /** A definition that lost to another of the same name (drawn beside its winner). */
  | "shadowed"
  /** A name a `spawns` list (or `Agent(…)`) names that no agent has. */
  | "missing"
  /** "Any agent": every `spawns: "*"` points here, once, instead of at every agent. */
  | "any";

/** Where an agent's spawn permission was written. */
export type SpawnsVia =
  /** The `spawns` field. */
  | "spawns"
  /** `Agent(a, b)` / `Task(a, b)` (or a bare `agent`/`task` tool: any agent) in `tools`. */
  | "tools";

/** Why the executor would refuse a call, in its own words (SPEC §6). */
export interface GraphRefusal {
  /** The executor's stable code: `executor/blocked-recursion`, `executor/spawn-not-allowed`, … */
  code: string;
  /** Its text, shortened where it would list every agent (`Unknown agent "x"`). */
  message: string;
  /** A few words for a drawing: `itself`, `depth 2`, `disabled`, `no such agent`. */
  label: string;
}

/** One node: an agent, a shadowed definition, a missing name, or "any agent". */
export interface GraphNode {
  /** Safe in Mermaid and DOT: `a0`, `s3`, `m1`, `any`. Stable for one discovery. */
  id: string;
  kind: GraphNodeKind;
  /** The agent's name (for `any`: `*`). */
  name: string;
  description?: string;
  /** The provider (family) it came from; missing and `any` nodes have none. */
  family?: string;
  source?: AgentSource;
  filePath?: string;
  /** Agents only: what it may spawn, as resolved (`*` or names). */
  spawns?: "*" | string[];
  /** Agents with spawns: whether `spawns` or the tools list said so. */
  spawnsVia?: SpawnsVia;
  /** Shadowed definitions: the id of the node that beats it. */
  shadowedBy?: string;
  /** Agents the session itself may not start, and why (disabled, `ROSTER_SPAWNS`, `PI_BLOCKED_AGENT`). */
  sessionRefusal?: GraphRefusal;
}

/** What an edge says. */
export type GraphEdgeKind =
  /** `from` may spawn `to`. */
  | "spawns"
  /** `from` (shadowed) is hidden behind `to` (its winner). */
  | "shadowed-by";

/** One edge. */
export interface GraphEdge {
  from: string;
  to: string;
  kind: GraphEdgeKind;
  /** Spawns edges the executor refuses whenever they are taken (here, `from` started by this session). */
  refusal?: GraphRefusal;
  /**
   * Spawns edges allowed for an agent this session starts, but refused once `from` is the
   * `level`-th agent of a chain or deeper (the depth limit: it may spawn nothing there).
   */
  refusedAtLevel?: { level: number; refusal: GraphRefusal };
}

/** A family's agents, in discovery (precedence) order. */
export interface GraphGroup {
  family: string;
  /** Node ids: agents, each followed by the definitions it shadows that came from this family. */
  nodes: string[];
}

/** The session the refusals are computed for (SPEC §6: environment and config). */
export interface GraphSession {
  /** `ROSTER_TASK_DEPTH`, 0 at the top level. */
  depth: number;
  /** `maxRecursionDepth`; negative means no limit. */
  maxRecursionDepth: number;
  /** `ROSTER_SPAWNS`, when set. */
  spawns?: string;
  /** `PI_BLOCKED_AGENT`, when set. */
  blockedAgent?: string;
  disabledAgents: string[];
  /**
   * How many agents a chain started by this session may hold: the last one may spawn
   * nothing (`maxRecursionDepth - depth`); absent when there is no limit.
   */
  chainLimit?: number;
}

/** The spawn graph of one discovery: nodes grouped by family, edges, and the session. */
export interface SpawnGraph {
  nodes: GraphNode[];
  edges: GraphEdge[];
  groups: GraphGroup[];
  session: GraphSession;
}
