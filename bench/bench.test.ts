import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createRegistry, DiscoveryCache, discoverAgents } from "@roster/core";
import { bundledProvider } from "@roster/source-bundled";
import { claudeProvider } from "@roster/source-claude";
import { codexProvider } from "@roster/source-codex";
import { geminiProvider } from "@roster/source-gemini";
import { pluginsProvider } from "@roster/source-plugins";
import { xcshProvider } from "@roster/source-xcsh";
import { afterEach, describe, expect, test } from "vitest";
import { corpusAgentTexts, generateTree, PLUGINS } from "./generate.mjs";
import { floorYaml, naiveDiscover } from "./lib.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const registry = () =>
  createRegistry([
    xcshProvider,
    claudeProvider,
    codexProvider,
    geminiProvider,
    pluginsProvider,
    bundledProvider,
  ]);
/** Files written just now are inside the cache's racy window; a real tree is older. */
const age = () => new Promise((r) => setTimeout(r, 60));

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

async function tree(n: number, corpus: boolean) {
  const root = mkdtempSync(join(tmpdir(), "roster-bench-test-"));
  roots.push(root);
  const written = generateTree(root, n, { corpus });
  await age();
  const ctx = { cwd: join(root, "project"), home: join(root, "home"), env: {} };
  return { root, written, ctx };
}

async function expectFullDiscovery(n: number, corpus: boolean) {
  const { written, ctx } = await tree(n, corpus);
  expect(written.files).toBe(n);
  const result = await discoverAgents(registry(), ctx);
  const found = result.agents.filter((a) => a.provider !== "bundled");
  expect(found.map((a) => a.name).sort()).toEqual([...written.names].sort());
  expect(result.shadowed).toHaveLength(n - written.names.size);
  // Every family, both scopes, the plugins and the Codex TOML agents are in the tree.
  const providers = new Set(result.agents.map((a) => a.provider));
  expect([...providers].sort()).toEqual(["bundled", "claude", "codex", "gemini", "plugins", "xcsh"]);
  expect(new Set(found.map((a) => a.source))).toEqual(new Set(["project", "user"]));
  expect(new Set(found.filter((a) => a.plugin).map((a) => a.plugin!.name)).size).toBe(PLUGINS);
  expect(found.some((a) => a.filePath?.endsWith(".toml"))).toBe(true);
  expect(result.diagnostics.filter((d) => d.severity !== "info")).toEqual([]);
  // The naive baseline reads the same folders and finds the same agents.
  expect(naiveDiscover(written.folders)).toBe(written.names.size);
  return written;
}

describe("the generated trees", () => {
  test("discover to the expected counts (synthetic files)", async () => {
    const written = await expectFullDiscovery(250, false);
    expect(written.usedCorpus).toBe(false);
  });

  test.skipIf(corpusAgentTexts().length === 0)("discover to the expected counts (corpus files)", async () => {
    const written = await expectFullDiscovery(400, true);
    expect(written.usedCorpus).toBe(true);
  });

  test("the YAML floor parses every markdown file's frontmatter", async () => {
    const { written } = await tree(120, false);
    // 3% of the files are Codex TOML agents without YAML frontmatter.
    expect(floorYaml(written.folders)).toBe(120 - Math.round(120 * 0.03));
  });
});

describe("the cache counters the bench reports", () => {
  test("cold parses every file, warm parses none, an edit parses one", async () => {
    const n = 200;
    const { written, ctx } = await tree(n, false);
    const reg = registry();
    const cache = new DiscoveryCache();
    const cold = await discoverAgents(reg, ctx, { cache });
    expect(cache.stats.parses).toBe(n);

    const hits = cache.stats.hits;
    const warm = await discoverAgents(reg, ctx, { cache });
    expect(cache.stats.parses).toBe(n);
    expect(cache.stats.hits - hits).toBe(n);
    expect(warm.fingerprint).toBe(cold.fingerprint);

    writeFileSync(written.editTarget, "---\nname: edited-agent\ndescription: changed\n---\nBody\n");
    const edited = await discoverAgents(reg, ctx, { cache });
    expect(cache.stats.parses).toBe(n + 1);
    expect(edited.fingerprint).not.toBe(cold.fingerprint);
    expect(edited.agents.some((a) => a.name === "edited-agent")).toBe(true);
  });
});

describe("the whole-process programs", () => {
  test("the naive program lists the agents discovery finds, shadowed ones included; the floor reads them", async () => {
    const { root, written, ctx } = await tree(300, false);
    const naive = spawnSync(process.execPath, [join(here, "naive.mjs"), ctx.cwd, ctx.home], {
      encoding: "utf8",
    });
    expect(naive.status).toBe(0);
    const listed = JSON.parse(naive.stdout) as {
      agents: Array<{ name: string; filePath: string }>;
      shadowed: unknown[];
    };
    const result = await discoverAgents(registry(), ctx);
    const found = result.agents.filter((a) => a.provider !== "bundled");
    expect(listed.agents.map((a) => [a.name, a.filePath])).toEqual(found.map((a) => [a.name, a.filePath]));
    expect(listed.shadowed).toHaveLength(result.shadowed.length);
    // The lean program (issue #31's memory stretch): the same agents, only their names and paths.
    const lean = spawnSync(process.execPath, [join(here, "naive.mjs"), ctx.cwd, ctx.home, "--lean"], {
      encoding: "utf8",
    });
    expect(lean.status).toBe(0);
    const kept = JSON.parse(lean.stdout) as { agents: Array<Record<string, unknown>>; shadowed: unknown[] };
    expect(kept.agents).toEqual(found.map((a) => ({ name: a.name, filePath: a.filePath })));
    expect(kept.shadowed).toHaveLength(result.shadowed.length);

    const folders = join(root, "folders.json");
    writeFileSync(folders, JSON.stringify(written.folders));
    expect(spawnSync(process.execPath, [join(here, "floor.mjs"), folders]).status).toBe(0);
  });
});

describe("the views' phases (views.mjs)", () => {
  // The corpus's files where it is beside the clone, synthetic ones in a user's clone (the
  // script itself refuses to turn synthetic unasked).
  const synthetic = corpusAgentTexts().length === 0;
  test(`plans, discovers and judges every view of a small tree, a line a round (${synthetic ? "synthetic" : "corpus"} files)`, () => {
    const args = [join(here, "views.mjs"), "200", "2", ...(synthetic ? ["--synthetic"] : [])];
    const run = spawnSync(process.execPath, args, { encoding: "utf8" });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    const rounds = run.stdout.trim().split("\n");
    expect(rounds).toHaveLength(2);
    // Every round judges the same files: more than the tree's, as several tools read one file.
    const judged = rounds.map((line) => Number(/judging (\d+) files/.exec(line)?.[1]));
    expect(judged[0]).toBeGreaterThan(200);
    expect(judged[1]).toBe(judged[0]);
  });
});
