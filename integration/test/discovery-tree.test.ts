// The end-to-end tree: every source family assembled in the app's order over one
// checked-in tree with shadowing, snapshotted with paths made relative.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDefaultRegistry } from "@roster/cli";
import { DiscoveryCache, discoverAgents, getAgent } from "@roster/core";
import { explainAgent } from "@roster/profiles";
import { copyFixtureTree } from "@roster/testkit";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

let root: string;
let ctx: { cwd: string; home: string; env: Record<string, string | undefined> };

/** The app's own registry: xcsh, claude, codex, gemini, plugins, bundled. */
const registry = () => createDefaultRegistry();

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "roster-e2e-"));
  const { home, project } = copyFixtureTree(root);
  ctx = { cwd: project, home, env: {} };
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const relative = (value: string | undefined) => value?.replaceAll(`${root}/`, "<root>/");

describe("the six sources merged", () => {
  test("every outcome appears in the tree, and every file has exactly one", async () => {
    const discovery = await discoverAgents(registry(), ctx);
    const outcomes = new Set(discovery.files.map((f) => f.outcome));
    expect([...outcomes].sort()).toEqual(["loaded", "not-an-agent", "shadowed", "skipped"]);
    const count = (o: string) => discovery.files.filter((f) => f.outcome === o).length;
    expect(count("loaded")).toBe(discovery.agents.length);
    expect(count("shadowed")).toBe(discovery.shadowed.length);
  });

  test("agents, shadowed and diagnostics match the snapshot", async () => {
    const discovery = await discoverAgents(registry(), ctx);
    const view = {
      agents: discovery.agents.map((a) => ({
        name: a.name,
        source: a.source,
        provider: a.provider,
        file: relative(a.filePath),
        description: a.description,
        ...(a.tools ? { tools: a.tools } : {}),
        ...(a.spawns ? { spawns: a.spawns } : {}),
        ...(a.model ? { model: a.model } : {}),
        ...(a.thinkingLevel ? { thinkingLevel: a.thinkingLevel } : {}),
        ...(a.plugin ? { plugin: a.plugin.id } : {}),
        ...(a.output ? { hasOutputSchema: true } : {}),
      })),
      shadowed: discovery.shadowed.map((s) => [
        s.agent.name,
        relative(s.agent.filePath),
        relative(s.shadowedBy),
      ]),
      diagnostics: discovery.diagnostics.map((d) => [d.severity, d.code, relative(d.filePath)]),
      projectAgentsDir: relative(discovery.projectAgentsDir ?? undefined),
      files: discovery.files.map((f) => [
        f.provider,
        relative(f.path),
        f.outcome,
        ...(f.outcome === "shadowed" ? [relative(f.shadowedBy)] : []),
        ...(f.outcome === "skipped" ? [f.reason.code] : []),
      ]),
    };
    expect(view).toMatchSnapshot();
  });

  test("the consequences SPEC §5 names hold on the tree", async () => {
    const discovery = await discoverAgents(registry(), ctx);
    // .xcsh project beats .claude project beats .claude user.
    expect(getAgent(discovery, "reviewer")?.description).toBe("Project reviewer from .xcsh");
    // codex (higher family) beats gemini for a user agent.
    expect(getAgent(discovery, "doc-writer")?.provider).toBe("codex");
    // Any file beats bundled: a project gemini explore and a plugin plan.
    expect(getAgent(discovery, "explore")?.source).toBe("project");
    expect(getAgent(discovery, "plan")?.provider).toBe("plugins");
    // Bundled agents nobody overrides come last, in their own order.
    expect(discovery.agents.filter((a) => a.source === "bundled").map((a) => a.name)).toEqual([
      "designer",
      "task",
      "quick_task",
    ]);
    expect(discovery.agents.at(-1)?.source).toBe("bundled");
    // Two plugins ship code-reviewer: bare name first wins, scoped ids reach each.
    expect(getAgent(discovery, "code-reviewer")?.plugin?.name).toBe("alpha");
    expect(getAgent(discovery, "beta:code-reviewer")?.description).toBe("Beta code reviewer");
  });

  test("why lists every location searched for reviewer, in order", async () => {
    const why = explainAgent(await discoverAgents(registry(), ctx), "reviewer");
    const defining = why.candidates
      .filter((c) => c.filePath)
      .map((c) => [c.provider, relative(c.filePath), c.outcome]);
    expect(defining).toEqual([
      ["xcsh", "<root>/project/.xcsh/agents/reviewer.md", "winner"],
      ["claude", "<root>/project/.claude/agents/reviewer.md", "shadowed"],
      ["claude", "<root>/home/.claude/agents/reviewer.md", "shadowed"],
      ["bundled", "embedded:reviewer.md", "shadowed"],
    ]);
  });

  test("why names one file per agent, even where two bundled agents share an embedded file", async () => {
    const discovery = await discoverAgents(registry(), ctx);
    const why = explainAgent(discovery, "quick_task");
    expect(why.candidates.filter((c) => c.filePath).map((c) => [c.filePath, c.outcome])).toEqual([
      ["embedded:task.md", "winner"],
    ]);
    expect(why.files.map((f) => f.outcome)).toEqual(["loaded"]);
  });

  test("a warm rediscovery of the tree parses nothing", async () => {
    // The copy is fresh: let it age past the cache's 20 ms racy window first.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const cache = new DiscoveryCache();
    const cold = await discoverAgents(registry(), ctx, { cache });
    const parses = cache.stats.parses;
    const warm = await discoverAgents(registry(), ctx, { cache });
    expect(cache.stats.parses).toBe(parses);
    expect(warm.fingerprint).toBe(cold.fingerprint);
  });
});
