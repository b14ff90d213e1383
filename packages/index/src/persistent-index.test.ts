import {
  chmodSync,
  chownSync,
  existsSync,
  lstatSync,
  readdirSync,
  readFileSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { join, relative } from "node:path";
import { createSandbox, type Sandbox } from "@roster/testkit";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { cacheDirOf, indexDisabledBy } from "./cache-dir.js";
import { clearIndexes, fnv1a64, indexPathOf, openOutputs } from "./persistent-index.js";
import type { IndexKey } from "./types.js";

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
  extra: { version?: string; env?: Record<string, string>; key?: IndexKey; maxIndexes?: number } = {},
) =>
  openOutputs({
    key: extra.key ?? key,
    env: extra.env ?? {},
    home: sandbox.home,
    version: extra.version ?? "1.0.0",
    ...(extra.maxIndexes === undefined ? {} : { maxIndexes: extra.maxIndexes }),
  });

describe("a cache folder or record another user owns or others can write is not used (issue 49)", () => {
  const openTelling = (told: string[]) =>
    openOutputs({
      key,
      env: {},
      home: sandbox.home,
      version: "1.0.0",
      onUnsafe: (d) => told.push(`${d.code} ${d.message}`),
    });
  /** A stored output, written while the folder was safe. */
  const stored = () => {
    expect(open().writeOutput("list-json", "f", ['{"forged":false}'])).toEqual([]);
    expect(open().readOutput("list-json", "f")?.toString()).toBe('{"forged":false}');
    return cacheDirOf({ home: sandbox.home, env: {} });
  };

  test.each([
    ["others", 0o702],
    ["its group", 0o720],
  ])("a folder writable by %s: nothing read, nothing stored, one warning", (who, mode) => {
    const dir = stored();
    chmodSync(dir, mode);
    const told: string[] = [];
    const index = openTelling(told);
    expect(index.hasOutput("list-json")).toBe(false);
    expect(index.readOutput("list-json", "f")).toBeUndefined();
    const before = readdirSync(dir).sort();
    expect(index.writeOutput("list-json", "g", ["{}"])).toEqual([]);
    expect(readdirSync(dir).sort()).toEqual(before);
    expect(told).toHaveLength(1);
    expect(told[0]).toContain(`index/unsafe not using ${dir}: it is writable by ${who}`);
    expect(told[0]).toContain("ROSTER_NO_CACHE=1");
    chmodSync(dir, 0o700);
    expect(open().readOutput("list-json", "f")).toBeDefined();
  });

  test("a record others can write, or a link, is not read", () => {
    const dir = stored();
    const record = join(dir, readdirSync(dir).find((n) => n.endsWith(".list-json.out"))!);
    chmodSync(record, 0o666);
    const told: string[] = [];
    expect(openTelling(told).readOutput("list-json", "f")).toBeUndefined();
    expect(told).toEqual([
      expect.stringContaining(`not using ${record}: it is writable by its group and others`),
    ]);
  });

  const root = process.getuid?.() === 0;
  test.skipIf(!root)(
    "(as root) a folder another user owns: not used (skipped unless the tests run as root)",
    () => {
      const dir = stored();
      chownSync(dir, 12345, 12345);
      const told: string[] = [];
      expect(openTelling(told).readOutput("list-json", "f")).toBeUndefined();
      expect(told).toEqual([expect.stringContaining("it belongs to user 12345, not to you (user 0)")]);
    },
  );
});

describe("an unwritable cache folder", () => {
  test("where a file stands in the way: one warning, no throw", () => {
    writeFileSync(join(sandbox.root, "blocker"), "");
    const index = open({ env: { XDG_CACHE_HOME: join(sandbox.root, "blocker") } });
    expect(index.writeOutput("list-json", "f", ["{}"])).toEqual([
      expect.objectContaining({ code: "index/unwritable", severity: "warning" }),
    ]);
    expect(index.writeOutput("list-json", "f", ["{}"])).toEqual([]);
    expect(index.readOutput("list-json", "f")).toBeUndefined();
  });

  test("an output file that is a symbolic link is never written through or replaced: one warning", () => {
    const path = indexPathOf({ key, env: {}, home: sandbox.home }).replace(/\.json$/, ".list-json.out");
    const elsewhere = join(sandbox.root, "elsewhere.out");
    writeFileSync(elsewhere, "keep\n");
    sandbox.write({ [relative(sandbox.root, path)]: { symlink: elsewhere } });
    expect(open().writeOutput("list-json", "f", ["{}"])).toEqual([
      expect.objectContaining({ code: "index/unwritable" }),
    ]);
    expect(readFileSync(elsewhere, "utf8")).toBe("keep\n");
    expect(lstatSync(path).isSymbolicLink()).toBe(true);
  });

  test.skipIf(process.getuid?.() === 0)("a read-only folder: one warning, and nothing is left behind", () => {
    const dir = cacheDirOf({ home: sandbox.home, env: {} });
    sandbox.write({ "home/.cache/roster": null });
    chmodSync(dir, 0o555);
    try {
      const index = open();
      expect(index.writeOutput("list-json", "f", ["{}"])).toEqual([
        expect.objectContaining({ code: "index/unwritable" }),
      ]);
      expect(index.writeOutput("list-json", "f", ["{}"])).toEqual([]);
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      chmodSync(dir, 0o755);
    }
  });
});

describe("stored outputs", () => {
  test("come back byte for byte for the same version, key and fingerprint only", () => {
    const index = open();
    expect(index.path).toBe(join(sandbox.home, ".cache/roster", index.path.split("/").pop()!));
    expect(index.writeOutput("list-json", "f1", ["{\n", '  "é": 1\n', "}\n"])).toEqual([]);
    expect(index.readOutput("list-json", "f1")?.toString()).toBe('{\n  "é": 1\n}\n');
    expect(index.readOutput("list-json", "f2")).toBeUndefined();
    expect(index.readOutput("list", "f1")).toBeUndefined();
    expect(open({ version: "2.0.0" }).readOutput("list-json", "f1")).toBeUndefined();
    for (const other of [
      { ...key, trust: false },
      { ...key, providers: ["xcsh", "claude"] },
      { ...key, cwd: sandbox.root },
      { ...key, kind: "commands" },
    ])
      expect(open({ key: other }).readOutput("list-json", "f1")).toBeUndefined();
  });

  test("a stored output that is not roster's (no header, another layout) is not handed out", () => {
    const index = open();
    index.writeOutput("list-json", "f1", ["[1]\n"]);
    const path = index.path.replace(/\.json$/, ".list-json.out");
    writeFileSync(path, "[1]\n");
    expect(index.readOutput("list-json", "f1")).toBeUndefined();
    writeFileSync(path, `${JSON.stringify({ format: "roster-index", schema: 2 })}\n[1]\n`);
    expect(index.readOutput("list-json", "f1")).toBeUndefined();
  });

  test("hasOutput says whether anything is stored under a name; bytes are stored as given", () => {
    const index = open();
    expect(index.hasOutput("list-json")).toBe(false);
    const bytes = [Buffer.from('{\n  "é": '), Buffer.from("2\n}\n")];
    expect(index.writeOutput("list-json", "f1", bytes)).toEqual([]);
    expect(index.hasOutput("list-json")).toBe(true);
    expect(index.hasOutput("list")).toBe(false);
    expect(index.readOutput("list-json", "f1")?.toString()).toBe('{\n  "é": 2\n}\n');
  });

  test("stored outputs are bounded: the least recently written keys go", () => {
    const dir = cacheDirOf({ home: sandbox.home, env: {} });
    const cwds = ["a", "b", "c", "d"].map((c) => join(sandbox.root, c));
    cwds.forEach((cwd, i) => {
      const index = open({ key: { ...key, cwd }, maxIndexes: 2 });
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
  test("removes every index and output (an older roster's per-file index too), nothing else", () => {
    const index = open();
    index.writeOutput("list-json", "f", ["{}"]);
    writeFileSync(index.path, "{}");
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
