import { depthNote, originOf } from "./graph-words.js";
import type { GraphNode, SpawnGraph } from "./types.js";
import { visibleText } from "./visible-text.js";

/** Mermaid's entity codes for the characters that end or change a quoted label. */
const ENTITIES: Record<string, string> = {
  "#": "#35;",
  '"': "#quot;",
  "&": "#amp;",
  "<": "#lt;",
  ">": "#gt;",
  "|": "#124;",
  "`": "#96;",
  "\\": "#92;",
};

/**
 * A label as Mermaid reads it inside `"…"`: characters that would end the string, start an
 * entity, open HTML or markdown are written as Mermaid entity codes (`#quot;`), controls
 * are made visible. GitHub renders the codes as the characters they stand for.
 */
export function mermaidLabel(text: string): string {
  return `"${visibleText(text).replace(/[#"&<>|`\\]/g, (ch) => ENTITIES[ch]!)}"`;
}

/** Node ids in the drawing: roster's ids (`a0`, `s1`) under a prefix no Mermaid keyword or edge end (`o`, `x`) starts. */
function mermaidId(id: string): string {
  return `n_${id}`;
}

function nodeLine(node: GraphNode): string {
  const id = mermaidId(node.id);
  switch (node.kind) {
    case "any":
      return `${id}([${mermaidLabel("* any agent")}]):::any`;
    case "missing":
      return `${id}[${mermaidLabel(`${node.name} (no such agent)`)}]:::missing`;
    case "shadowed":
      return `${id}[${mermaidLabel(`${node.name} · ${originOf(node)} (hidden)`)}]:::shadowed`;
    default: {
      const refused = node.sessionRefusal ? ` ✗ ${node.sessionRefusal.label}` : "";
      return `${id}[${mermaidLabel(`${node.name} · ${node.source}${refused}`)}]${node.sessionRefusal ? ":::refused" : ""}`;
    }
  }
}

/**
 * The spawn graph as a Mermaid flowchart for GitHub Markdown (put it in a ```mermaid
 * block): one subgraph per family, shadowed definitions dashed beside their winners
 * (`hides`), `*` as one "any agent" node, refused spawns dotted and red with the
 * executor's reason. Ids are roster's own (`n_a0`), never names; every label is quoted
 * and escaped ({@link mermaidLabel}).
 */
export function renderGraphMermaid(graph: SpawnGraph): string {
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  const lines = ["flowchart LR"];
  const grouped = new Set<string>();
  graph.groups.forEach((group, i) => {
    lines.push(`  subgraph f${i}[${mermaidLabel(group.family)}]`);
    for (const id of group.nodes) {
      grouped.add(id);
      lines.push(`    ${nodeLine(byId.get(id)!)}`);
    }
    lines.push("  end");
  });
  for (const node of graph.nodes) if (!grouped.has(node.id)) lines.push(`  ${nodeLine(node)}`);
  const refused: number[] = [];
  graph.edges.forEach((edge, i) => {
    const from = mermaidId(edge.from);
    const to = mermaidId(edge.to);
    if (edge.kind === "shadowed-by") lines.push(`  ${to} -.-|${mermaidLabel("hides")}| ${from}`);
    else if (edge.refusal) {
      refused.push(i);
      lines.push(`  ${from} -.->|${mermaidLabel(`✗ ${edge.refusal.label}`)}| ${to}`);
    } else lines.push(`  ${from} --> ${to}`);
  });
  // The depth limit applies to chains, not to an edge: one note says it.
  const depth = graph.edges.find((e) => e.refusedAtLevel)?.refusedAtLevel;
  if (depth)
    lines.push(`  n_depth[${mermaidLabel(depthNote(depth.level, graph.session.maxRecursionDepth))}]:::note`);
  lines.push(
    "  classDef shadowed fill:#f4f4f4,stroke:#999,stroke-dasharray:4 3,color:#666",
    "  classDef missing fill:#fff0f0,stroke:#c00,stroke-dasharray:4 3,color:#900",
    "  classDef any fill:#eef3ff,stroke:#557",
    "  classDef refused stroke:#c00,color:#900",
    "  classDef note fill:#fffbe6,stroke:#d4b106,color:#5c4a00",
  );
  if (refused.length > 0) lines.push(`  linkStyle ${refused.join(",")} stroke:#c00,color:#c00`);
  return `${lines.join("\n")}\n`;
}
