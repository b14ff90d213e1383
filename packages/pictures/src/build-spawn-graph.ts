import type { AgentDefinition, AgentDiscovery } from "@roster/core";
import {
  checkCall,
  indexedDiscovery,
  type Refusal,
  resolveEffectiveAgent,
  type TaskSession,
} from "@roster/executor";
import { DEFAULT_SETTINGS } from "@roster/executor/default-settings";
import type {
  GraphEdge,
  GraphGroup,
  GraphNode,
  GraphRefusal,
  GraphSession,
  SpawnGraph,
  SpawnsVia,
} from "./types.js";

/** The session a graph's refusals are computed for; every field has the executor's default. */
export interface GraphSessionInput {
  /** `ROSTER_TASK_DEPTH` (default 0). */
  depth?: number;
  /** Default 2, as the executor's; negative: no limit. */
  maxRecursionDepth?: number;
  /** `ROSTER_SPAWNS`: what the session itself may start (default: any). */
  spawns?: string;
  /** `PI_BLOCKED_AGENT`. */
  blockedAgent?: string;
  disabledAgents?: readonly string[];
}

/** Options of {@link buildSpawnGraph}. */
export interface BuildSpawnGraphOptions {
  /** The merged view: winners and what they shadow. */
  discovery: Pick<AgentDiscovery, "agents" | "shadowed">;
  session?: GraphSessionInput;
}

/** A task list the checks accept: refusals come only from the agent and the policy. */
const PROBE_TASKS = [{ id: "probe", assignment: "probe" }];

/** A stand-in agent named `*`, so "any agent" is checked by the executor like a name. */
const ANY_AGENT: AgentDefinition = {
  name: "*",
  description: "any agent",
  systemPrompt: "",
  source: "user",
  provider: "roster",
};

/** A few words for a refusal in a drawing. */
function labelOf(refusal: Refusal, depth: number): string {
  switch (refusal.code) {
    case "executor/unknown-agent":
      return "no such agent";
    case "executor/disabled-agent":
      return "disabled";
    case "executor/blocked-recursion":
      return "itself";
    case "executor/spawn-not-allowed":
      return `depth ${depth}`;
    default:
      return refusal.code.replace(/^executor\//, "");
  }
}

/** The executor's refusal, without the lists of every agent it may carry. */
function graphRefusal(refusal: Refusal, depth: number): GraphRefusal {
  const message = refusal.message.split("\n")[0]!.replace(/\. Available: .*$/, "");
  return { code: refusal.code, message, label: labelOf(refusal, depth) };
}

/** The spawns `Agent(a, b)` / `Task(a, b)` (or a bare `agent`/`task`) in a tools list grant. */
function spawnsFromTools(tools: readonly string[]): "*" | string[] | undefined {
  let targets: string[] | undefined;
  let bare = false;
  for (const tool of tools) {
    const match = /^(?:agent|task)\s*(?:\((.*)\))?$/is.exec(tool.trim());
    if (!match) continue;
    if (match[1] === undefined) bare = true;
    else {
      targets ??= [];
      for (const name of match[1].split(",")) if (name.trim() !== "") targets.push(name.trim());
    }
  }
  if (targets) return [...new Set(targets)];
  return bare ? "*" : undefined;
}

/** Where `spawns` came from: `Agent(…)`/`Task(…)` in the tools when they grant exactly it, else the field. */
function spawnsVia(agent: AgentDefinition): SpawnsVia {
  const granted = spawnsFromTools(agent.toolsAsWritten ?? []);
  if (granted === undefined || agent.spawns === undefined) return "spawns";
  if (granted === "*" || agent.spawns === "*") return granted === agent.spawns ? "tools" : "spawns";
  return granted.join("\0") === agent.spawns.join("\0") ? "tools" : "spawns";
}

/**
 * The spawn graph of a merged view (SPEC §19): agents grouped by family, each `spawns`
 * entry an edge (`*` once, to the shared "any agent" node), shadowed definitions beside
 * their winners, and every refusal the executor would give, found by the executor's own
 * checks (`checkCall`, `resolveEffectiveAgent`) for an agent started by this session.
 *
 * @example
 * const graph = buildSpawnGraph({ discovery: await discoverAgents(registry, ctx) });
 * renderGraphText(graph);
 */
export function buildSpawnGraph(options: BuildSpawnGraphOptions): SpawnGraph {
  const { discovery } = options;
  const input = options.session ?? {};
  const depth = input.depth ?? 0;
  const maxRecursionDepth = input.maxRecursionDepth ?? DEFAULT_SETTINGS.maxRecursionDepth;
  const disabledAgents = [...(input.disabledAgents ?? [])];
  const session: GraphSession = { depth, maxRecursionDepth, disabledAgents };
  if (input.spawns !== undefined) session.spawns = input.spawns;
  if (input.blockedAgent !== undefined && input.blockedAgent !== "")
    session.blockedAgent = input.blockedAgent;
  if (maxRecursionDepth >= 0) session.chainLimit = Math.max(1, maxRecursionDepth - depth);
  const settings = { maxRecursionDepth, disabledAgents };
  // Every agent and spawn entry is checked against the same discovery: indexed once, each
  // check finds its agent without searching all of them.
  const checked = indexedDiscovery(discovery);
  let anyProbe: Pick<AgentDiscovery, "agents" | "shadowed"> | undefined;
  /** The discovery with the "any agent" stand-in after the winners, for a `*` entry. */
  const withAny = () => {
    anyProbe ??= indexedDiscovery({ agents: [...discovery.agents, ANY_AGENT], shadowed: discovery.shadowed });
    return anyProbe;
  };

  /**
   * The refusal when `from`, the `level`-th agent of a chain this session started, asks
   * for `target` (undefined: allowed). The child's session is what the executor hands it:
   * its depth, its effective spawns, and `PI_BLOCKED_AGENT` set to its own name.
   */
  const refusalAt = (from: AgentDefinition, target: string, level: number): GraphRefusal | undefined => {
    const parentDepth = depth + level - 1;
    const effective = resolveEffectiveAgent({
      agent: from,
      session: { cwd: "", depth: parentDepth, settings },
      outputSchema: undefined,
    });
    const childSession: TaskSession = {
      cwd: "",
      depth: effective.childDepth,
      spawns: effective.spawns,
      settings,
    };
    const probe = target === "*" ? withAny() : checked;
    const result = checkCall({
      discovery: probe,
      input: { agent: target, tasks: PROBE_TASKS },
      session: childSession,
      blockedAgent: from.name,
    });
    return "refusal" in result ? graphRefusal(result.refusal, effective.childDepth) : undefined;
  };

  const nodes: GraphNode[] = [];
  const edges: GraphEdge[] = [];
  const byName = new Map<string, GraphNode>();
  /** The node of the first agent of each file and name (`<file>\0<name>`). */
  const byFileAndName = new Map<string, GraphNode>();
  const groups = new Map<string, GraphGroup>();
  const nodeOfAgent = new Map<AgentDefinition, GraphNode>();

  discovery.agents.forEach((agent, i) => {
    const node: GraphNode = {
      id: `a${i}`,
      kind: "agent",
      name: agent.name,
      family: agent.provider,
      source: agent.source,
    };
    if (agent.description) node.description = agent.description;
    if (agent.filePath) node.filePath = agent.filePath;
    if (agent.spawns !== undefined) {
      node.spawns = agent.spawns === "*" ? "*" : [...agent.spawns];
      node.spawnsVia = spawnsVia(agent);
    }
    const started = checkCall({
      discovery: checked,
      input: { agent: agent.name, tasks: PROBE_TASKS },
      session: {
        cwd: "",
        depth,
        ...(session.spawns !== undefined ? { spawns: session.spawns } : {}),
        settings,
      },
      ...(session.blockedAgent !== undefined ? { blockedAgent: session.blockedAgent } : {}),
    });
    if ("refusal" in started) node.sessionRefusal = graphRefusal(started.refusal, depth);
    nodes.push(node);
    nodeOfAgent.set(agent, node);
    if (!byName.has(agent.name)) byName.set(agent.name, node);
    const fileAndName = agent.filePath !== undefined ? `${agent.filePath}\0${agent.name}` : undefined;
    if (fileAndName !== undefined && !byFileAndName.has(fileAndName)) byFileAndName.set(fileAndName, node);
    let group = groups.get(agent.provider);
    if (!group) {
      group = { family: agent.provider, nodes: [] };
      groups.set(agent.provider, group);
    }
    group.nodes.push(node.id);
  });

  // Shadowed definitions: beside their winner (in the winner's group, right after it, and
  // after the ones before them). The winner is the first agent of that file and name, else
  // the first of that name: looked up, not searched for (a thousand shadowed at 10,000 files).
  /** The shadowed nodes that follow a winner's node in its group, in order. */
  const following = new Map<string, string[]>();
  discovery.shadowed.forEach(({ agent, shadowedBy }, i) => {
    const winnerNode = byFileAndName.get(`${shadowedBy}\0${agent.name}`) ?? byName.get(agent.name);
    const node: GraphNode = {
      id: `s${i}`,
      kind: "shadowed",
      name: agent.name,
      family: agent.provider,
      source: agent.source,
    };
    if (agent.description) node.description = agent.description;
    if (agent.filePath) node.filePath = agent.filePath;
    if (winnerNode) {
      node.shadowedBy = winnerNode.id;
      edges.push({ from: node.id, to: winnerNode.id, kind: "shadowed-by" });
      const after = following.get(winnerNode.id);
      if (after) after.push(node.id);
      else following.set(winnerNode.id, [node.id]);
    }
    nodes.push(node);
  });
  if (following.size > 0)
    for (const group of groups.values())
      group.nodes = group.nodes.flatMap((id) => [id, ...(following.get(id) ?? [])]);

  // A plugin agent's node by its scoped id (`<plugin>:<name>`), the first of it: made on the
  // first target no bare name answers.
  let scoped: Map<string, GraphNode> | undefined;
  const scopedNode = (target: string) => {
    if (!scoped) {
      scoped = new Map();
      for (const [a, node] of nodeOfAgent) {
        const id = a.plugin ? `${a.plugin.name}:${a.name}` : undefined;
        if (id !== undefined && !scoped.has(id)) scoped.set(id, node);
      }
    }
    return scoped.get(target);
  };

  // Spawn edges, drawn from the agents the session may start (refusals at level 1), with
  // the level from which a chain's depth refuses them.
  const missing = new Map<string, GraphNode>();
  let any: GraphNode | undefined;
  for (const agent of discovery.agents) {
    const from = nodeOfAgent.get(agent)!;
    if (agent.spawns === undefined) continue;
    const targets = agent.spawns === "*" ? ["*"] : [...new Set(agent.spawns)];
    for (const target of targets) {
      let to: GraphNode | undefined;
      if (target === "*") {
        any ??= { id: "any", kind: "any", name: "*", description: "any agent" };
        to = any;
      } else {
        to = byName.get(target) ?? scopedNode(target);
        if (!to) {
          to = missing.get(target);
          if (!to) {
            to = { id: `m${missing.size}`, kind: "missing", name: target };
            missing.set(target, to);
          }
        }
      }
      const edge: GraphEdge = { from: from.id, to: to.id, kind: "spawns" };
      const refusal = refusalAt(agent, target, 1);
      if (refusal) edge.refusal = refusal;
      else if (session.chainLimit !== undefined && session.chainLimit > 1) {
        const deep = refusalAt(agent, target, session.chainLimit);
        if (deep) edge.refusedAtLevel = { level: session.chainLimit, refusal: deep };
      }
      edges.push(edge);
    }
  }
  nodes.push(...missing.values());
  if (any) nodes.push(any);
  return { nodes, edges, groups: [...groups.values()], session };
}
