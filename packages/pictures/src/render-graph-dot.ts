import { depthNote, originOf } from "./graph-words.js";
import type { GraphNode, SpawnGraph } from "./types.js";
import { visibleText } from "./visible-text.js";

/** A DOT string of one or more lines: quoted, `\` and `"` escaped, controls made visible (so `\N`, `\l` and newlines stay text). */
export function dotString(...lines: string[]): string {
  return `"${lines.map((line) => visibleText(line).replace(/[\\"]/g, (ch) => `\\${ch}`)).join("\\n")}"`;
}

function nodeLine(node: GraphNode): string {
  switch (node.kind) {
    case "any":
      return `${node.id} [label=${dotString("* any agent")}, shape=ellipse, style="filled", fillcolor="#eef3ff"];`;
    case "missing":
      return `${node.id} [label=${dotString(node.name, "(no such agent)")}, style="dashed", color="#cc0000", fontcolor="#990000"];`;
    case "shadowed":
      return `${node.id} [label=${dotString(node.name, `${originOf(node)} (hidden)`)}, style="rounded,dashed,filled", fillcolor="#f4f4f4", color="#999999", fontcolor="#666666"];`;
    default: {
      const refused = node.sessionRefusal ? ` ✗ ${node.sessionRefusal.label}` : "";
      const label = dotString(node.name, `${node.source}${refused}`);
      return `${node.id} [label=${label}${node.sessionRefusal ? ', color="#cc0000"' : ""}];`;
    }
  }
}

/**
 * The spawn graph in Graphviz DOT (`dot -Tsvg`): one cluster per family, shadowed
 * definitions dashed beside their winners, `*` as one "any agent" node, refused spawns
 * dashed and red with the executor's reason.
 */
export function renderGraphDot(graph: SpawnGraph): string {
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  const lines = [
    "digraph roster {",
    '  graph [rankdir=LR, fontname="Helvetica", fontsize=12];',
    '  node [shape=box, style="rounded", fontname="Helvetica", fontsize=11];',
    '  edge [fontname="Helvetica", fontsize=9];',
  ];
  const grouped = new Set<string>();
  graph.groups.forEach((group, i) => {
    lines.push(`  subgraph cluster_${i} {`, `    label=${dotString(group.family)};`, '    color="#bbbbbb";');
    for (const id of group.nodes) {
      grouped.add(id);
      lines.push(`    ${nodeLine(byId.get(id)!)}`);
    }
    lines.push("  }");
  });
  for (const node of graph.nodes) if (!grouped.has(node.id)) lines.push(`  ${nodeLine(node)}`);
  for (const edge of graph.edges) {
    if (edge.kind === "shadowed-by")
      lines.push(
        `  ${edge.to} -> ${edge.from} [label="hides", style=dashed, arrowhead=none, color="#999999", fontcolor="#666666"];`,
      );
    else if (edge.refusal)
      lines.push(
        `  ${edge.from} -> ${edge.to} [label=${dotString(`✗ ${edge.refusal.label}`)}, tooltip=${dotString(edge.refusal.message)}, style=dashed, color="#cc0000", fontcolor="#cc0000"];`,
      );
    else lines.push(`  ${edge.from} -> ${edge.to};`);
  }
  // The depth limit applies to chains, not to an edge: the drawing's caption says it.
  const depth = graph.edges.find((e) => e.refusedAtLevel)?.refusedAtLevel;
  if (depth)
    lines.push(
      `  label=${dotString(depthNote(depth.level, graph.session.maxRecursionDepth))};`,
      "  labelloc=b;",
    );
  lines.push("}");
  return `${lines.join("\n")}\n`;
}
