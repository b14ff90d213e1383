import { join } from "node:path";
import { RACY_MS } from "@roster/core";
import { agentFile, createSandbox, type Sandbox } from "@roster/testkit";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  isShortcutAsked,
  LIST_JSON,
  readShortcut,
  shortcutApplies,
  shortcutKey,
  writeShortcut,
} from "./list-shortcut.js";
import { listingLook, placeKey } from "./listing-look.js";
import { openOutputStore } from "./output-store.js";
import { ReadRecorder } from "./recorded.js";

let sandbox: Sandbox;
beforeEach(() => {
  sandbox = createSandbox("roster-shortcut-");
});
afterEach(() => sandbox.cleanup());

const open = (key: ReturnType<typeof shortcutKey>) =>
  openOutputStore({ key, env: {}, home: sandbox.home, version: "1.0.0" });
const age = () => new Promise((resolve) => setTimeout(resolve, RACY_MS * 3));

describe("shortcutApplies", () => {
  test("a plain list takes it; --config, --debug, --no-cache, --as, --files, --full-text or ROSTER_NO_CACHE do not", () => {
    expect(shortcutApplies({}, {})).toBe(true);
    for (const flags of [
      { config: "c.json" },
      { debug: true },
      { cache: false },
      { as: "codex" },
      { files: true },
      { fullText: true },
    ])
      expect(shortcutApplies(flags, {}), JSON.stringify(flags)).toBe(false);
    expect(shortcutApplies({}, { ROSTER_NO_CACHE: "1" })).toBe(false);
    expect(shortcutApplies({}, { ROSTER_NO_CACHE: "0" })).toBe(true);
  });
});

describe("isShortcutAsked", () => {
  test("provider ids and diagnostics with a message and severity; anything else is not", () => {
    expect(isShortcutAsked({ providers: ["claude"], configNotes: [] })).toBe(true);
    expect(
      isShortcutAsked({ providers: ["claude"], configNotes: [{ message: "m", severity: "warning" }] }),
    ).toBe(true);
    expect(isShortcutAsked(null)).toBe(false);
    expect(isShortcutAsked({ providers: [1], configNotes: [] })).toBe(false);
    expect(isShortcutAsked({ providers: [], configNotes: [{ message: "m" }] })).toBe(false);
    expect(isShortcutAsked({ providers: [] })).toBe(false);
  });
});

describe("a shortcut", () => {
  test("names the listing stored under another key, and holds while what it read is seen the same way", async () => {
    sandbox.write({ "project/.claude/agents/a.md": agentFile("a") });
    await age();
    const places = { cwd: sandbox.project, home: sandbox.home };
    const listingKey = placeKey("agents-output", { ...places, trust: true, providers: ["claude"] });
    const look = { fingerprint: "look", startedAt: Date.now(), newestChangeMs: 0 };
    expect(open(listingKey).writeLooked(LIST_JSON, look, ['{"agents":[]}']).stored).toBe(true);
    const recorder = new ReadRecorder({});
    recorder.fs.stat(join(sandbox.project, ".claude/agents/a.md"));
    const asked = { providers: ["claude"], configNotes: [] };
    const store = open(shortcutKey(places, true));
    const shortcut = { asked, listing: { key: listingKey, fingerprint: "look" }, reads: recorder.reads() };
    expect(writeShortcut(store, { ...shortcut, window: recorder })).toEqual([]);
    expect(readShortcut(open(shortcutKey(places, true)), {})).toEqual({
      shortcut: asked,
      bytes: Buffer.from('{"agents":[]}'),
    });
    // Per --no-project: another place.
    expect(readShortcut(open(shortcutKey(places, false)), {})).toBeUndefined();
    sandbox.write({ "project/.claude/agents/a.md": agentFile("a", "changed") });
    expect(readShortcut(open(shortcutKey(places, true)), {})).toBeUndefined();
  });
});

describe("listingLook", () => {
  const stat = { fingerprint: "files", newestChangeMs: 5 } as Parameters<typeof listingLook>[0]["stat"];
  const base = { stat, seenAt: 100, configNotes: [], disabledAgents: [] };
  test("when it was taken and the newest change the files show", () => {
    expect(listingLook(base)).toMatchObject({ startedAt: 100, newestChangeMs: 5 });
  });
  test("another fingerprint for other files, other config notes or other disabled agents", () => {
    const one = listingLook(base).fingerprint;
    expect(listingLook({ ...base, seenAt: 200 }).fingerprint).toBe(one);
    expect(listingLook({ ...base, stat: { ...stat, fingerprint: "other" } }).fingerprint).not.toBe(one);
    expect(
      listingLook({ ...base, configNotes: [{ severity: "warning", code: "c", message: "m", filePath: "f" }] })
        .fingerprint,
    ).not.toBe(one);
    expect(listingLook({ ...base, disabledAgents: ["a"] }).fingerprint).not.toBe(one);
  });
});
