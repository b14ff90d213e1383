// explainAgent over a real discovery: every searched place in order and what it held for
// the name (moved here from @roster/core with the code).
import { join } from "node:path";
import {
  createRegistry,
  DiscoveryCache,
  defineProvider,
  discoverAgents,
  familyLocations,
  type LoadedItem,
  type SourceProvider,
} from "@roster/core";
import { agentFile, createSandbox, type Sandbox } from "@roster/testkit";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { copiesByOriginal, copiesOf, explainAgent } from "./explain-agent.js";

/** A family like the real ones: `.<id>/agents` walking up, then `~/.<id>/agents`. */
const family = (id: string): SourceProvider =>
  defineProvider({
    id,
    locate: (ctx, kind) =>
      familyLocations(ctx, { project: `.${id}/${kind}`, user: join(ctx.home, `.${id}`, kind) }),
  });

const builtin = (...names: string[]): SourceProvider =>
  defineProvider({
    id: "bundled",
    load: (): LoadedItem[] =>
      names.map((name) => ({
        filePath: `embedded:${name}.md`,
        frontmatter: { name, description: `bundled ${name}` },
        body: `bundled ${name} prompt`,
      })),
  });

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox("explain-agent-");
});
afterEach(() => sb.cleanup());

const rel = (path: string | undefined) => path?.replace(`${sb.root}/`, "");

describe("explainAgent", () => {
  test("why lists every location in order with winner, shadowed and absent", async () => {
    sb.write({
      "project/.claude/agents/rev.md": agentFile("rev"),
      "home/.claude/agents/rev.md": agentFile("rev"),
      "home/.xcsh/agents/other.md": agentFile("other"),
    });
    const registry = createRegistry([family("xcsh"), family("claude"), builtin("rev")]);
    const explanation = explainAgent(await discoverAgents(registry, sb.ctx()), "rev");
    expect(explanation.winner?.source).toBe("project");
    expect(
      explanation.candidates.map((c) => [c.provider, rel(c.location), rel(c.filePath), c.outcome]),
    ).toEqual([
      ["xcsh", "home/.xcsh/agents", undefined, "absent"],
      ["claude", "project/.claude/agents", "project/.claude/agents/rev.md", "winner"],
      ["claude", "home/.claude/agents", "home/.claude/agents/rev.md", "shadowed"],
      ["bundled", "provider:bundled", "embedded:rev.md", "shadowed"],
    ]);
    expect(explanation.shadowed).toHaveLength(2);
  });

  test("through a cache, a second discovery explains the same (the merge it reuses is an earlier read's)", async () => {
    sb.write({
      "project/.claude/agents/rev.md": agentFile("rev"),
      "home/.claude/agents/rev.md": agentFile("rev"),
    });
    const registry = createRegistry([family("claude"), builtin("rev")]);
    const plain = explainAgent(await discoverAgents(registry, sb.ctx()), "rev");
    const cache = new DiscoveryCache();
    await discoverAgents(registry, sb.ctx(), { cache });
    const cached = explainAgent(await discoverAgents(registry, sb.ctx(), { cache }), "rev");
    expect(cached.candidates).toEqual(plain.candidates);
    expect(cached.candidates.map((c) => c.outcome)).toEqual(["winner", "shadowed", "shadowed"]);
  });

  test("an unknown name has no winner and every location absent or missing", async () => {
    const explanation = explainAgent(
      await discoverAgents(createRegistry([family("claude")]), sb.ctx()),
      "nope",
    );
    expect(explanation.winner).toBeNull();
    expect(explanation.candidates.map((c) => c.outcome)).toEqual(["missing"]);
  });

  test("a skipped file that names the agent is a skipped candidate with its reason", async () => {
    sb.write({ "project/.claude/agents/nodesc.md": "---\nname: nodesc\n---\nbody\n" });
    const why = explainAgent(await discoverAgents(createRegistry([family("claude")]), sb.ctx()), "nodesc");
    expect(why.winner).toBeNull();
    expect(why.candidates.filter((c) => c.filePath)).toEqual([
      expect.objectContaining({
        outcome: "skipped",
        reason: expect.objectContaining({ code: "agent/missing-description" }),
      }),
    ]);
  });

  test("a prototype name (toString) is explained like any other", async () => {
    sb.write({
      "project/.claude/agents/c.md": agentFile("toString"),
      "home/.claude/agents/c.md": agentFile("toString", "user"),
    });
    const why = explainAgent(await discoverAgents(createRegistry([family("claude")]), sb.ctx()), "toString");
    expect(why.candidates.filter((c) => c.filePath).map((c) => c.outcome)).toEqual(["winner", "shadowed"]);
  });

  test("a copy roster wrote is a candidate of its own outcome under the winner, not shadowed (SPEC §16)", async () => {
    sb.write({
      "project/.opencode/agents/rev.md": agentFile("rev", "copy of rev", "generated-by: roster"),
      "project/.copilot/agents/rev.md": agentFile("rev", "the source"),
    });
    const d = await discoverAgents(createRegistry([family("opencode"), family("copilot")]), sb.ctx());
    const why = explainAgent(d, "rev");
    expect(why.winner?.provider).toBe("copilot");
    expect(why.shadowed).toEqual([]);
    expect(why.copies.map((c) => rel(c.filePath))).toEqual(["project/.opencode/agents/rev.md"]);
    expect(copiesOf(d, why.winner!)).toEqual(why.copies);
    expect(why.candidates.filter((c) => c.filePath).map((c) => [c.outcome, rel(c.copyOf)])).toEqual([
      ["copy", "project/.copilot/agents/rev.md"],
      ["winner", undefined],
    ]);
  });
  test("copiesByOriginal and copiesOf give each definition the copies standing under it, grouping them once", async () => {
    // Three names: one with two copies in two families, one with none, and an orphan copy.
    sb.write({
      "project/.opencode/agents/rev.md": agentFile("rev", "copy of rev", "generated-by: roster"),
      "project/.gemini/agents/rev.md": agentFile("rev", "another copy", "generated-by: roster"),
      "project/.gemini/agents/lone.md": agentFile("lone", "its source is gone", "generated-by: roster"),
      "project/.copilot/agents/rev.md": agentFile("rev", "the source"),
      "project/.copilot/agents/plan.md": agentFile("plan", "no copies"),
      "home/.copilot/agents/rev.md": agentFile("rev", "shadowed source", "user"),
    });
    const registry = createRegistry([family("opencode"), family("gemini"), family("copilot")]);
    const d = await discoverAgents(registry, sb.ctx());
    let walks = 0;
    const counted = new Proxy(d.copies, {
      get(target, key, receiver) {
        if (key === Symbol.iterator) walks += 1;
        return Reflect.get(target, key, receiver);
      },
    });
    const copiesOfAgent = copiesByOriginal({ copies: counted });
    const everyone = [...d.agents, ...d.shadowed.map((s) => s.agent), ...d.copies.map((c) => c.agent)];
    // The copies that name the agent's file (or provider) as their source, in search order.
    const standingUnder = (agent: (typeof everyone)[number]) =>
      d.copies.filter((c) => c.copyOf === (agent.filePath ?? agent.provider)).map((c) => c.agent);
    for (const agent of everyone) {
      expect(copiesOfAgent(agent)).toEqual(standingUnder(agent));
      expect(copiesOf(d, agent)).toEqual(standingUnder(agent));
    }
    expect(copiesOfAgent(d.agents.find((a) => a.name === "rev")!).map((c) => rel(c.filePath))).toEqual([
      "project/.opencode/agents/rev.md",
      "project/.gemini/agents/rev.md",
    ]);
    // The list asks for every agent: the copies are walked once, not once per agent.
    expect(walks).toBe(1);
    // Each answer is the caller's to keep.
    const rev = d.agents.find((a) => a.name === "rev")!;
    copiesOfAgent(rev).pop();
    expect(copiesOfAgent(rev)).toHaveLength(2);
  });
});
