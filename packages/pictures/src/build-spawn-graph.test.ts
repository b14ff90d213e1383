import { describe, expect, test } from "vitest";
import { agent } from "../test/agents.js";
import { buildSpawnGraph } from "./build-spawn-graph.js";
import { focusSpawnGraph } from "./graph-lookup.js";

const edgesOf = (graph: ReturnType<typeof buildSpawnGraph>) =>
  graph.edges.map((e) => `${e.from}-${e.kind}->${e.to}${e.refusal ? ` ✗${e.refusal.code}` : ""}`);

describe("buildSpawnGraph", () => {
  test("spawns lists, Agent(…) tools and shadowed definitions become edges; ids are roster's, not names", () => {
    const lead = agent("lead", {
      spawns: ["reviewer"],
      tools: ["read", "agent", "submit_result"],
      toolsAsWritten: ["Read", "Agent(reviewer)"],
    });
    const reviewer = agent("reviewer", { spawns: ["fixer"] });
    const fixer = agent("fixer", { provider: "codex", filePath: "/p/.codex/agents/fixer.toml" });
    const oldReviewer = agent("reviewer", { source: "user", filePath: "/h/.claude/agents/reviewer.md" });
    const graph = buildSpawnGraph({
      discovery: {
        agents: [lead, reviewer, fixer],
        shadowed: [{ agent: oldReviewer, shadowedBy: reviewer.filePath! }],
      },
    });
    expect(graph.nodes.map((n) => [n.id, n.kind, n.name])).toEqual([
      ["a0", "agent", "lead"],
      ["a1", "agent", "reviewer"],
      ["a2", "agent", "fixer"],
      ["s0", "shadowed", "reviewer"],
    ]);
    expect(graph.nodes[0]!.spawnsVia).toBe("tools");
    expect(graph.nodes[1]!.spawnsVia).toBe("spawns");
    expect(edgesOf(graph)).toEqual(["s0-shadowed-by->a1", "a0-spawns->a1", "a1-spawns->a2"]);
    // The shadowed definition sits beside its winner, in the winner's family.
    expect(graph.groups).toEqual([
      { family: "claude", nodes: ["a0", "a1", "s0"] },
      { family: "codex", nodes: ["a2"] },
    ]);
  });

  test("each winner is followed by what it shadows, in order; a scoped id reaches a plugin agent", () => {
    const plugin = { id: "kit@m", name: "kit", marketplace: "m", version: "1" };
    const lead = agent("lead", { spawns: ["kit:helper", "ghost"] });
    const reviewer = agent("reviewer");
    const helper = agent("helper", {
      provider: "plugins",
      plugin,
      filePath: "/h/plugins/kit/agents/helper.md",
    });
    const shadow = (of: string, provider: string, shadowedBy: string) => ({
      agent: agent(of, { provider, source: "user", filePath: `/h/.${provider}/agents/${of}.md` }),
      shadowedBy,
    });
    const graph = buildSpawnGraph({
      discovery: {
        agents: [lead, reviewer, helper],
        shadowed: [
          shadow("reviewer", "codex", reviewer.filePath!),
          shadow("lead", "xcsh", lead.filePath!),
          shadow("reviewer", "gemini", reviewer.filePath!),
          // Its winner's file is not one of the agents': the winner of its name.
          shadow("helper", "cursor", "/gone.md"),
        ],
      },
    });
    expect(graph.groups).toEqual([
      { family: "claude", nodes: ["a0", "s1", "a1", "s0", "s2"] },
      { family: "plugins", nodes: ["a2", "s3"] },
    ]);
    expect(edgesOf(graph)).toEqual([
      "s0-shadowed-by->a1",
      "s1-shadowed-by->a0",
      "s2-shadowed-by->a1",
      "s3-shadowed-by->a2",
      "a0-spawns->a2",
      "a0-spawns->m0 ✗executor/unknown-agent",
    ]);
  });

  test('"*" is one edge to one "any agent" node, not an edge to every agent', () => {
    const agents = Array.from({ length: 50 }, (_, i) => agent(`a${i}`, { spawns: "*" }));
    const graph = buildSpawnGraph({ discovery: { agents, shadowed: [] } });
    expect(graph.edges).toHaveLength(50);
    expect(new Set(graph.edges.map((e) => e.to))).toEqual(new Set(["any"]));
    expect(graph.nodes.filter((n) => n.kind === "any")).toHaveLength(1);
  });

  test("the executor's refusals, in its words: itself, no such agent, disabled", () => {
    const lead = agent("lead", { spawns: ["lead", "ghost", "off"] });
    const off = agent("off");
    const graph = buildSpawnGraph({
      discovery: { agents: [lead, off], shadowed: [] },
      session: { disabledAgents: ["off"] },
    });
    const refusals = graph.edges.map((e) => e.refusal);
    expect(refusals).toEqual([
      {
        code: "executor/blocked-recursion",
        message:
          "Cannot spawn lead agent from within itself (recursion prevention). Use a different agent type.",
        label: "itself",
      },
      { code: "executor/unknown-agent", message: 'Unknown agent "ghost"', label: "no such agent" },
      { code: "executor/disabled-agent", message: 'Agent "off" is disabled in settings.', label: "disabled" },
    ]);
    expect(graph.nodes.find((n) => n.name === "ghost")?.kind).toBe("missing");
    expect(graph.nodes.find((n) => n.name === "off")?.sessionRefusal?.code).toBe("executor/disabled-agent");
  });

  test("depth: with the default limit an agent started by another agent may spawn nothing", () => {
    const graph = buildSpawnGraph({
      discovery: { agents: [agent("lead", { spawns: ["reviewer"] }), agent("reviewer")], shadowed: [] },
    });
    expect(graph.session).toEqual({ depth: 0, maxRecursionDepth: 2, disabledAgents: [], chainLimit: 2 });
    const [edge] = graph.edges;
    expect(edge!.refusal).toBeUndefined();
    expect(edge!.refusedAtLevel).toEqual({
      level: 2,
      refusal: {
        code: "executor/spawn-not-allowed",
        message: "Cannot spawn 'reviewer'. Allowed: none (spawns disabled for this agent)",
        label: "depth 2",
      },
    });
  });

  test("depth: at maxRecursionDepth 1, or one level down already, every spawn is refused at once", () => {
    const discovery = { agents: [agent("lead", { spawns: "*" }), agent("reviewer")], shadowed: [] };
    for (const session of [{ maxRecursionDepth: 1 }, { depth: 1 }]) {
      const [edge] = buildSpawnGraph({ discovery, session }).edges;
      expect(edge!.refusal).toEqual({
        code: "executor/spawn-not-allowed",
        message: "Cannot spawn '*'. Allowed: none (spawns disabled for this agent)",
        label: `depth ${1 + (session.depth ?? 0)}`,
      });
    }
    // No limit: nothing refused for depth.
    const unlimited = buildSpawnGraph({ discovery, session: { maxRecursionDepth: -1 } });
    expect(unlimited.session.chainLimit).toBeUndefined();
    expect(unlimited.edges[0]!.refusal ?? unlimited.edges[0]!.refusedAtLevel).toBeUndefined();
  });

  test("what the session itself may not start: ROSTER_SPAWNS and PI_BLOCKED_AGENT", () => {
    const discovery = { agents: [agent("lead"), agent("reviewer"), agent("fixer")], shadowed: [] };
    const graph = buildSpawnGraph({
      discovery,
      session: { spawns: "lead,reviewer", blockedAgent: "reviewer" },
    });
    expect(graph.nodes.map((n) => n.sessionRefusal?.code)).toEqual([
      undefined,
      "executor/blocked-recursion",
      "executor/spawn-not-allowed",
    ]);
  });
});

describe("focusSpawnGraph", () => {
  const discovery = {
    agents: [
      agent("lead", { spawns: ["reviewer"] }),
      agent("reviewer", { spawns: ["fixer"] }),
      agent("fixer"),
      agent("boss", { spawns: "*" as const }),
      agent("loner"),
    ],
    shadowed: [{ agent: agent("reviewer", { source: "user" }), shadowedBy: "/p/.claude/agents/reviewer.md" }],
  };
  const graph = buildSpawnGraph({ discovery });

  test("one name: its definitions, what it may spawn, who may spawn it (any-spawners too)", () => {
    const focused = focusSpawnGraph(graph, "reviewer")!;
    expect(focused.nodes.map((n) => `${n.kind}:${n.name}`).sort()).toEqual(
      ["agent:boss", "agent:fixer", "agent:lead", "agent:reviewer", "any:*", "shadowed:reviewer"].sort(),
    );
    expect(focused.nodes.some((n) => n.name === "loner")).toBe(false);
  });

  test("an unknown name gives undefined", () => {
    expect(focusSpawnGraph(graph, "revewer")).toBeUndefined();
  });
});
