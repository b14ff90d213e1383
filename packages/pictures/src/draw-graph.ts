import { focusSpawnGraph } from "./graph-lookup.js";
import { renderGraphDot } from "./render-graph-dot.js";
import { renderGraphMermaid } from "./render-graph-mermaid.js";
import { type RenderGraphTextOptions, renderGraphText } from "./render-graph-text.js";
import type { SpawnGraph } from "./types.js";

/** The formats `roster graph --format` draws. */
export const GRAPH_FORMATS = ["text", "mermaid", "dot"] as const;

/** One of {@link GRAPH_FORMATS}. */
export type GraphFormat = (typeof GRAPH_FORMATS)[number];

/** The sentence for a `--format` that is not one of {@link GRAPH_FORMATS}, or `undefined` when it is one. */
export function graphFormatProblem(format: string): string | undefined {
  return (GRAPH_FORMATS as readonly string[]).includes(format)
    ? undefined
    : `--format must be one of ${GRAPH_FORMATS.join(", ")}, not "${format}"`;
}

/**
 * The part of `graph` about `name` (focusSpawnGraph), or, when no agent has that name, the
 * agent names it has (each once) for a did-you-mean; the whole graph without a name.
 */
export function graphAbout(
  graph: SpawnGraph,
  name: string | undefined,
): { graph: SpawnGraph } | { unknown: string[] } {
  if (name === undefined) return { graph };
  const focused = focusSpawnGraph(graph, name);
  if (focused) return { graph: focused };
  return { unknown: [...new Set(graph.nodes.filter((n) => n.kind === "agent").map((n) => n.name))] };
}

/**
 * `graph` drawn in `format`: Mermaid or DOT source, or the text tree's lines joined (drawn
 * with `text`'s width, path, escape and measure options).
 */
export function drawGraph(graph: SpawnGraph, format: GraphFormat, text: RenderGraphTextOptions = {}): string {
  if (format === "mermaid") return renderGraphMermaid(graph);
  if (format === "dot") return renderGraphDot(graph);
  return renderGraphText(graph, text).join("\n");
}
