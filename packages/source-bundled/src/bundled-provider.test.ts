import { join } from "node:path";
import {
  createRegistry,
  type DiscoveryContext,
  defineProvider,
  discoverAgents,
  getAgent,
} from "@roster/core";
import { agentFile, createSandbox, type Sandbox } from "@roster/testkit";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { bundledProvider } from "./bundled-provider.js";
import { clearBundledAgentsCache, loadBundledAgents } from "./load-bundled.js";

let sb: Sandbox;
let ctx: DiscoveryContext;
beforeEach(() => {
  sb = createSandbox();
  ctx = sb.ctx();
});
afterEach(() => {
  sb.cleanup();
  clearBundledAgentsCache();
});

describe("bundledProvider.load", () => {
  test("agents: six items with source bundled and embedded file paths", async () => {
    const items = await bundledProvider.load(ctx, "agents");
    expect(items.map((i) => i.filePath)).toEqual([
      "embedded:explore.md",
      "embedded:plan.md",
      "embedded:designer.md",
      "embedded:reviewer.md",
      "embedded:task.md",
      "embedded:task.md",
    ]);
    for (const item of items) expect(item.source).toBe("bundled");
    expect(items.map((i) => i.frontmatter.name)).toEqual(loadBundledAgents().map((a) => a.name));
    expect(items[4]!.frontmatter).toMatchObject({ name: "task", spawns: "*", thinkingLevel: "medium" });
    expect(items[5]!.frontmatter).toMatchObject({ name: "quick_task", thinkingLevel: "minimal" });
    expect(items[0]!.body).toBe(loadBundledAgents()[0]!.systemPrompt);
  });

  test("commands: init with its default name and body", async () => {
    const items = await bundledProvider.load(ctx, "commands");
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ filePath: "embedded:init.md", source: "bundled", defaultName: "init" });
    expect(typeof items[0]!.frontmatter.description).toBe("string");
    expect(items[0]!.body).toContain("$@");
  });

  test("mutating loaded items does not leak into later loads", async () => {
    const first = await bundledProvider.load(ctx, "agents");
    (first[0]!.frontmatter as { name: string }).name = "hacked";
    (
      (first[0]!.frontmatter.output as { properties: Record<string, unknown> }).properties as Record<
        string,
        unknown
      >
    ).x = 1;
    const second = await bundledProvider.load(ctx, "agents");
    expect(second[0]!.frontmatter.name).toBe("explore");
    expect(Object.keys((second[0]!.frontmatter.output as { properties: object }).properties)).not.toContain(
      "x",
    );
  });
});

describe("discoverAgents with the bundled provider", () => {
  test("a file named explore beats the bundled explore, which is listed as shadowed", async () => {
    sb.write({ "home/agents/explore.md": agentFile("explore", "my own explorer") });
    const dir = join(sb.home, "agents");
    const mine = defineProvider({ id: "mine", locate: () => [{ dir, scope: "user" as const }] });
    const registry = createRegistry([mine, bundledProvider]);

    const result = await discoverAgents(registry, ctx);

    expect(result.diagnostics).toEqual([]);
    expect(result.agents.map((a) => a.name)).toEqual([
      "explore",
      "plan",
      "designer",
      "reviewer",
      "task",
      "quick_task",
    ]);
    const explore = getAgent(result.agents, "explore")!;
    expect(explore).toMatchObject({ description: "my own explorer", provider: "mine", source: "user" });
    expect(explore.filePath).toBe(join(dir, "explore.md"));
    expect(result.shadowed).toHaveLength(1);
    expect(result.shadowed[0]!.agent).toMatchObject({
      name: "explore",
      source: "bundled",
      filePath: "embedded:explore.md",
    });
    expect(result.shadowed[0]!.shadowedBy).toBe(join(dir, "explore.md"));
    expect(getAgent(result.agents, "reviewer")).toMatchObject({ source: "bundled", provider: "bundled" });
  });

  test("on its own it yields exactly what loadBundledAgents returns", async () => {
    const result = await discoverAgents(createRegistry([bundledProvider]), ctx);
    expect(result.diagnostics).toEqual([]);
    expect(result.shadowed).toEqual([]);
    expect(result.agents).toEqual(loadBundledAgents());
    expect(result.projectAgentsDir).toBeNull();
  });
});
