import type { Stats } from "node:fs";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseFrontmatter } from "@roster/frontmatter";
import { agentFile, createSandbox, type Sandbox } from "@roster/testkit";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { discoverAgents } from "./discover-agents.js";
import { familyLocations } from "./family.js";
import type { ParseIndex, StoredParse } from "./parsed-record.js";
import { defineProvider } from "./provider.js";
import { readLocations } from "./read-locations.js";
import { createRegistry } from "./registry.js";

const claude = defineProvider({
  id: "claude",
  locate: (ctx, kind) =>
    familyLocations(ctx, {
      project: `.claude/${kind}`,
      user: join(ctx.home, ".claude", kind),
      recursive: true,
    }),
});

/** An in-memory index keyed by path and the full stat: what @roster/index does on disk. */
function memoryIndex() {
  const entries = new Map<string, { stamp: string; value: StoredParse }>();
  const stamp = (s: Stats) => `${s.mtimeMs}:${s.ctimeMs}:${s.size}:${s.ino}`;
  const counts = { hits: 0, stores: 0 };
  const index: ParseIndex = {
    lookup: (path, stats) => {
      const entry = entries.get(path);
      if (!entry || entry.stamp !== stamp(stats)) return undefined;
      counts.hits++;
      return JSON.parse(JSON.stringify(entry.value)) as StoredParse;
    },
    store: (path, stats, _seenAt, value) => {
      counts.stores++;
      entries.set(path, { stamp: stamp(stats), value: JSON.parse(JSON.stringify(value)) });
    },
  };
  return { index, counts };
}

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

describe("discovery with a persistent index and bodies on demand", () => {
  test("agents from the index equal agents read from the files, full definitions included", async () => {
    sb.write({
      "project/.claude/agents/a.md": agentFile(
        "a",
        "the a agent",
        "tools: Read, Grep",
        "You are a.\n\nBe brief.",
      ),
      "project/.claude/agents/sub/b.md":
        "\ufeff---\r\nname: b\r\ndescription: crlf\r\n---\r\nBody <!-- c --> b\r\n",
      "project/.claude/agents/bad.md": "---\nname: bad\ndescription: Use it. Triggers on: 'x'\n---\nBody\n",
      "home/.claude/agents/a.md": agentFile("a", "shadowed a"),
      "home/.claude/agents/latin1.md": Buffer.from(
        "---\nname: l\ndescription: caf\xe9\n---\nb\xe9\n",
        "latin1",
      ),
    });
    const registry = createRegistry([claude]);
    const plain = await discoverAgents(registry, sb.ctx());
    const { index, counts } = memoryIndex();
    const first = await discoverAgents(registry, sb.ctx(), { index });
    expect(counts).toEqual({ hits: 0, stores: 5 });
    const second = await discoverAgents(registry, sb.ctx(), { index });
    expect(counts).toEqual({ hits: 5, stores: 5 });
    for (const result of [first, second]) {
      expect(JSON.stringify(result.agents)).toBe(JSON.stringify(plain.agents));
      expect(JSON.stringify(result.shadowed)).toBe(JSON.stringify(plain.shadowed));
      expect(result.diagnostics).toEqual(plain.diagnostics);
      expect(result.fingerprint).toBe(plain.fingerprint);
    }
    // The prompt is each file's whole-text parse, as before bodies were read on demand.
    const a = second.agents.find((x) => x.name === "a")!;
    // The prompt keeps its place among the keys (JSON of an agent is unchanged).
    const keys = Object.keys(a);
    expect(keys.slice(0, 3)).toEqual(["name", "description", "tools"]);
    expect(keys.slice(keys.indexOf("systemPrompt"))).toEqual([
      "systemPrompt",
      "source",
      "provider",
      "filePath",
    ]);
    expect(a.systemPrompt).toBe("You are a.\n\nBe brief.");
    expect(second.agents.find((x) => x.name === "b")!.systemPrompt).toBe(
      parseFrontmatter("\ufeff---\r\nname: b\r\ndescription: crlf\r\n---\r\nBody <!-- c --> b\r\n").body,
    );
    expect(plain.diagnostics.map((d) => d.code).sort()).toEqual([
      "frontmatter/fallback",
      "frontmatter/yaml-error",
      "load/invalid-utf8",
    ]);
  });

  test("a body changed between the frontmatter read and the first body access: the record says so", async () => {
    sb.write({ "project/.claude/agents/a.md": agentFile("a", "the a agent", "", "Old prompt") });
    const read = await readLocations(createRegistry([claude]), sb.ctx(), "agents");
    const file = read.files[0]!;
    writeFileSync(file.filePath, agentFile("a", "the a agent", "", "A new and longer prompt"));
    expect(file.parsed.body).toBe("A new and longer prompt");
    expect(file.parsed.diagnostics).toEqual([expect.objectContaining({ code: "load/changed-after-read" })]);
  });

  test("a stat-only pass reads nothing but gives the same fingerprint and places", async () => {
    sb.write({
      "project/.claude/agents/a.md": agentFile("a"),
      "home/.claude/agents/b.md": agentFile("b"),
    });
    const registry = createRegistry([claude]);
    const full = await readLocations(registry, sb.ctx(), "agents");
    const look = await readLocations(registry, sb.ctx(), "agents", { statOnly: true });
    expect(look.files).toEqual([]);
    expect(look.fingerprint).toBe(full.fingerprint);
    expect(look.searched.map((s) => s.status)).toEqual(full.searched.map((s) => s.status));
    expect(look.newestMtimeMs).toBe(full.newestMtimeMs);
    expect(look.newestMtimeMs).toBeGreaterThan(0);
  });
});
