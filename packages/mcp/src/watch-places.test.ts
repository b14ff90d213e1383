import { mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { createRegistry, DiscoveryCache, defineProvider, type Location } from "@roster/core";
import { agentFile, createSandbox, type Sandbox } from "@roster/testkit";
import { afterEach, describe, expect, test } from "vitest";
import { createRosterMcpServer, type RosterMcpServer } from "./create-server.js";
import { MAX_PAGE } from "./views.js";
import { PlaceWatch } from "./watch-places.js";

const sandboxes: Sandbox[] = [];
const servers: RosterMcpServer[] = [];
afterEach(async () => {
  await Promise.allSettled(servers.splice(0).map((s) => s.close()));
  for (const box of sandboxes.splice(0)) box.cleanup();
});

/** A server over real folders: `home/agents` (recursive) and `project/agents`, read by one provider. */
async function start(options: { watch?: boolean; files?: Record<string, string> } = {}) {
  const box = createSandbox("roster-mcp-watch-");
  sandboxes.push(box);
  box.write({ "home/agents/alpha.md": agentFile("alpha"), ...options.files });
  const locations: Location[] = [
    { dir: join(box.project, "agents"), scope: "project" },
    { dir: join(box.home, "agents"), scope: "user", recursive: true },
  ];
  const registry = createRegistry([defineProvider({ id: "disk", locate: () => locations })]);
  const cache = new DiscoveryCache();
  const server = await createRosterMcpServer({
    registry,
    ctx: box.ctx(),
    runnerFor: () => {
      throw new Error("no runs here");
    },
    cache,
    ...(options.watch !== undefined ? { watch: options.watch } : {}),
  });
  servers.push(server);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.mcp.connect(serverSide);
  const client = new Client({ name: "unit", version: "0.0.0" });
  await client.connect(clientSide);
  const call = async (name: string, args: Record<string, unknown>) =>
    (await client.callTool({ name, arguments: args })) as CallToolResult;
  const described = async (name: string) =>
    ((await call("show_agent", { name })).structuredContent as { description?: string } | undefined)
      ?.description;
  /** What discovery did so far: files served from the cache, folders listed, files read. */
  const work = () => cache.stats.hits + cache.stats.listings + cache.stats.reads;
  return { box, call, described, work, cache };
}

describe("a watched server answers without a stat per file while nothing changed", () => {
  test("after the first call, show_agent and list_agents do no discovery at all", async () => {
    const { call, described, work } = await start();
    expect(await described("alpha")).toBe("alpha agent"); // the first call: the watch is new
    expect(await described("alpha")).toBe("alpha agent"); // read once with the watch in place
    const before = work();
    for (let i = 0; i < 5; i++) {
      expect(await described("alpha")).toBe("alpha agent");
      await call("list_agents", {});
    }
    expect(work()).toBe(before);
  });

  test("with watch: false every call rediscovers, as before", async () => {
    const { described, work } = await start({ watch: false });
    await described("alpha");
    const before = work();
    await described("alpha");
    expect(work()).toBeGreaterThan(before);
  });

  test("an edit, a new file, a new sub-folder and a removal are each seen by the next call", async () => {
    const { box, described, work } = await start();
    await described("alpha");
    await described("alpha");
    writeFileSync(join(box.home, "agents/alpha.md"), agentFile("alpha", "edited in place"));
    expect(await described("alpha")).toBe("edited in place");

    writeFileSync(join(box.home, "agents/beta.md"), agentFile("beta"));
    expect(await described("beta")).toBe("beta agent");

    mkdirSync(join(box.home, "agents/team"));
    writeFileSync(join(box.home, "agents/team/gamma.md"), agentFile("gamma"));
    expect(await described("gamma")).toBe("gamma agent");
    // A file in the sub-folder found by the last call: that folder is watched now too.
    await described("gamma");
    writeFileSync(join(box.home, "agents/team/gamma.md"), agentFile("gamma", "second edit"));
    expect(await described("gamma")).toBe("second edit");

    rmSync(join(box.home, "agents/beta.md"));
    expect(await described("beta")).toBeUndefined();
    const before = work();
    await described("alpha");
    await described("alpha");
    expect(work()).toBe(before);
  });

  test("a location made after the start, and a symlinked file whose target changes", async () => {
    const { box, described } = await start({ files: { "dotfiles/delta.md": agentFile("delta") } });
    await described("alpha");
    await described("alpha");
    // The project folder did not exist: the locations' look sees it appear.
    mkdirSync(join(box.project, "agents"));
    writeFileSync(join(box.project, "agents/epsilon.md"), agentFile("epsilon"));
    expect(await described("epsilon")).toBe("epsilon agent");

    symlinkSync(join(box.root, "dotfiles/delta.md"), join(box.home, "agents/delta.md"));
    expect(await described("delta")).toBe("delta agent");
    await described("delta");
    // Only the target changes: the folder holding the link sees nothing.
    writeFileSync(join(box.root, "dotfiles/delta.md"), agentFile("delta", "edited through the link"));
    expect(await described("delta")).toBe("edited through the link");
  });
});

describe("PlaceWatch", () => {
  test("a path it cannot watch, or too many, leaves it never quiet", () => {
    const failing = new PlaceWatch(() => {
      throw Object.assign(new Error("no space"), { code: "ENOSPC" });
    });
    const box = createSandbox();
    sandboxes.push(box);
    failing.sync({ folders: [box.home], links: [] });
    failing.reset();
    expect(failing.quiet).toBe(false);

    const fine = new PlaceWatch(() => ({ close() {}, on() {} }));
    fine.sync({ folders: [box.home], links: [] });
    expect(fine.quiet).toBe(false); // newly watched: one more read with it in place
    fine.reset();
    fine.sync({ folders: [box.home], links: [] });
    expect(fine.quiet).toBe(true);
    fine.sync({ folders: Array.from({ length: 5000 }, (_, i) => join(box.home, String(i))), links: [] });
    fine.reset();
    expect(fine.quiet).toBe(false);
    expect(fine.size).toBe(0);
  });
});

describe("list_agents pages", () => {
  function agents(n: number): Record<string, string> {
    const files: Record<string, string> = {};
    for (let i = 0; i < n; i++) files[`home/agents/a${String(i).padStart(3, "0")}.md`] = agentFile(`a${i}`);
    return files;
  }

  test("at most 100 agents a page, a cursor to the next, total over every page", async () => {
    const { call } = await start({ files: agents(249) }); // with alpha: 250
    const seen: string[] = [];
    let cursor: string | undefined;
    const sizes: number[] = [];
    do {
      const page = (await call("list_agents", cursor ? { cursor } : {})).structuredContent as {
        agents: Array<{ name: string }>;
        total: number;
        nextCursor?: string;
      };
      expect(page.total).toBe(250);
      sizes.push(page.agents.length);
      seen.push(...page.agents.map((a) => a.name));
      cursor = page.nextCursor;
    } while (cursor);
    expect(sizes).toEqual([MAX_PAGE, MAX_PAGE, 50]);
    expect(new Set(seen).size).toBe(250);

    const small = (await call("list_agents", { limit: 7, query: "a1" })).structuredContent as {
      agents: unknown[];
      total: number;
    };
    expect(small.agents).toHaveLength(7);
    expect(small.total).toBe(111); // a1, a10–a19, a100–a199
  });

  test("a page goes on after an agent that vanished between calls; a foreign cursor is an error", async () => {
    const { box, call } = await start({ files: agents(5) });
    const first = (await call("list_agents", { limit: 2 })).structuredContent as {
      agents: Array<{ name: string }>;
      nextCursor: string;
    };
    const order = first.agents.map((a) => a.name);
    rmSync(
      join(
        box.home,
        `agents/${order[1]}.md`.replace(/a(\d+)\.md$/, (_, n) => `a${n.padStart(3, "0")}.md`),
      ),
    );
    const next = (await call("list_agents", { limit: 2, cursor: first.nextCursor })).structuredContent as {
      agents: Array<{ name: string }>;
      total: number;
    };
    expect(next.total).toBe(5);
    expect(order).toEqual(["a0", "a1"]);
    expect(next.agents.map((a) => a.name)).toEqual(["a2", "a3"]);

    const bad = await call("list_agents", { cursor: "not-a-cursor" });
    expect(bad.isError).toBe(true);
    expect(JSON.stringify(bad.content)).toContain("cursor is not one list_agents gave");
  });
});
