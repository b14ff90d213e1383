// The stored `list --json` output end to end, with the BUILT binary: byte-identical with and
// without it, never served past a change of what it was stored for, the ways to turn it off,
// `cache clear`, and a cache folder that cannot be written.
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { copyFixtureTree, hasCorpus } from "@roster/testkit";
import { beforeEach, describe, expect, test } from "vitest";
import { generateTree } from "../../../bench/generate.mjs";
import { age, cacheDirOf, placesPerTest, runBin } from "./list-places.js";

// The installed command: a stored listing is printed by its shortcut (list-shortcut.test.ts)
// or by the app, whichever holds.
const bin = fileURLToPath(new URL("../bin/roster.cjs", import.meta.url));

const places = placesPerTest("roster-list-cache-");

const cacheDir = () => cacheDirOf(places);

const roster = (args: string[], env: Record<string, string> = {}) => runBin(bin, places, args, env);

/** Without the cache, storing, and from the store: the same bytes, and one stored output. */
function expectSameListing(): string {
  const plain = roster(["list", "--json", "--no-cache"]);
  expect(plain.code).toBe(0);
  expect(existsSync(cacheDir())).toBe(false);
  for (let i = 0; i < 3; i++) {
    const r = roster(["list", "--json"]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe("");
    expect(r.stdout).toBe(plain.stdout);
  }
  expect(readdirSync(cacheDir()).sort(byKind)).toEqual([
    expect.stringMatching(/^index-[0-9a-f]+\.list-json\.out$/),
    expect.stringMatching(/^index-[0-9a-f]+\.shortcut\.out$/),
  ]);
  return plain.stdout;
}

/** `list --json`, and the table, now equal what a run without the cache prints. */
function expectFresh(): string {
  const table = roster(["list", "--no-cache"]).stdout;
  expect(roster(["list"]).stdout).toBe(table);
  const fresh = roster(["list", "--json", "--no-cache"]).stdout;
  expect(roster(["list", "--json"]).stdout).toBe(fresh);
  return fresh;
}

const storedFile = () => join(cacheDir(), readdirSync(cacheDir()).find((f) => f.endsWith(".list-json.out"))!);

/** The listing first, then its shortcut. */
const byKind = (a: string, b: string) =>
  a.endsWith(".list-json.out") ? -1 : b.endsWith(".list-json.out") ? 1 : 0;

describe("byte-identical output with the stored listing", () => {
  test("the fixture tree (plugins, every provider)", async () => {
    Object.assign(places, copyFixtureTree(places.root));
    await age();
    const listing = JSON.parse(expectSameListing()) as { agents: unknown[] };
    expect(listing.agents.length).toBeGreaterThan(3);
  });

  test.skipIf(!hasCorpus())(
    "a 1,500-file tree built from the corpus",
    async () => {
      generateTree(places.root, 1500);
      await age();
      const listing = JSON.parse(expectSameListing()) as { agents: unknown[]; shadowed: unknown[] };
      expect(listing.agents.length).toBeGreaterThan(1000);
      expect(listing.shadowed.length).toBe(150);
    },
    120_000,
  );

  test("a matching look prints the stored bytes without reading the files", async () => {
    Object.assign(places, copyFixtureTree(places.root));
    await age();
    const first = roster(["list", "--json"]).stdout;
    const path = storedFile();
    const stored = readFileSync(path, "utf8");
    writeFileSync(path, stored.replace('"schemaVersion"', '"schemaVersionX"'));
    expect(roster(["list", "--json"]).stdout).toBe(first.replace('"schemaVersion"', '"schemaVersionX"'));
    expect(roster(["list", "--json", "--no-cache"]).stdout).toBe(first);
  });
});

/** Lists that print from the stored listing: human, filtered, names, filtered JSON. */
const LISTS = [
  ["list"],
  ["list", "review"],
  ["list", "--source", "user"],
  ["list", "--provider", "claude"],
  ["list", "--names"],
  ["list", "--names", "--source", "project"],
  ["list", "--json", "--source", "project"],
  ["list", "--json", "a"],
];

describe("every list but --files prints from the stored listing", () => {
  /** Each list: without the cache, then twice with it (storing, then stored): the same text. */
  function expectSameLists() {
    for (const args of LISTS) {
      const plain = roster([...args, "--no-cache"]);
      expect(plain.code, args.join(" ")).toBe(0);
      rmSync(cacheDir(), { recursive: true, force: true });
      const storing = roster(args);
      expect(storing.stdout, args.join(" ")).toBe(plain.stdout);
      expect(storing.stderr, args.join(" ")).toBe("");
      // Whatever it printed, the first run stored the whole listing (the next, its shortcut).
      expect(readdirSync(cacheDir()), args.join(" ")).toHaveLength(1);
      const stored = roster(args);
      expect(stored.stdout, args.join(" ")).toBe(plain.stdout);
      expect(stored.stderr, args.join(" ")).toBe("");
    }
  }

  test("the fixture tree: the same text without it, storing and from it", async () => {
    Object.assign(places, copyFixtureTree(places.root));
    await age();
    expectSameLists();
  });

  test.skipIf(!hasCorpus())(
    "a 1,500-file tree built from the corpus",
    async () => {
      generateTree(places.root, 1500);
      await age();
      expectSameLists();
    },
    240_000,
  );

  test("the stored listing is what they print; --files and --no-cache read the files", async () => {
    Object.assign(places, copyFixtureTree(places.root));
    await age();
    const listing = JSON.parse(roster(["list", "--json"]).stdout) as {
      agents: { name: string; description: string; source: string }[];
    };
    const agent = listing.agents.find((a) => a.source === "project")!;
    const path = storedFile();
    const marker = "MARKER-FROM-THE-STORE";
    writeFileSync(
      path,
      readFileSync(path, "utf8").replace(JSON.stringify(agent.description), JSON.stringify(marker)),
    );
    expect(roster(["list"]).stdout).toContain(marker);
    expect(roster(["list", "marker-from"]).stdout).toContain(agent.name);
    expect(roster(["list", "--json", "--source", "project"]).stdout).toContain(marker);
    expect(roster(["list", "--files"]).stdout).not.toContain(marker);
    expect(roster(["list", "--no-cache"]).stdout).not.toContain(marker);
  });

  test("a stored listing of another shape is not printed from: the files are read", async () => {
    Object.assign(places, copyFixtureTree(places.root));
    await age();
    const expected = roster(["list", "--no-cache"]).stdout;
    roster(["list", "--json"]);
    // The index's header line is kept (it vouches for the file); what follows is the listing.
    const header = readFileSync(storedFile(), "utf8").split("\n")[0];
    for (const wrong of [
      '{"agents": 1, "shadowed": [], "diagnostics": []}',
      '{"agents": [{"name": 3}]}',
      "null",
      "{ not json",
    ]) {
      writeFileSync(storedFile(), `${header}\n${wrong}`);
      // A plain list --json prints the stored bytes as they are; every other list checks them.
      expect(roster(["list", "--json"]).stdout).toBe(wrong);
      const r = roster(["list"]);
      expect(r.stderr).toBe("");
      expect(r.stdout).toBe(expected);
    }
  });
});

describe("a stored listing is never served past a change", () => {
  const agents = () => join(places.project, ".claude/agents");
  beforeEach(async () => {
    mkdirSync(agents(), { recursive: true });
    mkdirSync(places.home, { recursive: true });
    writeFileSync(join(agents(), "a.md"), "---\nname: a\ndescription: the a agent\n---\nBody a\n");
    writeFileSync(join(agents(), "b.md"), "---\nname: b\ndescription: the b agent\n---\nBody b\n");
    await age();
    expectSameListing();
  });
  const names = (out: string) =>
    (JSON.parse(out) as { agents: { name: string; provider: string }[] }).agents
      .filter((a) => a.provider === "claude")
      .map((a) => a.name);

  test("a same-size edit with its mtime put back (ctime and the racy window catch it)", async () => {
    const file = join(agents(), "a.md");
    // A whole-second mtime, so that putting it back is exact.
    utimesSync(file, 1_700_000_000, 1_700_000_000);
    await age();
    expect(expectFresh()).toContain("the a agent");
    const before = statSync(file);
    writeFileSync(file, "---\nname: a\ndescription: THE A AGENT\n---\nBody a\n");
    utimesSync(file, 1_700_000_000, 1_700_000_000);
    expect(statSync(file).size).toBe(before.size);
    expect(statSync(file).mtimeMs).toBe(before.mtimeMs);
    // Inside the racy window nothing stored is trusted; after it, the ctime differs.
    expect(expectFresh()).toContain("THE A AGENT");
    await age();
    expect(expectFresh()).toContain("THE A AGENT");
  });

  test("delete, add and rename", async () => {
    rmSync(join(agents(), "b.md"));
    await age();
    expect(names(expectFresh())).toEqual(["a"]);
    writeFileSync(join(agents(), "c.md"), "---\nname: c\ndescription: the c agent\n---\n");
    await age();
    expect(names(expectFresh())).toEqual(["a", "c"]);
    renameSync(join(agents(), "c.md"), join(agents(), "d.md"));
    await age();
    expect(expectFresh()).toContain("d.md");
  });

  test("a config that disables an agent", async () => {
    mkdirSync(join(places.home, ".config/roster"), { recursive: true });
    writeFileSync(join(places.home, ".config/roster/config.json"), JSON.stringify({ disabledAgents: ["a"] }));
    await age();
    expect(expectFresh()).toContain('"disabled": true');
  });

  test("a corrupt stored output is ignored silently, with the same output", () => {
    const expected = roster(["list", "--json", "--no-cache"]).stdout;
    writeFileSync(storedFile(), "{ not json");
    const again = roster(["list", "--json"]);
    expect(again.stderr).toBe("");
    expect(again.stdout).toBe(expected);
    expect(roster(["list", "--json"]).stdout).toBe(expected);
  });
});

describe("turning it off, clearing it, and a folder it cannot write", () => {
  beforeEach(async () => {
    mkdirSync(join(places.project, ".claude/agents"), { recursive: true });
    mkdirSync(places.home, { recursive: true });
    writeFileSync(
      join(places.project, ".claude/agents/a.md"),
      "---\nname: a\ndescription: the a agent\n---\nBody a\n",
    );
    await age();
  });

  test("--no-cache and ROSTER_NO_CACHE=1 neither read nor write it", () => {
    expect(roster(["list", "--json", "--no-cache"]).code).toBe(0);
    expect(roster(["list", "--json"], { ROSTER_NO_CACHE: "1" }).code).toBe(0);
    expect(existsSync(cacheDir())).toBe(false);
    expect(roster(["list", "--json"], { ROSTER_NO_CACHE: "0" }).code).toBe(0);
    expect(existsSync(cacheDir())).toBe(true);
  });

  test("XDG_CACHE_HOME moves it; roster cache clear empties it", () => {
    const xdg = join(places.root, "xdg");
    roster(["list", "--json"], { XDG_CACHE_HOME: xdg });
    roster(["list", "--json"], { XDG_CACHE_HOME: xdg });
    // The listing, and the shortcut the second list stored.
    expect(readdirSync(join(xdg, "roster"))).toHaveLength(2);
    expect(existsSync(cacheDir())).toBe(false);
    const cleared = roster(["cache", "clear", "--json"], { XDG_CACHE_HOME: xdg });
    expect(JSON.parse(cleared.stdout)).toEqual({ schemaVersion: 2, dir: join(xdg, "roster"), removed: 2 });
    expect(readdirSync(join(xdg, "roster"))).toEqual([]);
    expect(roster(["cache", "clear"], { XDG_CACHE_HOME: xdg }).stdout).toContain("removed 0 files");
  });

  test("a cache folder that cannot be written: the same output, one warning", () => {
    const expected = roster(["list", "--json", "--no-cache"]).stdout;
    const blocked = join(places.root, "blocked");
    writeFileSync(blocked, "a file where the cache folder would go");
    const r = roster(["list", "--json"], { XDG_CACHE_HOME: blocked });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(expected);
    expect(r.stderr.match(/warning: cannot write the index/g)).toHaveLength(1);
  });
});
