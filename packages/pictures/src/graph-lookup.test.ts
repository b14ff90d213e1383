import { describe, expect, test } from "vitest";
import { agent } from "../test/agents.js";
import { buildSpawnGraph } from "./build-spawn-graph.js";
import { lookupGraph } from "./graph-lookup.js";

describe("lookupGraph", () => {
  test("spawnersAll: the agents that name it, and the others that may spawn any agent", () => {
    const graph = buildSpawnGraph({
      discovery: {
        agents: [
          agent("lead", { spawns: ["reviewer"] }),
          // `*` and naming the reviewer too: counted once, as naming it.
          agent("boss", { spawns: "*" }),
          agent("manager", { spawns: "*" }),
          agent("reviewer", { spawns: "*" }),
          agent("quiet"),
        ],
        shadowed: [],
      },
    });
    const g = lookupGraph(graph);
    const id = (name: string) => graph.nodes.find((n) => n.name === name)!.id;
    const names = (edges: Array<{ from: string }>) => edges.map((e) => g.node(e.from).name);
    const reviewer = g.spawnersAll(id("reviewer"));
    expect(names(reviewer.direct)).toEqual(["lead"]);
    // Itself aside: that it may spawn any agent is what it may spawn, not who may spawn it.
    expect(names(reviewer.viaAny)).toEqual(["boss", "manager"]);
    // An agent no one names is still reached by every agent that may spawn any agent.
    const quiet = g.spawnersAll(id("quiet"));
    expect(quiet.direct).toEqual([]);
    expect(names(quiet.viaAny)).toEqual(["boss", "manager", "reviewer"]);
  });

  test("is self-contained: its source text runs on its own (the report page gets it so)", () => {
    const again = new Function(`return (${lookupGraph.toString()})`)() as typeof lookupGraph;
    const graph = buildSpawnGraph({
      discovery: { agents: [agent("a", { spawns: "*" }), agent("b")], shadowed: [] },
    });
    const b = graph.nodes.find((n) => n.name === "b")!.id;
    expect(again(graph).spawnersAll(b)).toEqual(lookupGraph(graph).spawnersAll(b));
  });
});
