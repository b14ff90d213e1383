// The suite's own correctness: generated trees discover to the expected counts, and the
// cache counters the ratios rely on are real. No timing is asserted here.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createRegistry, DiscoveryCache, discoverAgents } from "@roster/core";
import { bundledProvider } from "@roster/source-bundled";
import { claudeProvider } from "@roster/source-claude";
import { codexProvider } from "@roster/source-codex";
import { geminiProvider } from "@roster/source-gemini";
import { pluginsProvider } from "@roster/source-plugins";
import { xcshProvider } from "@roster/source-xcsh";
import { afterAll, describe, expect, test } from "vitest";
import { generateTree } from "./generate.mjs";
import { floorRead, naiveDiscover } from "./lib.mjs";

const registry = () =>
  createRegistry([
    xcshProvider,
    claudeProvider,
    codexProvider,
    geminiProvider,
    pluginsProvider,
    bundledProvider,
  ]);
const work = mkdtempSync(join(tmpdir(), "roster-bench-test-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("generated trees", () => {
  test.each([100, 300])("N=%i discovers every distinct name plus the six bundled agents", async (n) => {
    const root = join(work, `n${n}`);
    const tree = generateTree(root, n);
    expect(tree.files).toBe(n);
    const ctx = { cwd: join(root, "project"), home: join(root, "home"), env: {} };
    const discovery = await discoverAgents(registry(), ctx);
    expect(discovery.agents.length).toBe(tree.names.size + 6);
    expect(discovery.shadowed.length).toBe(n - tree.names.size);
    expect(discovery.diagnostics.filter((d) => d.severity !== "info")).toEqual([]);
    // Every family and the plugins hold files.
    const providers = new Set(discovery.agents.map((a) => a.provider));
    expect([...providers].sort()).toEqual(["bundled", "claude", "codex", "gemini", "plugins", "xcsh"]);
    // The naive baseline finds the same names (it knows no bundled agents).
    expect(naiveDiscover(tree.folders)).toBe(tree.names.size);
    expect(floorRead(tree.folders)).toBeGreaterThan(0);
  });
});

describe("the cache counters behind the ratios", () => {
  test("a warm rediscovery parses nothing; an edit parses exactly one file", async () => {
    const root = join(work, "cache");
    generateTree(root, 200);
    await new Promise((r) => setTimeout(r, 50));
    const ctx = { cwd: join(root, "project"), home: join(root, "home"), env: {} };
    const cache = new DiscoveryCache();
    const reg = registry();
    await discoverAgents(reg, ctx, { cache });
    expect(cache.stats.parses).toBe(200);
    await discoverAgents(reg, ctx, { cache });
    expect(cache.stats.parses).toBe(200);
    expect(cache.stats.hits).toBe(200);
    writeFileSync(
      join(root, "project/.claude/agents/edited.md"),
      "---\nname: edited\ndescription: e\n---\nB\n",
    );
    await discoverAgents(reg, ctx, { cache });
    expect(cache.stats.parses).toBe(201);
  });
});
