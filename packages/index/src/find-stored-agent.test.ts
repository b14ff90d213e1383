import { readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createRegistry, RACY_MS } from "@roster/core";
import { claudeProvider } from "@roster/source-claude";
import { xcshProvider } from "@roster/source-xcsh";
import { agentFile, createSandbox, type Sandbox } from "@roster/testkit";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { cacheDirOf } from "./cache-dir.js";
import { findStoredAgent, lookUpNames } from "./find-stored-agent.js";
import { openOutputStore } from "./output-store.js";

let sandbox: Sandbox;
beforeEach(() => {
  sandbox = createSandbox("roster-found-");
});
afterEach(() => sandbox.cleanup());

const registry = createRegistry([xcshProvider, claudeProvider]);
const store = () =>
  openOutputStore({
    key: {
      kind: "agents-output",
      cwd: sandbox.project,
      home: sandbox.home,
      trust: true,
      providers: ["xcsh", "claude"],
    },
    env: {},
    home: sandbox.home,
    version: "1",
  });
const find = (name: string, copies = false, withStore = true) =>
  findStoredAgent({ registry, ctx: sandbox.ctx(), name, copies, store: withStore ? store() : undefined });
const records = () =>
  readdirSync(cacheDirOf({ home: sandbox.home, env: {} })).filter((f) => /\.(agent|shown)-/.test(f));

describe("findStoredAgent", () => {
  beforeEach(async () => {
    sandbox.write({ "project/.claude/agents/a.md": agentFile("a", "first") });
    await new Promise((resolve) => setTimeout(resolve, RACY_MS * 3));
  });
  test("without a store: found, nothing stored", async () => {
    expect((await find("a", false, false))?.agent.description).toBe("first");
    expect(() => records()).toThrow();
  });
  test("stores where it was found per name and kind (show's own file), and finds it again", async () => {
    expect((await find("a"))?.agent.description).toBe("first");
    expect((await find("a", true))?.copies).toEqual([]);
    expect(records()).toHaveLength(2);
    expect((await find("a"))?.agent.description).toBe("first");
    expect(await find("missing")).toBeUndefined();
  });
  test("a changed file or a spoiled record: looked up anew", async () => {
    await find("a");
    sandbox.write({ "project/.claude/agents/a.md": agentFile("a", "second") });
    expect((await find("a"))?.agent.description).toBe("second");
    for (const file of records())
      writeFileSync(join(cacheDirOf({ home: sandbox.home, env: {} }), file), "{ spoiled");
    expect((await find("a"))?.agent.description).toBe("second");
  });
});

describe("lookUpNames", () => {
  test("each name is looked up once, and the whole discovery made once, however often asked", async () => {
    sandbox.write({ "project/.claude/agents/a.md": agentFile("a", "first") });
    const lookup = lookUpNames({ registry, ctx: sandbox.ctx(), store: undefined });
    const first = lookup.agent("a");
    expect(lookup.agent("a")).toBe(first);
    expect((await first)?.description).toBe("first");
    // Asked once: an edit after the first lookup is not seen by this run's lookups.
    sandbox.write({ "project/.claude/agents/a.md": agentFile("a", "second") });
    expect((await lookup.agent("a"))?.description).toBe("first");
    expect(await lookup.agent("missing")).toBeUndefined();
    const whole = lookup.whole();
    expect(lookup.whole()).toBe(whole);
    expect((await whole).agents.map((a) => a.name)).toEqual(["a"]);
  });
});
