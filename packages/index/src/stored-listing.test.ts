import { join } from "node:path";
import { RACY_MS, type SourcesStat } from "@roster/core";
import { agentFile, createSandbox, type Sandbox } from "@roster/testkit";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { readShortcut, shortcutKey } from "./list-shortcut.js";
import { placeKey } from "./listing-look.js";
import { openOutputStore } from "./output-store.js";
import { ReadRecorder } from "./recorded.js";
import { storedListingOf } from "./stored-listing.js";
import type { IndexKey } from "./types.js";

let sandbox: Sandbox;
beforeEach(() => {
  sandbox = createSandbox("roster-listing-");
});
afterEach(() => sandbox.cleanup());

const open = (key: IndexKey) => openOutputStore({ key, env: {}, home: sandbox.home, version: "1.0.0" });
const places = () => ({ cwd: sandbox.project, home: sandbox.home });
const listingKey = () => placeKey("agents-output", { ...places(), trust: true, providers: ["claude"] });
const listingOf = (disabledAgents: string[] = []) =>
  storedListingOf({
    store: open(listingKey()),
    key: listingKey(),
    asked: { configNotes: [], disabledAgents },
  });
/** A look at files that last changed long before it. */
const stat = (fingerprint: string) => ({ fingerprint, newestChangeMs: 0 }) as unknown as SourcesStat;
const BYTES = Buffer.from('{"agents":[]}');

describe("storedListingOf", () => {
  test("hands back the bytes only for the same look: the same files, config notes and disabled agents", () => {
    const listing = listingOf();
    expect(listing.has()).toBe(false);
    expect(listing.write({ stat: undefined, seenAt: Date.now() }, [BYTES])).toEqual([]);
    expect(listing.has()).toBe(false);
    expect(listing.write({ stat: stat("files"), seenAt: Date.now() }, [BYTES])).toEqual([]);
    expect(listingOf().has()).toBe(true);
    expect(listingOf().read(stat("files"), Date.now())).toEqual(BYTES);
    expect(listingOf().read(stat("other files"), Date.now())).toBeUndefined();
    expect(listingOf(["a"]).read(stat("files"), Date.now())).toBeUndefined();
  });
  test("a look begun within the racy window of the newest change stores nothing", () => {
    const now = Date.now();
    const fresh = { fingerprint: "files", newestChangeMs: now } as unknown as SourcesStat;
    listingOf().write({ stat: fresh, seenAt: now }, [BYTES]);
    expect(listingOf().has()).toBe(false);
  });
  test("remembers a shortcut only for a listing read or stored, with a usable record", async () => {
    sandbox.write({ "project/.claude/agents/a.md": agentFile("a") });
    await new Promise((resolve) => setTimeout(resolve, RACY_MS * 3));
    const recorder = new ReadRecorder({});
    recorder.fs.stat(join(sandbox.project, ".claude/agents/a.md"));
    const asked = { providers: ["claude"], configNotes: [] };
    const shortcuts = () => open(shortcutKey(places(), true));
    // Nothing read or stored yet: no shortcut.
    listingOf().remember({ store: shortcuts(), asked, recorder });
    expect(readShortcut(shortcuts(), {})).toBeUndefined();
    listingOf().write({ stat: stat("files"), seenAt: Date.now() }, [BYTES]);
    const listing = listingOf();
    expect(listing.read(stat("files"), Date.now())).toEqual(BYTES);
    // A record spoiled by config code: no shortcut.
    const spoiled = {
      startedAt: recorder.startedAt,
      newestChangeMs: recorder.newestChangeMs,
      unusable: "config code",
      reads: () => recorder.reads(),
    };
    listing.remember({ store: shortcuts(), asked, recorder: spoiled });
    expect(readShortcut(shortcuts(), {})).toBeUndefined();
    const usable = new ReadRecorder({});
    usable.fs.stat(join(sandbox.project, ".claude/agents/a.md"));
    listing.remember({ store: shortcuts(), asked, recorder: usable });
    expect(readShortcut(shortcuts(), {})).toEqual({ shortcut: asked, bytes: BYTES });
  });
});
