import type { GraphEdge, GraphNode, GraphRefusal, SpawnGraph } from "./types.js";

/** Indexes of one graph: nodes by id, edges out of each node, shadowed definitions per winner. */
export interface GraphLookup {
  node(id: string): GraphNode;
  /** Spawns edges out of `id`, in the order its `spawns` lists them. */
  spawnsOf(id: string): GraphEdge[];
  /** Spawns edges into `id`. */
  spawnersOf(id: string): GraphEdge[];
  /** Shadowed nodes hidden behind `id`. */
  shadowsOf(id: string): GraphNode[];
  /**
   * Who may spawn `id`, as the picture of one agent draws them and its counts count them:
   * `direct`, the agents that name it (itself aside: a self-spawn is what it may spawn), and
   * `viaAny`, the other agents that may spawn any agent (`spawns: *`) and do not name it too.
   */
  spawnersAll(id: string): { direct: GraphEdge[]; viaAny: GraphEdge[] };
}

/**
 * Builds the {@link GraphLookup} of a graph (one pass over nodes and edges). Self-contained (it
 * uses nothing outside its body): the report page's script gets its source text, so the page's
 * picture and counts follow the same rules as `roster graph`.
 */
export function lookupGraph(graph: SpawnGraph): GraphLookup {
  const nodes = new Map(graph.nodes.map((n) => [n.id, n]));
  const out = new Map<string, GraphEdge[]>();
  const into = new Map<string, GraphEdge[]>();
  const shadows = new Map<string, GraphNode[]>();
  const push = <T>(map: Map<string, T[]>, key: string, value: T) => {
    const list = map.get(key);
    if (list) list.push(value);
    else map.set(key, [value]);
  };
  for (const edge of graph.edges) {
    if (edge.kind === "spawns") {
      push(out, edge.from, edge);
      push(into, edge.to, edge);
    } else push(shadows, edge.to, nodes.get(edge.from)!);
  }
  return {
    node: (id) => {
      const node = nodes.get(id);
      if (!node) throw new Error(`the graph has no node ${JSON.stringify(id)}`);
      return node;
    },
    spawnsOf: (id) => out.get(id) ?? [],
    spawnersOf: (id) => into.get(id) ?? [],
    shadowsOf: (id) => shadows.get(id) ?? [],
    spawnersAll: (id) => {
      const direct = (into.get(id) ?? []).filter((e) => e.from !== id);
      const named = new Set(direct.map((e) => e.from));
      const viaAny =
        id === "any" ? [] : (into.get("any") ?? []).filter((e) => e.from !== id && !named.has(e.from));
      return { direct, viaAny };
    },
  };
}

/**
 * The executor's answer for a spawns edge when its `from` agent is the `level`-th agent of
 * a chain this session started (1: started by the session itself), or undefined: allowed.
 */
export function refusalAtLevel(edge: GraphEdge, level: number): GraphRefusal | undefined {
  if (edge.refusal) return edge.refusal;
  if (edge.refusedAtLevel && level >= edge.refusedAtLevel.level) return edge.refusedAtLevel.refusal;
  return undefined;
}

/**
 * The part of the graph about one name: every definition of it (winner and shadowed), what
 * the winner may spawn (followed as far as a chain goes), the agents that may spawn it, and
 * the definitions each shown agent hides. Undefined when no node has that name.
 */
export function focusSpawnGraph(graph: SpawnGraph, name: string): SpawnGraph | undefined {
  const lookup = lookupGraph(graph);
  const named = graph.nodes.filter((n) => (n.kind === "agent" || n.kind === "shadowed") && n.name === name);
  if (named.length === 0) return undefined;
  const keep = new Set<string>(named.map((n) => n.id));
  for (const node of named) if (node.shadowedBy) keep.add(node.shadowedBy);
  // Downstream: what the winner may spawn, and so on, each node once.
  const queue = named.filter((n) => n.kind === "agent").map((n) => n.id);
  const queued = new Set(queue);
  for (let i = 0; i < queue.length; i++) {
    for (const edge of lookup.spawnsOf(queue[i]!)) {
      keep.add(edge.to);
      if (queued.has(edge.to)) continue;
      queued.add(edge.to);
      queue.push(edge.to);
    }
  }
  // Upstream: who may spawn it (directly), and who may spawn "any agent".
  for (const node of named) for (const edge of lookup.spawnersOf(node.id)) keep.add(edge.from);
  for (const edge of lookup.spawnersOf("any")) if (named.some((n) => n.kind === "agent")) keep.add(edge.from);
  if ([...keep].some((id) => lookup.spawnsOf(id).some((e) => e.to === "any"))) keep.add("any");
  for (const id of [...keep]) for (const shadow of lookup.shadowsOf(id)) keep.add(shadow.id);
  const edges = graph.edges.filter((e) => keep.has(e.from) && keep.has(e.to));
  return {
    nodes: graph.nodes.filter((n) => keep.has(n.id)),
    edges,
    groups: graph.groups
      .map((g) => ({ family: g.family, nodes: g.nodes.filter((id) => keep.has(id)) }))
      .filter((g) => g.nodes.length > 0),
    session: graph.session,
  };
}
