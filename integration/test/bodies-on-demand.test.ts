// Discovery with `bodies: "on-demand"` (what `show` uses) and `bodies: "none"` (what `roster
// list` uses) against the default: the same agents, records and prompts (none for "none") on
// the fixture tree and on a corpus-derived tree; a file
// read once until its prompt is asked for; a file changed or gone before that; and the
// stat look a discovery takes equal to `statSources`.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, unlinkSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDefaultRegistry } from "@roster/cli";
import {
  type AgentDiscovery,
  type DiscoveryContext,
  discoverAgents,
  type FileSystem,
  fileSystemOf,
  getAgent,
  statSources,
} from "@roster/core";
import { agentFile, copyFixtureTree, hasCorpus } from "@roster/testkit";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { generateTree } from "../../bench/generate.mjs";

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "roster-bodies-"));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** Everything a discovery hands out, prompts included, as one JSON text. */
function whole(d: AgentDiscovery): string {
  return JSON.stringify({
    agents: d.agents,
    shadowed: d.shadowed,
    files: d.files.map(({ location, ...record }) => ({ ...record, location: location?.dir })),
    diagnostics: d.diagnostics,
    fingerprint: d.fingerprint,
  });
}

/** A file system that counts reads per path (discovery then takes the `stat` + `readFile` path). */
function counting(): { fs: FileSystem; reads: Map<string, number> } {
  const reads = new Map<string, number>();
  const node = fileSystemOf({});
  const fs: FileSystem = {
    ...node,
    readFile: (path, max, stats, scratch) => {
      reads.set(path, (reads.get(path) ?? 0) + 1);
      return node.readFile(path, max, stats, scratch);
    },
  };
  return { fs, reads };
}

/** `d` as a `bodies: "none"` discovery should give it: every prompt read from a file is "". */
function promptless(d: AgentDiscovery): AgentDiscovery {
  const strip = <T extends { source: string; systemPrompt: string }>(agent: T): T =>
    agent.source === "bundled" ? agent : { ...agent, systemPrompt: "" };
  return {
    ...d,
    agents: d.agents.map(strip),
    shadowed: d.shadowed.map((s) => ({ ...s, agent: strip(s.agent) })),
  };
}

async function expectSameAsEager(ctx: DiscoveryContext) {
  const registry = createDefaultRegistry();
  const eager = await discoverAgents(registry, ctx);
  const lazy = await discoverAgents(registry, ctx, { bodies: "on-demand" });
  const none = await discoverAgents(registry, ctx, { bodies: "none" });
  // What `roster list` reads: everything but the prompts read from files, which are "".
  expect(whole(none)).toBe(whole(promptless(eager)));
  // And without records: no file's record, the rest the same (diagnostics in the same order).
  const listing = await discoverAgents(registry, ctx, { bodies: "none", records: false });
  expect(listing.files).toEqual([]);
  expect(whole(listing)).toBe(whole({ ...promptless(eager), files: [] }));
  // Prompts are read here, by JSON.stringify: each equals the one read with the frontmatter.
  expect(whole(lazy)).toBe(whole(eager));
  const prompts = lazy.agents.filter((a) => Object.getOwnPropertyDescriptor(a, "systemPrompt")?.get);
  return { eager, lazy, deferred: prompts.length };
}

describe("bodies on demand", () => {
  test("the fixture tree: the same agents, records and prompts; markdown and TOML prompts deferred", async () => {
    const { home, project } = copyFixtureTree(root);
    const { eager, deferred } = await expectSameAsEager({ cwd: project, home, env: {} });
    expect(eager.agents.length).toBeGreaterThan(5);
    // Every file-backed agent's prompt waits (bundled ones are built in memory).
    const fromFiles = eager.agents.filter((a) => a.source !== "bundled").length;
    expect(deferred).toBe(fromFiles);
  });

  test.skipIf(!hasCorpus())("1,500 corpus files over every family and plugins", async () => {
    generateTree(root, 1500, { corpus: true });
    const { eager } = await expectSameAsEager({
      cwd: join(root, "project"),
      home: join(root, "home"),
      env: {},
    });
    expect(eager.agents.length).toBeGreaterThan(1000);
  });

  test.skipIf(!hasCorpus())(
    "10,000 corpus files: every full definition the same, prompts included",
    async () => {
      generateTree(root, 10_000, { corpus: true });
      const ctx = { cwd: join(root, "project"), home: join(root, "home"), env: {} };
      const { eager, deferred } = await expectSameAsEager(ctx);
      expect(eager.agents.length).toBeGreaterThan(8000);
      expect(deferred).toBe(eager.agents.filter((a) => a.source !== "bundled").length);
    },
    120_000,
  );

  test("each file is read once; a prompt asked for reads its own file once more", async () => {
    const P = join(root, "project/.claude/agents");
    mkdirSync(P, { recursive: true });
    for (const name of ["a", "b", "c"])
      writeFileSync(join(P, `${name}.md`), agentFile(name, `agent ${name}`));
    const { fs, reads } = counting();
    // Home above the project: its ancestors are searched up to home.
    const ctx = { cwd: join(root, "project"), home: root, env: {}, fs };
    const d = await discoverAgents(createDefaultRegistry(), ctx, { bodies: "on-demand" });
    expect([...reads.values()]).toEqual([1, 1, 1]);
    const b = getAgent(d, "b")!;
    expect(b.systemPrompt).toContain("b");
    expect(b.systemPrompt).toBe(b.systemPrompt);
    expect(reads.get(join(P, "b.md"))).toBe(2);
    expect(reads.get(join(P, "a.md"))).toBe(1);
    // Frozen all the same: the prompt cannot be replaced.
    expect(() => {
      (b as { systemPrompt: string }).systemPrompt = "x";
    }).toThrow(TypeError);
  });

  test("a file changed before its prompt is read: the changed prompt, and the record says so", async () => {
    const P = join(root, "project/.claude/agents");
    mkdirSync(P, { recursive: true });
    const file = join(P, "a.md");
    writeFileSync(file, "---\nname: a\ndescription: first\n---\nThe first prompt.\n");
    const d = await discoverAgents(
      createDefaultRegistry(),
      { cwd: join(root, "project"), home: root, env: {} },
      {
        bodies: "on-demand",
      },
    );
    const record = d.files.find((f) => f.path === file)!;
    expect(record.diagnostics).toEqual([]);
    writeFileSync(file, "---\nname: a\ndescription: second, longer\n---\nThe second prompt.\n");
    expect(getAgent(d, "a")!.systemPrompt).toBe("The second prompt.");
    expect(getAgent(d, "a")!.description).toBe("first");
    expect(record.diagnostics.map((x) => x.code)).toEqual(["load/changed-after-read"]);
    expect(record.diagnostics[0]!.message).toMatch(/changed after its frontmatter was read/);
    expect(Object.isFrozen(record.diagnostics)).toBe(true);
  });

  test("a same-size edit with its mtime put back is still seen (ctime)", async () => {
    const P = join(root, "project/.claude/agents");
    mkdirSync(P, { recursive: true });
    const file = join(P, "a.md");
    writeFileSync(file, "---\nname: a\ndescription: d\n---\nAAAA\n");
    utimesSync(file, new Date(1_000_000), new Date(1_000_000));
    const d = await discoverAgents(
      createDefaultRegistry(),
      { cwd: join(root, "project"), home: root, env: {} },
      {
        bodies: "on-demand",
      },
    );
    await new Promise((r) => setTimeout(r, 20));
    writeFileSync(file, "---\nname: a\ndescription: d\n---\nBBBB\n");
    utimesSync(file, new Date(1_000_000), new Date(1_000_000));
    expect(getAgent(d, "a")!.systemPrompt).toBe("BBBB");
    expect(d.files[0]!.diagnostics.map((x) => x.code)).toEqual(["load/changed-after-read"]);
  });

  test("a file gone before its prompt is read: an empty prompt and a warning, no throw", async () => {
    const P = join(root, "project/.claude/agents");
    mkdirSync(P, { recursive: true });
    const file = join(P, "a.md");
    writeFileSync(file, agentFile("a", "d"));
    const d = await discoverAgents(
      createDefaultRegistry(),
      { cwd: join(root, "project"), home: root, env: {} },
      {
        bodies: "on-demand",
      },
    );
    unlinkSync(file);
    expect(getAgent(d, "a")!.systemPrompt).toBe("");
    const [problem] = d.files[0]!.diagnostics;
    expect(problem?.code).toBe("load/changed-after-read");
    expect(problem?.message).toMatch(/could not be read again/);
  });
});

describe("the look a discovery takes (for a stored listing)", () => {
  async function expectLookEqual(ctx: DiscoveryContext) {
    const registry = createDefaultRegistry();
    const d = await discoverAgents(registry, ctx, { bodies: "on-demand", look: true });
    expect(d.look).toEqual(await statSources(registry, ctx, "agents"));
    expect(d.look!.newestChangeMs).toBeGreaterThan(0);
  }

  test("equals statSources on the fixture tree", async () => {
    const { home, project } = copyFixtureTree(root);
    await expectLookEqual({ cwd: project, home, env: {} });
  });

  test.skipIf(!hasCorpus())("equals statSources on 1,500 corpus files", async () => {
    generateTree(root, 1500, { corpus: true });
    await expectLookEqual({ cwd: join(root, "project"), home: join(root, "home"), env: {} });
  });

  test("equals statSources with a FIFO, a dangling link, a file over the limit and a link to a folder", async () => {
    const P = join(root, "project/.claude/agents");
    mkdirSync(join(P, "sub"), { recursive: true });
    writeFileSync(join(P, "a.md"), agentFile("a", "d"));
    writeFileSync(join(P, "big.md"), `---\nname: big\ndescription: d\n---\n${"x".repeat(1024 * 1024 + 1)}`);
    symlinkSync(join(root, "nowhere.md"), join(P, "dangling.md"));
    symlinkSync(join(P, "sub"), join(P, "folder.md"));
    try {
      execFileSync("mkfifo", [join(P, "pipe.md")]);
    } catch {
      // No mkfifo here: the other cases still run.
    }
    await expectLookEqual({ cwd: join(root, "project"), home: root, env: {} });
    // A change to one file changes the look.
    const registry = createDefaultRegistry();
    const ctx = { cwd: join(root, "project"), home: root, env: {} };
    const before = (await discoverAgents(registry, ctx, { look: true })).look!;
    writeFileSync(join(P, "a.md"), agentFile("a", "changed"));
    expect((await statSources(registry, ctx, "agents")).fingerprint).not.toBe(before.fingerprint);
  });

  test("no look unless asked for", async () => {
    const { home, project } = copyFixtureTree(root);
    expect(
      (await discoverAgents(createDefaultRegistry(), { cwd: project, home, env: {} })).look,
    ).toBeUndefined();
  });
});
