// The end-to-end tree: every source family assembled in the app's order over one
// checked-in tree with shadowing, snapshotted with paths made relative.
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createDefaultRegistry } from "@roster/cli";
import { DiscoveryCache, discoverAgents, explainAgent, getAgent } from "@roster/core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

const fixture = fileURLToPath(new URL("./fixtures/tree", import.meta.url));
let root: string;
let ctx: { cwd: string; home: string; env: Record<string, string | undefined> };

/** The app's own registry: xcsh, claude, codex, gemini, plugins, bundled. */
const registry = () => createDefaultRegistry();

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "roster-e2e-"));
  cpSync(fixture, root, { recursive: true });
  const home = join(root, "home");
  // installPath must be absolute, so the registry is written where the tree now lives.
  const installed = {
    version: 2,
    plugins: {
      "alpha@market": [{ scope: "user", installPath: join(home, "plugins/alpha"), version: "1.2.0" }],
      "beta@market": [{ scope: "user", installPath: join(home, "plugins/beta"), version: "0.3.1" }],
    },
  };
  mkdirSync(join(home, ".claude", "plugins"), { recursive: true });
  writeFileSync(
    join(home, ".claude", "plugins", "installed_plugins.json"),
    JSON.stringify(installed, null, 2),
  );
  ctx = { cwd: join(root, "project"), home, env: {} };
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const relative = (value: string | undefined) => value?.replaceAll(`${root}/`, "<root>/");

describe("the six sources merged", () => {
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
