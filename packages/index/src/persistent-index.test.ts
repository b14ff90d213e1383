import {
  chmodSync,
  existsSync,
  lstatSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { join, relative } from "node:path";
import { createSandbox, type Sandbox } from "@roster/testkit";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { cacheDirOf, indexDisabledBy } from "./cache-dir.js";
import { clearIndexes, fnv1a64, indexPathOf, openIndex, openOutputs } from "./persistent-index.js";
import type { IndexKey } from "./types.js";

interface Parsed {
  name: string;
}
const isParsed = (value: unknown): value is Parsed =>
  typeof value === "object" && value !== null && typeof (value as Parsed).name === "string";

let sandbox: Sandbox;
let key: IndexKey;
beforeEach(() => {
  sandbox = createSandbox("roster-index-");
  key = {
    kind: "agents",
    cwd: sandbox.project,
    home: sandbox.home,
    trust: true,
    providers: ["claude", "xcsh"],
  };
});
afterEach(() => sandbox.cleanup());

const open = (
  extra: { version?: string; env?: Record<string, string>; maxFiles?: number; key?: IndexKey } = {},
) =>
  openIndex<Parsed>({
    key: extra.key ?? key,
    env: extra.env ?? {},
    home: sandbox.home,
    version: extra.version ?? "1.0.0",
    isData: isParsed,
    ...(extra.maxFiles === undefined ? {} : { maxFiles: extra.maxFiles }),
  });

const file = (name: string) => join(sandbox.project, ".claude/agents", `${name}.md`);

/** Writes the agent files (back-dated a minute, past the racy window). */
function writeAgents(...names: string[]) {
  sandbox.write(
    Object.fromEntries(names.map((n) => [`project/.claude/agents/${n}.md`, `---\nname: ${n}\n---\n`])),
  );
}

/** One "discovery": every file looked up, the misses read (here: named after the file) and stored. */
function discover(index: ReturnType<typeof open>["index"], names: string[]) {
  const read: string[] = [];
  for (const name of names) {
    const path = file(name);
    const stats = statSync(path);
    if (index.lookup(path, stats)) continue;
    read.push(name);
    index.store(path, stats, Date.now(), { name: readFileSync(path, "utf8").split("\n")[1]!.slice(6) });
  }
  return read;
}

describe("openIndex", () => {
  test("a second process reads nothing for unchanged files, and writes nothing either", () => {
    writeAgents("a", "b");
    const first = open();
    expect(first.diagnostics).toEqual([]);
    expect(discover(first.index, ["a", "b"])).toEqual(["a", "b"]);
    expect(first.index.save()).toEqual([]);
    expect(first.index.stats.wrote).toBe(true);
    expect(first.index.path).toBe(join(sandbox.home, ".cache/roster", first.index.path.split("/").pop()!));

    const second = open();
    expect(second.index.stats.loaded).toBe(2);
    expect(discover(second.index, ["a", "b"])).toEqual([]);
    expect(second.index.lookup(file("a"), statSync(file("a")))).toEqual({ name: "a" });
    expect(second.index.save()).toEqual([]);
    expect(second.index.stats.wrote).toBe(false);
  });

  test("an in-place edit of the same size with its mtime restored is read again", () => {
    writeAgents("a");
    const first = open();
    discover(first.index, ["a"]);
    first.index.save();
    const before = statSync(file("a"));
    writeFileSync(file("a"), "---\nname: z\n---\n"); // same size
    utimesSync(file("a"), before.atime, before.mtime);
    const after = statSync(file("a"));
    expect([after.size, after.mtimeMs]).toEqual([before.size, before.mtimeMs]);

    const second = open();
    expect(discover(second.index, ["a"])).toEqual(["a"]);
    expect(second.index.lookup(file("a"), after)).toEqual({ name: "z" });
  });

  test("a deleted file leaves the index when it is saved", () => {
    writeAgents("a", "b");
    const first = open();
    discover(first.index, ["a", "b"]);
    first.index.save();
    rmSync(file("b"));
    const second = open();
    expect(discover(second.index, ["a"])).toEqual([]);
    second.index.save();
    expect(second.index.stats.wrote).toBe(true);
    expect(open().index.stats.loaded).toBe(1);
  });

  test("an added file is read; the others still come from the index", () => {
    writeAgents("a");
    const first = open();
    discover(first.index, ["a"]);
    first.index.save();
    writeAgents("b");
    const second = open();
    expect(discover(second.index, ["a", "b"])).toEqual(["b"]);
    second.index.save();
    expect(open().index.stats.loaded).toBe(2);
  });

  test("a renamed file is read under its new path and its old path is dropped", () => {
    writeAgents("a", "b");
    const first = open();
    discover(first.index, ["a", "b"]);
    first.index.save();
    renameSync(file("b"), file("c"));
    const second = open();
    expect(discover(second.index, ["a", "c"])).toEqual(["c"]);
    expect(second.index.lookup(file("c"), statSync(file("c")))).toEqual({ name: "b" });
    second.index.save();
    const third = open();
    expect(third.index.stats.loaded).toBe(2);
    expect(third.index.lookup(file("b"), statSync(file("c")))).toBeUndefined();
  });

  test("a file changed within the racy window of its read is not trusted", () => {
    writeAgents("a");
    const stats = statSync(file("a"));
    const first = open();
    // Read at the very moment it was written: a later change in the same tick would hide.
    first.index.store(file("a"), stats, stats.mtimeMs + 5, { name: "a" });
    first.index.save();
    expect(open().index.lookup(file("a"), stats)).toBeUndefined();
  });

  test.each([
    ["not JSON", "{ nope"],
    ["not an index", JSON.stringify({ hello: "world" })],
    ["a malformed entry", null],
    ["stored data of the wrong shape", "wrong-shape"],
  ])("a corrupt index (%s) is ignored, the files are read, and saving rebuilds it", (_, text) => {
    writeAgents("a");
    const first = open();
    discover(first.index, ["a"]);
    first.index.save();
    const path = indexPathOf({ key, env: {}, home: sandbox.home });
    const good = JSON.parse(readFileSync(path, "utf8"));
    if (text === null) good.files[0][3] = "big";
    else if (text === "wrong-shape") good.files[0][6] = { title: 1 };
    writeFileSync(path, text === null || text === "wrong-shape" ? JSON.stringify(good) : text);

    const second = open();
    if (text === "wrong-shape") expect(second.diagnostics).toEqual([]);
    else
      expect(second.diagnostics).toEqual([
        expect.objectContaining({ code: "index/corrupt", severity: "info" }),
      ]);
    expect(discover(second.index, ["a"])).toEqual(["a"]);
    expect(second.index.save()).toEqual([]);
    const third = open();
    expect(third.diagnostics).toEqual([]);
    expect(discover(third.index, ["a"])).toEqual([]);
  });

  test("an index written by another version is ignored and rebuilt", () => {
    writeAgents("a");
    const old = open({ version: "0.9.0" });
    discover(old.index, ["a"]);
    old.index.save();
    const current = open();
    expect(current.diagnostics).toEqual([expect.objectContaining({ code: "index/other-version" })]);
    expect(discover(current.index, ["a"])).toEqual(["a"]);
    current.index.save();
    expect(open().diagnostics).toEqual([]);
  });

  test("another key (cwd, home, trust or provider set) has its own index", () => {
    writeAgents("a");
    const first = open();
    discover(first.index, ["a"]);
    first.index.save();
    for (const other of [
      { ...key, trust: false },
      { ...key, providers: ["xcsh", "claude"] },
      { ...key, cwd: sandbox.root },
      { ...key, kind: "commands" },
    ]) {
      expect(open({ key: other }).index.stats.loaded).toBe(0);
    }
  });

  test("over its file limit, an index is not written", () => {
    writeAgents("a", "b");
    const first = open({ maxFiles: 1 });
    discover(first.index, ["a", "b"]);
    expect(first.index.save()).toEqual([expect.objectContaining({ code: "index/too-large" })]);
    expect(open().index.stats.loaded).toBe(0);
  });
});

describe("an unwritable cache folder", () => {
  test("where a file stands in the way: lookups still work, one warning, no throw", () => {
    writeAgents("a");
    writeFileSync(join(sandbox.root, "blocker"), "");
    const env = { XDG_CACHE_HOME: join(sandbox.root, "blocker") };
    const { index } = open({ env });
    expect(discover(index, ["a"])).toEqual(["a"]);
    expect(index.save()).toEqual([
      expect.objectContaining({ code: "index/unwritable", severity: "warning" }),
    ]);
    index.store(file("a"), statSync(file("a")), Date.now(), { name: "a" });
    expect(index.save()).toEqual([]);
    expect(index.writeOutput("list-json", "f", ["{}"])).toEqual([]);
  });

  test("an index file that is a symbolic link is never written through or replaced: one warning", () => {
    writeAgents("a");
    const { index } = open();
    const path = indexPathOf({ key, env: {}, home: sandbox.home });
    const elsewhere = join(sandbox.root, "elsewhere.json");
    writeFileSync(elsewhere, "keep\n");
    sandbox.write({ [relative(sandbox.root, path)]: { symlink: elsewhere } });
    discover(index, ["a"]);
    expect(index.save()).toEqual([expect.objectContaining({ code: "index/unwritable" })]);
    expect(readFileSync(elsewhere, "utf8")).toBe("keep\n");
    expect(lstatSync(path).isSymbolicLink()).toBe(true);
  });

  test.skipIf(process.getuid?.() === 0)("a read-only folder: one warning, and nothing is left behind", () => {
    writeAgents("a");
    const dir = cacheDirOf({ home: sandbox.home, env: {} });
    sandbox.write({ "home/.cache/roster": null });
    chmodSync(dir, 0o555);
    try {
      const { index } = open();
      discover(index, ["a"]);
      expect(index.save()).toEqual([expect.objectContaining({ code: "index/unwritable" })]);
      expect(index.save()).toEqual([]);
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      chmodSync(dir, 0o755);
    }
  });
});

describe("stored outputs", () => {
  test("come back byte for byte for the same fingerprint only", () => {
    const { index } = open();
    expect(index.writeOutput("list-json", "f1", ["{\n", '  "é": 1\n', "}\n"])).toEqual([]);
    expect(index.readOutput("list-json", "f1")?.toString()).toBe('{\n  "é": 1\n}\n');
    expect(index.readOutput("list-json", "f2")).toBeUndefined();
    expect(index.readOutput("list", "f1")).toBeUndefined();
    expect(open({ version: "2.0.0" }).index.readOutput("list-json", "f1")).toBeUndefined();
    expect(open({ key: { ...key, trust: false } }).index.readOutput("list-json", "f1")).toBeUndefined();
  });

  test("openOutputs reads and writes the same outputs as openIndex, and leaves the per-file index alone", () => {
    const outputs = () => openOutputs({ key, env: {}, home: sandbox.home, version: "1.0.0" });
    expect(outputs().writeOutput("list-json", "f1", ["[1]\n"])).toEqual([]);
    expect(open().index.readOutput("list-json", "f1")?.toString()).toBe("[1]\n");
    // An index file that is not even JSON: openIndex reports it; the outputs are unaffected.
    writeFileSync(indexPathOf({ key, env: {}, home: sandbox.home }), "{ not json");
    expect(open().diagnostics.map((d) => d.code)).toEqual(["index/corrupt"]);
    expect(outputs().readOutput("list-json", "f1")?.toString()).toBe("[1]\n");
    expect(outputs().save()).toEqual([]);
    expect(readFileSync(indexPathOf({ key, env: {}, home: sandbox.home }), "utf8")).toBe("{ not json");
    expect(
      openOutputs({ key, env: {}, home: sandbox.home, version: "2.0.0" }).readOutput("list-json", "f1"),
    ).toBeUndefined();
  });

  test("hasOutput says whether anything is stored under a name; bytes are stored as given", () => {
    const { index } = open();
    expect(index.hasOutput("list-json")).toBe(false);
    const bytes = [Buffer.from('{\n  "é": '), Buffer.from("2\n}\n")];
    expect(index.writeOutput("list-json", "f1", bytes)).toEqual([]);
    expect(index.hasOutput("list-json")).toBe(true);
    expect(index.hasOutput("list")).toBe(false);
    expect(index.readOutput("list-json", "f1")?.toString()).toBe('{\n  "é": 2\n}\n');
  });

  test("stored outputs alone are bounded too: the least recently written keys go", () => {
    const dir = cacheDirOf({ home: sandbox.home, env: {} });
    const cwds = ["a", "b", "c", "d"].map((c) => join(sandbox.root, c));
    cwds.forEach((cwd, i) => {
      const { index } = openIndex<Parsed>({
        key: { ...key, cwd },
        env: {},
        home: sandbox.home,
        version: "1.0.0",
        isData: isParsed,
        maxIndexes: 2,
      });
      expect(index.writeOutput("list-json", "f", [`${i}`])).toEqual([]);
      // Distinct, increasing mtimes whatever the clock's resolution.
      const out = readdirSync(dir)
        .map((n) => join(dir, n))
        .find((p) => p.startsWith(index.path.replace(/\.json$/, ".")));
      utimesSync(out!, 1_700_000_000 + i, 1_700_000_000 + i);
    });
    // Pruned on each write: the two newest keys before the last write, then the last one.
    expect(readdirSync(dir).filter((n) => n.endsWith(".out"))).toHaveLength(2);
  });
});

describe("clearIndexes and the cache folder", () => {
  test("removes every index and output, nothing else", () => {
    writeAgents("a");
    const { index } = open();
    discover(index, ["a"]);
    index.save();
    index.writeOutput("list-json", "f", ["{}"]);
    const dir = cacheDirOf({ home: sandbox.home, env: {} });
    writeFileSync(join(dir, "notes.txt"), "mine");
    expect(clearIndexes({ home: sandbox.home, env: {} })).toEqual({ dir, removed: 2 });
    expect(readdirSync(dir)).toEqual(["notes.txt"]);
    expect(clearIndexes({ home: join(sandbox.root, "nowhere"), env: {} }).removed).toBe(0);
  });

  test("follows XDG_CACHE_HOME when absolute; ROSTER_NO_CACHE turns the index off", () => {
    expect(cacheDirOf({ home: "/h", env: { XDG_CACHE_HOME: "/x" } })).toBe("/x/roster");
    expect(cacheDirOf({ home: "/h", env: { XDG_CACHE_HOME: "rel" } })).toBe("/h/.cache/roster");
    expect(cacheDirOf({ home: "/h", env: {} })).toBe("/h/.cache/roster");
    expect(
      [undefined, "", "0", "false", "1", "yes"].map((v) => indexDisabledBy({ ROSTER_NO_CACHE: v })),
    ).toEqual([false, false, false, false, true, true]);
    expect(existsSync(join(sandbox.home, ".cache"))).toBe(false);
  });
});

describe("index file names", () => {
  /** FNV-1a 64 as its definition states it, in BigInt arithmetic. */
  function reference(text: string): string {
    let hash = 0xcbf29ce484222325n;
    for (let i = 0; i < text.length; i++) {
      hash ^= BigInt(text.charCodeAt(i));
      hash = (hash * 0x100000001b3n) & 0xffffffffffffffffn;
    }
    return hash.toString(16).padStart(16, "0");
  }

  test("fnv1a64 is FNV-1a over UTF-16 code units, 64 bits", () => {
    expect(fnv1a64("")).toBe("cbf29ce484222325");
    expect(fnv1a64("a")).toBe("af63dc4c8601ec8c");
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 200 }), (text) => fnv1a64(text) === reference(text)),
      { numRuns: 2000 },
    );
  });

  test("a file per key", () => {
    const other = { ...key, cwd: join(sandbox.project, "sub") };
    expect(indexPathOf({ key, env: {}, home: sandbox.home })).toMatch(/index-[0-9a-f]{16}\.json$/);
    expect(indexPathOf({ key, env: {}, home: sandbox.home })).not.toBe(
      indexPathOf({ key: other, env: {}, home: sandbox.home }),
    );
  });
});
