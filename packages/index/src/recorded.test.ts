import {
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { createRegistry, discoverAgents } from "@roster/core";
import { claudeProvider } from "@roster/source-claude";
import { xcshProvider } from "@roster/source-xcsh";
import { agentFile, createSandbox, type Sandbox } from "@roster/testkit";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { isRecordedReads, packSubjects, ReadRecorder, stillSeen, unpackSubjects } from "./recorded.js";

let sandbox: Sandbox;
beforeEach(() => {
  sandbox = createSandbox("roster-recorded-");
});
afterEach(() => sandbox.cleanup());

describe("ReadRecorder", () => {
  test("notes every kind of read once: variables first, then real paths, links, folders, files", () => {
    sandbox.write({ "project/a.md": "a", "project/d/b.md": "b" });
    const r = new ReadRecorder({ HOME: "/h" });
    r.fs.stat(join(sandbox.project, "a.md"));
    r.fs.stat(join(sandbox.project, "a.md"));
    r.fs.readdir(sandbox.project);
    expect(() => r.fs.lstat(join(sandbox.project, "gone"))).toThrow();
    r.fs.realpath(join(sandbox.project, "d"));
    expect(r.env.HOME).toBe("/h");
    expect("UNSET" in r.env).toBe(false);
    const seen = r.observations();
    expect(seen.map(([what, subject]) => [what, subject.replace(sandbox.project, "P")])).toEqual([
      ["env", "HOME"],
      ["env", "UNSET"],
      ["realpath", "P/d"],
      ["lstat", "P/gone"],
      ["readdir", "P"],
      ["stat", "P/a.md"],
    ]);
    expect(seen[3]![2]).toBe("!ENOENT");
    expect(seen[1]![2]).toBeNull();
    expect(r.unusable).toBeUndefined();
    const stored = JSON.parse(JSON.stringify(r.reads())) as unknown;
    expect(isRecordedReads(stored)).toBe(true);
    expect(stillSeen(r.reads(), { HOME: "/h" })).toBe(true);
    expect(stillSeen(stored as ReturnType<ReadRecorder["reads"]>, { HOME: "/h" })).toBe(true);
    expect(stillSeen(r.reads(), { HOME: "/other" })).toBe(false);
  });

  test("a read without a stat is noted as the stat taken before it", () => {
    sandbox.write({ "project/a.md": "hello" });
    const file = join(sandbox.project, "a.md");
    const r = new ReadRecorder({});
    expect(r.fs.readFile(file).toString()).toBe("hello");
    expect(r.observations()).toEqual([
      ["stat", file, ["f", 5, expect.any(Number), expect.any(Number), expect.any(Number)]],
    ]);
    expect(() => r.fs.readFile(join(sandbox.project, "none"))).toThrow();
    expect(r.observations()[1]).toEqual(["stat", join(sandbox.project, "none"), "!ENOENT"]);
    expect(r.newestChangeMs).toBe(statSync(file).ctimeMs);
  });

  test("enumerating or writing the environment spoils the record", () => {
    const listed = new ReadRecorder({ A: "1" });
    expect(Object.keys(listed.env)).toEqual(["A"]);
    expect(listed.unusable).toMatch(/whole environment/);
    const written = new ReadRecorder({ A: "1" });
    expect(() => {
      written.env.A = "2";
    }).toThrow();
    expect(written.unusable).toMatch(/written/);
  });

  test("a path seen two ways in one run spoils the record", () => {
    sandbox.write({ "project/a.md": "a" });
    const file = join(sandbox.project, "a.md");
    const r = new ReadRecorder({});
    r.fs.stat(file);
    writeFileSync(file, "longer");
    r.fs.stat(file);
    expect(r.unusable).toMatch(/changed during the run/);
  });

  test("a folder's stat is its kind and inode: files added beside are its readdir's business", () => {
    mkdirSync(join(sandbox.project, "d"));
    const r = new ReadRecorder({});
    r.fs.stat(join(sandbox.project, "d"));
    const seen = r.reads();
    writeFileSync(join(sandbox.project, "d", "unrelated"), "x");
    expect(stillSeen(seen, {})).toBe(true);
    // Another folder in its place (the old one kept, so that its inode is not reused).
    renameSync(join(sandbox.project, "d"), join(sandbox.project, "old"));
    mkdirSync(join(sandbox.project, "d"));
    expect(stillSeen(seen, {})).toBe(false);
  });
});

describe("stillSeen after a recorded discovery", () => {
  const registry = () => createRegistry([xcshProvider, claudeProvider]);

  async function recordDiscovery(env: Record<string, string> = {}) {
    const r = new ReadRecorder(env);
    const ctx = { ...sandbox.ctx(), env: r.env, fs: r.fs };
    const d = await discoverAgents(registry(), ctx);
    expect(r.unusable).toBeUndefined();
    return { seen: r.observations(), reads: r.reads(), names: d.agents.map((a) => a.name) };
  }

  beforeEach(() => {
    sandbox.write({
      "project/.claude/agents/a.md": agentFile("a"),
      "project/.claude/agents/sub/b.md": agentFile("b"),
      "home/.claude/agents/c.md": agentFile("c"),
    });
  });

  test("nothing changed: seen the same", async () => {
    const { seen, reads, names } = await recordDiscovery();
    expect(names).toEqual(expect.arrayContaining(["a", "c"]));
    expect(seen.some(([what]) => what === "env")).toBe(true);
    // Each file read in one open (core's way on node:fs), its descriptor's stat noted.
    expect(seen).toContainEqual([
      "stat",
      join(sandbox.project, ".claude/agents/a.md"),
      ["f", expect.any(Number), expect.any(Number), expect.any(Number), expect.any(Number)],
    ]);
    expect(stillSeen(reads, {})).toBe(true);
  });

  const changes: Array<[string, () => void]> = [
    [
      "an edit of the same size with the mtime put back",
      () => {
        const file = join(sandbox.project, ".claude/agents/a.md");
        const before = statSync(file);
        writeFileSync(file, readFileSync(file, "utf8").replace("a agent", "A agent"));
        utimesSync(file, before.atime, before.mtime);
      },
    ],
    ["a deletion", () => rmSync(join(sandbox.project, ".claude/agents/a.md"))],
    ["an addition", () => writeFileSync(join(sandbox.project, ".claude/agents/n.md"), agentFile("n"))],
    [
      "a rename",
      () =>
        renameSync(
          join(sandbox.project, ".claude/agents/a.md"),
          join(sandbox.project, ".claude/agents/z.md"),
        ),
    ],
    [
      "a folder that did not exist",
      () => mkdirSync(join(sandbox.project, ".xcsh/agents"), { recursive: true }),
    ],
    [
      "a folder replaced by a link to another",
      () => {
        const agents = join(sandbox.home, ".claude/agents");
        renameSync(agents, join(sandbox.home, "elsewhere"));
        symlinkSync(join(sandbox.home, "elsewhere"), agents);
      },
    ],
  ];
  for (const [name, change] of changes) {
    test(`${name}: not seen the same`, async () => {
      const { reads } = await recordDiscovery();
      change();
      expect(stillSeen(reads, {})).toBe(false);
    });
  }

  test("a variable a provider read changes: not seen the same", async () => {
    const { seen, reads } = await recordDiscovery({ CLAUDE_CONFIG_DIR: join(sandbox.home, ".claude") });
    expect(seen).toContainEqual(["env", "CLAUDE_CONFIG_DIR", join(sandbox.home, ".claude")]);
    expect(stillSeen(reads, { CLAUDE_CONFIG_DIR: join(sandbox.home, ".claude") })).toBe(true);
    expect(stillSeen(reads, {})).toBe(false);
    expect(stillSeen(reads, { CLAUDE_CONFIG_DIR: join(sandbox.home, "other") })).toBe(false);
  });

  test("a variable nobody read changes: still seen the same", async () => {
    const { reads } = await recordDiscovery();
    expect(stillSeen(reads, { SOMETHING_ELSE: "1" })).toBe(true);
  });
});

describe("stored reads", () => {
  const empty = { env: [[], []], realpath: [[], []], lstat: [[], []], readdir: [[], []], stat: [[], []] };

  test("isRecordedReads refuses what a replay cannot use", () => {
    for (const bad of [
      null,
      [],
      {},
      { ...empty, open: [[], []] },
      { ...empty, stat: [["0|/x"], []] },
      { ...empty, stat: [["0|/x"], [1]] },
      { ...empty, stat: [["0|/x"], [["f", "1"]]] },
      { ...empty, stat: [["0|/x"], [[1, 2]]] },
      { ...empty, stat: [["0|/x"], [["d"]]] },
      { ...empty, env: [["0|A"]] },
    ])
      expect(isRecordedReads(bad), JSON.stringify(bad)).toBe(false);
    expect(isRecordedReads(empty)).toBe(true);
    expect(
      isRecordedReads({
        ...empty,
        stat: [
          ["0|/x", "1|y"],
          [["d", 12], "!ENOENT"],
        ],
        env: [["0|A"], [null]],
      }),
    ).toBe(true);
  });

  test("subjects that do not unpack are a difference, never an error", () => {
    for (const packed of [["5|x"], ["x"], ["|x"], [3], ["-1|x"], ["99999999|x"]]) {
      expect(unpackSubjects(packed), JSON.stringify(packed)).toBeUndefined();
      expect(stillSeen({ ...empty, env: [packed as string[], [null]] } as never, {})).toBe(false);
    }
  });

  test("packed subjects unpack to themselves, and share what they can", () => {
    expect(packSubjects(["/a/b/x.md", "/a/b/y.md", "/c"])).toEqual(["0|/a/b/x.md", "5|y.md", "1|c"]);
    fc.assert(
      fc.property(fc.array(fc.string({ unit: "binary" }), { maxLength: 30 }), (subjects) => {
        expect(unpackSubjects(packSubjects(subjects))).toEqual(subjects);
      }),
      { numRuns: 500 },
    );
  });
});
