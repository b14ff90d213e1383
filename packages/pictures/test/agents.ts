// Agent definitions for the pure tests: what a discovery hands the graph, built inline.
import type { AgentDefinition } from "@roster/core";
import { buildSpawnGraph } from "../src/build-spawn-graph.js";

/** One merged agent with sensible defaults. */
export function agent(name: string, extra: Partial<AgentDefinition> = {}): AgentDefinition {
  return {
    name,
    description: `${name} does things`,
    systemPrompt: "",
    source: "project",
    provider: "claude",
    filePath: `/p/.claude/agents/${name}.md`,
    ...extra,
  };
}

/** A hostile name: markup, a script end, quotes and Mermaid/DOT syntax in one. */
export const HOSTILE = `<img src=x onerror=alert(1)></script>"|#end;\\N`;

/** A graph with every kind of node and edge, and names that are Mermaid syntax. */
export function everyKindGraph() {
  return buildSpawnGraph({
    discovery: {
      agents: [
        agent("end", { spawns: ["graph", "end", "ghost"] }),
        agent("graph", { spawns: "*" }),
        agent(HOSTILE, { provider: "team;x", spawns: ["end"] }),
        agent("o-x", { spawns: ["end"] }),
      ],
      shadowed: [{ agent: agent("graph", { source: "user" }), shadowedBy: "/p/.claude/agents/graph.md" }],
    },
  });
}
