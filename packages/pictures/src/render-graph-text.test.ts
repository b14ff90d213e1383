import { describe, expect, test } from "vitest";
import { agent, HOSTILE } from "../test/agents.js";
import { buildSpawnGraph } from "./build-spawn-graph.js";
import { renderGraphText } from "./render-graph-text.js";

const discovery = {
  agents: [
    agent("lead", {
      spawns: ["reviewer", "lead", "ghost"],
      toolsAsWritten: ["Agent(reviewer, lead, ghost)"],
    }),
    agent("reviewer", { spawns: ["fixer", "explore"] }),
    agent("fixer", { spawns: "*" as const }),
    agent("explore", { provider: "bundled", source: "bundled", filePath: "embedded:explore.md" }),
  ],
  shadowed: [
    {
      agent: agent("reviewer", { source: "user", filePath: "/home/me/.claude/agents/reviewer.md" }),
      shadowedBy: "/p/.claude/agents/reviewer.md",
    },
  ],
};

describe("renderGraphText", () => {
  test("a tree per family: spawns followed along a chain, refusals marked, shadowed definitions beside the winner", () => {
    const lines = renderGraphText(buildSpawnGraph({ discovery }));
    expect(lines.join("\n")).toBe(
      [
        "4 agents in 2 families; 3 may spawn; 1 shadowed",
        "maxRecursionDepth 2: the 2nd agent of a chain may spawn nothing",
        "",
        "claude",
        "├─ lead · project · via tools",
        "│  ├─→ reviewer",
        "│  │   └─ ✗ depth 2: may spawn none of its 2",
        "│  ├─→ lead  ✗ itself",
        "│  └─→ ghost (no such agent)  ✗ no such agent",
        "├─ reviewer · project",
        "│  ├─→ fixer",
        "│  │   └─→ * any agent  ✗ depth 2",
        "│  ├─→ explore",
        "│  └─ hides reviewer · claude user · /home/me/.claude/agents/reviewer.md",
        "└─ fixer · project",
        "   └─→ * any agent but itself",
        "",
        "bundled",
        "└─ explore · bundled",
        "",
        "✗ the executor refuses:",
        "  depth 2: Cannot spawn 'fixer'. Allowed: none (spawns disabled for this agent) (executor/spawn-not-allowed)",
        "  itself: Cannot spawn lead agent from within itself (recursion prevention). Use a different agent type. (executor/blocked-recursion)",
        '  no such agent: Unknown agent "ghost" (executor/unknown-agent)',
      ].join("\n"),
    );
  });

  test("with a width of 80 every line fits: the tree is cut, the executor's sentences wrap", () => {
    const long = agent(`${"very-long-agent-name-".repeat(5)}end`, { spawns: ["lead"] });
    const graph = buildSpawnGraph({ discovery: { ...discovery, agents: [...discovery.agents, long] } });
    const lines = renderGraphText(graph, { width: 80 });
    for (const line of lines) expect([...line].length, line).toBeLessThanOrEqual(80);
    expect(lines.some((l) => l.endsWith("…"))).toBe(true);
    // Wrapped, not cut: every word of the executor's sentence is still there.
    expect(lines.join(" ").replace(/\s+/g, " ")).toContain(
      "Cannot spawn lead agent from within itself (recursion prevention). Use a different agent type.",
    );
  });

  test("a cycle stops when an agent comes back on its own path (no depth limit)", () => {
    const graph = buildSpawnGraph({
      discovery: { agents: [agent("a", { spawns: ["b"] }), agent("b", { spawns: ["a"] })], shadowed: [] },
      session: { maxRecursionDepth: -1 },
    });
    const lines = renderGraphText(graph);
    expect(lines.slice(3, 8)).toEqual([
      "claude",
      "├─ a · project",
      "│  └─→ b",
      "│      └─→ a",
      "└─ b · project",
    ]);
  });

  test("file data goes through the caller's escaper before it is measured", () => {
    const graph = buildSpawnGraph({ discovery: { agents: [agent(`${HOSTILE}\u001b[31m`)], shadowed: [] } });
    const lines = renderGraphText(graph, { escape: (t) => t.replaceAll("\u001b", "\\x1b") });
    expect(lines.join("\n")).toContain(`${HOSTILE}\\x1b[31m · project`);
    expect(lines.join("\n")).not.toContain("\u001b");
  });
});
