import { describe, expect, test } from "vitest";
import { agent } from "../test/agents.js";
import { buildSpawnGraph } from "./build-spawn-graph.js";
import { drawGraph, graphAbout, graphFormatProblem } from "./draw-graph.js";
import { renderGraphDot } from "./render-graph-dot.js";
import { renderGraphMermaid } from "./render-graph-mermaid.js";
import { renderGraphText } from "./render-graph-text.js";

const graph = buildSpawnGraph({
  discovery: {
    agents: [agent("lead", { spawns: ["reviewer"] }), agent("reviewer"), agent("loner")],
    shadowed: [],
  },
});

describe("drawGraph", () => {
  test("draws each format with its renderer, the text tree as one string", () => {
    expect(drawGraph(graph, "mermaid")).toBe(renderGraphMermaid(graph));
    expect(drawGraph(graph, "dot")).toBe(renderGraphDot(graph));
    expect(drawGraph(graph, "text", { width: 20 })).toBe(renderGraphText(graph, { width: 20 }).join("\n"));
  });

  test("refuses a format it does not draw, naming the ones it does", () => {
    expect(graphFormatProblem("dot")).toBeUndefined();
    expect(graphFormatProblem("svg")).toBe('--format must be one of text, mermaid, dot, not "svg"');
  });
});

describe("graphAbout", () => {
  test("focuses on a name, gives the whole graph without one, and the agent names for an unknown one", () => {
    expect(graphAbout(graph, undefined)).toEqual({ graph });
    const about = graphAbout(graph, "lead");
    expect("graph" in about && about.graph.nodes.some((n) => n.name === "loner")).toBe(false);
    expect(graphAbout(graph, "nobody")).toEqual({ unknown: ["lead", "reviewer", "loner"] });
  });
});
