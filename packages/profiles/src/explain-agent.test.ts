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
import { dotFamily } from "../test/dot-family.js";
import { copiesByOriginal, copiesOf, explainAgent } from "./explain-agent.js";

const family = dotFamily;

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

  test("a scoped id names its plugin's definition; the order stays real and the bare name's winner wins", async () => {
    sb.write({
      "project/.claude/agents/code-reviewer.md": agentFile("code-reviewer"),
      "home/plug/agents/code-reviewer.md": agentFile("code-reviewer", "plugin reviewer"),
    });
    const plugin = defineProvider({
      id: "plugins",
      locate: (ctx) => ({
        locations: [
          {
            dir: join(ctx.home, "plug/agents"),
            scope: "user",
            plugin: { id: "pr-review-toolkit@m", name: "pr-review-toolkit", marketplace: "m", version: "1" },
          },
        ],
        diagnostics: [],
      }),
    });
    const d = await discoverAgents(createRegistry([family("claude"), plugin]), sb.ctx());
    const scoped = explainAgent(d, "pr-review-toolkit:code-reviewer");
    const bare = explainAgent(d, "code-reviewer");
    // The same table either way: the project's file wins the bare name, the plugin's is shadowed.
    expect(scoped.candidates).toEqual(bare.candidates);
    expect(scoped.candidates.filter((c) => c.filePath).map((c) => [rel(c.filePath), c.outcome])).toEqual([
      ["project/.claude/agents/code-reviewer.md", "winner"],
      ["home/plug/agents/code-reviewer.md", "shadowed"],
    ]);
    expect(rel(scoped.winner?.filePath)).toBe("project/.claude/agents/code-reviewer.md");
    expect(rel(scoped.asked?.filePath)).toBe("home/plug/agents/code-reviewer.md");
    expect(scoped.shadowed.map((a) => rel(a.filePath))).toEqual(["home/plug/agents/code-reviewer.md"]);
    expect(bare.asked).toBe(bare.winner);
  });

  test("a sub-folder file that wins in its folder says why: code-unit order of the path below it", async () => {
    sb.write({
      "project/.claude/agents/code-reviewer.md": agentFile("code-reviewer"),
      "project/.claude/agents/ahk/code-reviewer.md": agentFile("code-reviewer", "in a sub-folder"),
      "home/.claude/agents/code-reviewer.md": agentFile("code-reviewer"),
    });
    const nested = defineProvider({
      id: "claude",
      locate: (ctx, kind) =>
        familyLocations(ctx, {
          project: `.claude/${kind}`,
          user: join(ctx.home, ".claude", kind),
          recursive: true,
        }),
    });
    const why = explainAgent(await discoverAgents(createRegistry([nested]), sb.ctx()), "code-reviewer");
    expect(why.candidates.map((c) => [rel(c.filePath), c.outcome, rel(c.sameFolder?.first)])).toEqual([
      ["project/.claude/agents/ahk/code-reviewer.md", "winner", undefined],
      ["project/.claude/agents/code-reviewer.md", "shadowed", "project/.claude/agents/ahk/code-reviewer.md"],
      // Beaten by a file of another place: the order of places says it, no folder rule.
      ["home/.claude/agents/code-reviewer.md", "shadowed", undefined],
    ]);
    expect(why.candidates[1]!.sameFolder?.message).toBe(
      "ahk/code-reviewer.md is read before code-reviewer.md (within one folder, files are read in code-unit order of their path below it, sub-folders included), and the first definition wins",
    );
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
