// SPEC §16: a file roster wrote (its `generated-by: roster` key, or its folder's
// `.roster-sync.json`) is a copy of its source: listed under it, never in its place.
import { join } from "node:path";
import { SYNC_MANIFEST } from "@roster/frontmatter";
import { agentFile, createSandbox, type Sandbox } from "@roster/testkit";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { discoverAgents } from "./discover-agents.js";
import { DiscoveryCache } from "./discovery-cache.js";
import { familyLocations } from "./family.js";
import { findAgentAt } from "./find-agent.js";
import { getAgent } from "./get-agent.js";
import { defineProvider } from "./provider.js";
import { createRegistry } from "./registry.js";
import { statSources } from "./stat-sources.js";
import type { LoadedItem, SourceProvider } from "./types.js";

const family = (id: string): SourceProvider =>
  defineProvider({
    id,
    locate: (ctx, kind) =>
      familyLocations(ctx, { project: `.${id}/${kind}`, user: join(ctx.home, `.${id}`, kind) }),
  });
const bundled = (name: string): SourceProvider =>
  defineProvider({
    id: "bundled",
    load: (): LoadedItem[] => [
      { filePath: `embedded:${name}.md`, frontmatter: { name, description: "bundled" }, body: "b" },
    ],
  });

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox("roster-copy-");
});
afterEach(() => sb.cleanup());

const rel = (path: string | undefined) => path?.replace(`${sb.root}/`, "");
const COPY = "generated-by: roster";

describe("copies roster wrote (SPEC §16)", () => {
  test("a marked file in a higher family never outranks the lower family's source: it is listed under it", async () => {
    // `opencode` comes first in this registry, as xcsh comes before claude in the app's.
    sb.write({
      "project/.opencode/agents/rev.md": agentFile("rev", "copy of rev", COPY),
      "project/.copilot/agents/rev.md": agentFile("rev", "the source"),
    });
    const registry = createRegistry([family("opencode"), family("copilot")]);
    const d = await discoverAgents(registry, sb.ctx());
    expect(d.agents.map((a) => [a.name, a.description, a.provider])).toEqual([
      ["rev", "the source", "copilot"],
    ]);
    expect(d.shadowed).toEqual([]);
    expect(d.copies.map((c) => [rel(c.agent.filePath), rel(c.copyOf)])).toEqual([
      ["project/.opencode/agents/rev.md", "project/.copilot/agents/rev.md"],
    ]);
    const records = d.files.map((f) => [rel(f.path), f.outcome, f.copy ?? false]);
    expect(records).toEqual([
      ["project/.opencode/agents/rev.md", "copy", true],
      ["project/.copilot/agents/rev.md", "loaded", false],
    ]);
    expect(getAgent(d, "rev")?.provider).toBe("copilot");
    // explainAgent's view of the same is pinned in @roster/profiles (explain-agent.test.ts).
  });

  test("a copy never shadows a bundled definition either; without records the merge is the same", async () => {
    sb.write({ "project/.opencode/agents/task.md": agentFile("task", "copy", COPY) });
    const registry = createRegistry([family("opencode"), bundled("task")]);
    for (const records of [true, false]) {
      const d = await discoverAgents(registry, sb.ctx(), { records });
      expect(d.agents.map((a) => a.filePath)).toEqual(["embedded:task.md"]);
      expect(d.copies.map((c) => c.copyOf)).toEqual(["embedded:task.md"]);
    }
  });

  test("a copy whose source is gone loads, after everything else; it is still a copy", async () => {
    sb.write({
      "project/.opencode/agents/gone.md": agentFile("gone", "orphan", COPY),
      "project/.copilot/agents/other.md": agentFile("other"),
    });
    const registry = createRegistry([family("opencode"), family("copilot"), bundled("task")]);
    const d = await discoverAgents(registry, sb.ctx());
    expect(d.agents.map((a) => a.name)).toEqual(["other", "task", "gone"]);
    expect(d.copies.map((c) => [c.agent.name, c.copyOf])).toEqual([["gone", undefined]]);
    const record = d.files.find((f) => f.path.endsWith("gone.md"));
    expect([record?.outcome, record?.copy]).toEqual(["loaded", true]);
  });

  test("a file its folder's .roster-sync.json lists is a copy (formats that cannot carry the key)", async () => {
    sb.write({
      "project/.gemini/agents/rev.md": agentFile("rev", "copy, unmarked"),
      "project/.gemini/agents/mine.md": agentFile("mine", "a person's"),
      [`project/.gemini/agents/${SYNC_MANIFEST}`]: JSON.stringify({
        generatedBy: "roster",
        files: ["rev.md", "../escape.md"],
      }),
      "project/.codex/agents/rev.md": agentFile("rev", "the source"),
    });
    const registry = createRegistry([family("gemini"), family("codex")]);
    const d = await discoverAgents(registry, sb.ctx());
    expect(d.agents.map((a) => [a.name, a.provider])).toEqual([
      ["mine", "gemini"],
      ["rev", "codex"],
    ]);
    expect(d.copies.map((c) => rel(c.agent.filePath))).toEqual(["project/.gemini/agents/rev.md"]);
  });

  test("a manifest written or changed later is noticed by a cached discovery and by the stat-only look", async () => {
    sb.write({
      "project/.gemini/agents/rev.md": agentFile("rev", "copy, unmarked"),
      "project/.codex/agents/rev.md": agentFile("rev", "the source"),
    });
    const registry = createRegistry([family("gemini"), family("codex")]);
    const cache = new DiscoveryCache();
    const before = await discoverAgents(registry, sb.ctx(), { cache });
    const lookBefore = await statSources(registry, sb.ctx(), "agents");
    expect(getAgent(before, "rev")?.provider).toBe("gemini");

    sb.write({ [`project/.gemini/agents/${SYNC_MANIFEST}`]: JSON.stringify({ files: ["rev.md"] }) });
    const after = await discoverAgents(registry, sb.ctx(), { cache, look: true });
    expect(getAgent(after, "rev")?.provider).toBe("codex");
    expect(after.fingerprint).not.toBe(before.fingerprint);
    const lookAfter = await statSources(registry, sb.ctx(), "agents");
    expect(lookAfter.fingerprint).not.toBe(lookBefore.fingerprint);
    // The look a discovery stores is the one a later stat-only look finds again.
    expect(after.look?.fingerprint).toBe(lookAfter.fingerprint);
  });

  test("a copy its manifest says was written under another name stands under that name's source", async () => {
    sb.write({
      "project/.gemini/agents/csharp-expert.md": agentFile("csharp-expert", "the copy"),
      [`project/.gemini/agents/${SYNC_MANIFEST}`]: JSON.stringify({
        generatedBy: "roster",
        files: ["csharp-expert.md"],
        renamed: { "csharp-expert.md": "CSharpExpert" },
      }),
      "project/.codex/agents/CSharpExpert.md": agentFile("CSharpExpert", "the source"),
    });
    const registry = createRegistry([family("gemini"), family("codex")]);
    for (const records of [true, false]) {
      const d = await discoverAgents(registry, sb.ctx(), { records });
      // Not an orphan copy loading under its own name: listed under CSharpExpert's file.
      expect(d.agents.map((a) => a.name)).toEqual(["CSharpExpert"]);
      expect(d.copies.map((c) => [rel(c.agent.filePath), rel(c.copyOf)])).toEqual([
        ["project/.gemini/agents/csharp-expert.md", "project/.codex/agents/CSharpExpert.md"],
      ]);
    }
    // Asked by name, one family at a time, the copy is found though its text never names CSharpExpert.
    const found = await findAgentAt(registry, sb.ctx(), "CSharpExpert", { copies: true });
    expect(found?.copies?.map(rel)).toEqual(["project/.gemini/agents/csharp-expert.md"]);
  });
});

describe("getAgent with a provider (SPEC §16 --provider)", () => {
  test("reaches a shadowed definition of that provider; nothing for a provider that does not define it", async () => {
    sb.write({
      "home/.claude/agents/sre.md": agentFile("sre", "user claude"),
      "project/.codex/agents/sre.md": agentFile("sre", "project codex"),
    });
    const d = await discoverAgents(createRegistry([family("claude"), family("codex")]), sb.ctx());
    expect(getAgent(d, "sre")?.description).toBe("user claude");
    expect(getAgent(d, "sre", { provider: "codex" })?.description).toBe("project codex");
    expect(getAgent(d, "sre", { provider: "claude" })?.description).toBe("user claude");
    expect(getAgent(d, "sre", { provider: "gemini" })).toBeUndefined();
    expect(getAgent(d.agents, "sre", { provider: "codex" })).toBeUndefined();
  });
});
