import { mkdirSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { agentFile, createSandbox, type Sandbox } from "@roster/testkit";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { reshapeParsed } from "./deferred-body.js";
import { discoverAgents } from "./discover-agents.js";
import { DiscoveryCache } from "./discovery-cache.js";
import { fileSystemOf } from "./fs.js";
import { getAgent } from "./get-agent.js";
import { markdownFormat } from "./markdown-format.js";
import { defineProvider } from "./provider.js";
import { createRegistry } from "./registry.js";
import type { FileFormat, FileSystem, FormatResult } from "./types.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox("roster-deferred-");
});
afterEach(() => sb.cleanup());

/** node:fs, noting every path read through `readFile` (discovery takes the `stat` + `readFile` path then). */
function countingReads(): { fs: FileSystem; reads: string[] } {
  const reads: string[] = [];
  const node = fileSystemOf({});
  const fs: FileSystem = {
    ...node,
    readFile: (path, max, stats, scratch) => {
      reads.push(path);
      return node.readFile(path, max, stats, scratch);
    },
  };
  return { fs, reads };
}

/** A family's format that adds a key, the way a wrapper should (reshape) or a careless one might (spread). */
function wrapper(how: "reshape" | "spread"): FileFormat {
  return {
    id: `wrapped-${how}`,
    extensions: [".md"],
    parse(file): FormatResult {
      const parsed = markdownFormat.parse(file);
      if (parsed.kind === "unusable") return parsed;
      const frontmatter = { ...parsed.frontmatter, family: "team" };
      return how === "reshape" ? reshapeParsed(parsed, { frontmatter }) : { ...parsed, frontmatter };
    },
  };
}

async function discover(format: FileFormat, fs?: FileSystem) {
  const dir = join(sb.root, "agents");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "a.md"), agentFile("a", "first agent"));
  const provider = defineProvider({ id: "team", locate: () => [{ dir, scope: "user", formats: [format] }] });
  const ctx = { cwd: sb.root, home: sb.root, env: {}, ...(fs ? { fs } : {}) };
  return discoverAgents(createRegistry([provider]), ctx, { bodies: "on-demand" });
}

describe("a format wrapping markdown, bodies on demand", () => {
  test("reshapeParsed keeps the prompt deferred: read on first access, once", async () => {
    const { fs, reads } = countingReads();
    const d = await discover(wrapper("reshape"), fs);
    const agent = getAgent(d, "a")!;
    expect(agent.extra).toEqual({ family: "team" });
    expect(reads).toHaveLength(1);
    expect(agent.systemPrompt).toContain("a");
    expect(reads).toHaveLength(2);
    expect(agent.systemPrompt).toBe(agent.systemPrompt);
    expect(reads).toHaveLength(2);
  });

  test("a spread copy reads the prompt at once, and it is the same prompt", async () => {
    const lazy = await discover(wrapper("spread"));
    const eager = await discoverAgents(
      createRegistry([
        defineProvider({
          id: "team",
          locate: () => [{ dir: join(sb.root, "agents"), scope: "user", formats: [wrapper("spread")] }],
        }),
      ]),
      { cwd: sb.root, home: sb.root, env: {} },
    );
    expect(getAgent(lazy, "a")!.systemPrompt).toBe(getAgent(eager, "a")!.systemPrompt);
    expect(getAgent(lazy, "a")!.systemPrompt.length).toBeGreaterThan(0);
  });
});

describe('bodies: "none" (a listing)', () => {
  /** Two agent files (one of them shadowed) and a Codex-shaped TOML-free family, under one provider. */
  function registryOf(formats: FileFormat[] = [markdownFormat]) {
    const dir = join(sb.root, "agents");
    const later = join(sb.root, "later");
    mkdirSync(dir, { recursive: true });
    mkdirSync(later, { recursive: true });
    writeFileSync(join(dir, "a.md"), agentFile("a", "first agent", "tools: Read, Grep", "You are a."));
    writeFileSync(join(dir, "doc.md"), "# Notes\n\nNot an agent.\n");
    writeFileSync(join(later, "a.md"), agentFile("a", "shadowed agent"));
    writeFileSync(join(later, "bad.md"), "---\nname: bad\n---\nno description\n");
    // Back-dated out of the racy window, so that a cache keeps what it read.
    const hourAgo = new Date(Date.now() - 3_600_000);
    for (const path of ["agents/a.md", "agents/doc.md", "later/a.md", "later/bad.md"])
      utimesSync(join(sb.root, path), hourAgo, hourAgo);
    return createRegistry([
      defineProvider({
        id: "team",
        locate: () => [
          { dir, scope: "user", formats },
          { dir: later, scope: "user", formats },
        ],
      }),
    ]);
  }

  test("reads no prompt: the same agents, records and diagnostics as on demand, every prompt empty", async () => {
    const { fs, reads } = countingReads();
    const ctx = { cwd: sb.root, home: sb.root, env: {}, fs };
    const registry = registryOf();
    const none = await discoverAgents(registry, ctx, { bodies: "none" });
    const readsForNone = reads.length;
    const lazy = await discoverAgents(registry, ctx, { bodies: "on-demand" });
    // Every file once, and nothing read again for a prompt.
    expect(readsForNone).toBe(4);
    for (const agent of none.agents) {
      expect(agent.systemPrompt).toBe("");
      // A plain value, not an accessor that would read the file.
      expect(Object.getOwnPropertyDescriptor(agent, "systemPrompt")).toMatchObject({ value: "" });
    }
    expect(reads).toHaveLength(readsForNone + 4);
    // Every field but the prompt, in order (the prompt is not read here).
    const withoutPrompt = (agent: object) =>
      Object.keys(agent)
        .filter((key) => key !== "systemPrompt")
        .map((key) => [key, (agent as Record<string, unknown>)[key]]);
    expect(none.agents.map(withoutPrompt)).toEqual(lazy.agents.map(withoutPrompt));
    expect(none.agents.map((a) => Object.keys(a))).toEqual(lazy.agents.map((a) => Object.keys(a)));
    expect(none.shadowed.map((s) => [s.agent.filePath, s.shadowedBy])).toEqual(
      lazy.shadowed.map((s) => [s.agent.filePath, s.shadowedBy]),
    );
    // As JSON: the on-demand records also carry their deferred body under a symbol.
    expect(JSON.stringify(none.files)).toBe(JSON.stringify(lazy.files));
    expect(none.files.map((f) => f.outcome)).toEqual(["loaded", "not-an-agent", "shadowed", "skipped"]);
    expect(none.diagnostics).toEqual(lazy.diagnostics);
    expect(reads).toHaveLength(readsForNone + 4);
    // The on-demand discovery still has its prompts.
    expect(getAgent(lazy, "a")!.systemPrompt).toBe("You are a.");
  });

  test("a format wrapping markdown (reshape or spread) gets an empty prompt too", async () => {
    for (const how of ["reshape", "spread"] as const) {
      const d = await discoverAgents(
        registryOf([wrapper(how)]),
        { cwd: sb.root, home: sb.root, env: {} },
        {
          bodies: "none",
        },
      );
      expect(getAgent(d, "a")).toMatchObject({ systemPrompt: "", extra: { family: "team" } });
    }
  });

  test("a cache never hands a result without its prompt to a discovery that asked for prompts", async () => {
    const registry = registryOf();
    const ctx = { cwd: sb.root, home: sb.root, env: {} };
    const cache = new DiscoveryCache();
    const none = await discoverAgents(registry, ctx, { cache, bodies: "none" });
    expect(getAgent(none, "a")!.systemPrompt).toBe("");
    // The cache is in use: a second listing parses nothing.
    const parses = cache.stats.parses;
    expect(getAgent(await discoverAgents(registry, ctx, { cache, bodies: "none" }), "a")!.systemPrompt).toBe(
      "",
    );
    expect(cache.stats.parses).toBe(parses);
    for (const bodies of ["now", "on-demand"] as const) {
      const d = await discoverAgents(registry, ctx, { cache, bodies });
      expect(getAgent(d, "a")!.systemPrompt).toBe("You are a.");
    }
  });
});
