// The bin's shortcut for a stored `list` (src/commands/agents/list-fast.ts), end to end with the BUILT package.
// A copy of the package runs either with its app, or with the app replaced by a stand-in that
// prints APP and fails (same mtime, so the same build as far as the cache can tell): a run
// that prints the listing with the stand-in in place printed it from the shortcut, without
// loading the app. Every change to what the listing was read from must send the run to the app.
// "The app" is both what runs a list the shortcut cannot print: the bin's own list
// (dist/list-run.cjs) and the app proper (dist/roster.js).
import { spawn } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { agentFile, copyFixtureTree } from "@roster/testkit";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { generateTree } from "../../../bench/generate.mjs";
import { copyBuiltPackage } from "./built-package.js";
import { age, cacheDirOf, placesPerTest, runBin } from "./list-places.js";

const cliDir = fileURLToPath(new URL("..", import.meta.url));

let pkg: string;
let appSource: Buffer;
let listRunSource: Buffer;
beforeAll(() => {
  expect(existsSync(join(cliDir, "dist/list-fast.cjs")), "apps/cli is not built: run pnpm build").toBe(true);
  pkg = copyBuiltPackage(mkdtempSync(join(tmpdir(), "roster-shortcut-pkg-")));
  appSource = readFileSync(join(pkg, "dist/roster.js"));
  listRunSource = readFileSync(join(pkg, "dist/list-run.cjs"));
});
afterAll(() => rmSync(pkg, { recursive: true, force: true }));

/**
 * Puts the app, or a stand-in for it, in dist/roster.js and dist/list-run.cjs (the bin's own
 * list): same mtime, so the same build.
 */
function useApp(real: boolean): void {
  const main = join(pkg, "dist/roster.js");
  writeFileSync(main, real ? appSource : 'process.stdout.write("APP\\n"); process.exitCode = 3;\n');
  utimesSync(main, 1_700_000_000, 1_700_000_000);
  const listRun = join(pkg, "dist/list-run.cjs");
  writeFileSync(
    listRun,
    real
      ? listRunSource
      : 'exports.runList = async () => { process.stdout.write("APP\\n"); process.exitCode = 3; return true; };\n',
  );
}

const places = placesPerTest("roster-shortcut-");

const cacheDir = () => cacheDirOf(places);

const run = (args: string[], env: Record<string, string> = {}) =>
  runBin(join(pkg, "bin/roster.cjs"), places, args, env);

/** With the app: what roster prints (and stores). */
function withApp(args: string[], env: Record<string, string> = {}) {
  useApp(true);
  return run(args, env);
}

/** Without the app: what the shortcut prints, or `undefined` when the run needed the app. */
function shortcut(args: string[], env: Record<string, string> = {}) {
  useApp(false);
  const r = run(args, env);
  if (r.stdout === "APP\n") {
    expect(r.code).toBe(3);
    return undefined;
  }
  expect(r.code, r.stderr).toBe(0);
  return r;
}

/** The lists a shortcut serves: table, word, filters, names, JSON. */
const LISTS = [
  ["list", "--json"],
  ["list"],
  ["list", "review"],
  ["list", "--source", "user"],
  ["list", "--provider", "claude"],
  ["list", "--names"],
  ["list", "--json", "--source", "project"],
  ["--json", "list", "a"],
  ["list", "--no-color", "--names", "--provider=claude"],
  ["list", "--no-project"],
  // Issue 50: an order, every column, over the same stored listing.
  ["list", "--sort", "name"],
  ["list", "--sort", "source", "--json"],
  ["list", "--names", "--sort", "provider"],
  ["list", "--wide", "--sort=source"],
];

/**
 * With the app, twice: the first `list` stores the listing, the second prints from it and
 * stores the shortcut (the look that vouched for the listing is what it records).
 */
function store(args: string[], env: Record<string, string> = {}) {
  withApp(args, env);
  return withApp(args, env);
}

/** Stores what `args` needs with the app, then expects the shortcut to print the app's very output. */
function expectServed(args: string[], env: Record<string, string> = {}) {
  const expected = withApp([...args, "--no-cache"], env);
  expect(expected.code, args.join(" ")).toBe(0);
  store(args, env);
  const served = shortcut(args, env);
  expect(served, `not served: ${args.join(" ")}`).toBeDefined();
  expect(served!.stdout, args.join(" ")).toBe(expected.stdout);
  expect(served!.stderr, args.join(" ")).toBe(expected.stderr);
  return served!.stdout;
}

describe("the shortcut prints what the app prints, without the app", () => {
  test("every list form, on the fixture tree (plugins, every provider)", async () => {
    Object.assign(places, copyFixtureTree(places.root));
    await age();
    for (const args of LISTS) expectServed(args);
  });

  test("a plugin registry a provider reads (not a folder it walks) is replayed too", async () => {
    Object.assign(places, copyFixtureTree(places.root));
    await age();
    expectServed(["list", "--json"]);
    const registry = join(places.home, ".claude/plugins/installed_plugins.json");
    const text = readFileSync(registry, "utf8");
    // beta@market uninstalled: its agents go; a rewrite of the same registry is a change too.
    writeFileSync(registry, text.replace(/"beta@market":[^\n]*\n/, "").replace(/\],(\s*)\}/, "]$1}"));
    expect(JSON.parse(readFileSync(registry, "utf8")).plugins).not.toHaveProperty("beta@market");
    await age();
    expect(shortcut(["list", "--json"])).toBeUndefined();
    const fresh = withApp(["list", "--json", "--no-cache"]).stdout;
    expect(fresh).not.toContain("beta");
    store(["list", "--json"]);
    expect(shortcut(["list", "--json"])?.stdout).toBe(fresh);
  });

  test("config notes go to stderr before a table, inside the JSON", async () => {
    Object.assign(places, copyFixtureTree(places.root));
    // A project config with a key only the user may set: a warning the listing carries.
    writeFileSync(join(places.project, "roster.config.json"), JSON.stringify({ trustProject: true }));
    await age();
    expect(expectServed(["list", "--json"])).toContain("config/user-only-key");
    const table = withApp(["list"]);
    expect(table.stderr).toMatch(/^roster: warning: .*roster\.config\.json: "trustProject"/);
    expectServed(["list"]);
  });

  test("what it does not serve runs the app", async () => {
    Object.assign(places, copyFixtureTree(places.root));
    await age();
    store(["list", "--json"]);
    expect(shortcut(["list", "--json"])).toBeDefined();
    for (const args of [
      ["list", "--files"],
      ["list", "--as", "claude"],
      ["list", "--no-cache"],
      ["list", "--debug"],
      ["list", "--config", join(places.root, "none.json")],
      ["list", "a", "b"],
      ["list", "--bogus"],
      ["list", "--cwd"],
      ["list", "--json=false"],
      ["list", "--", "a"],
      ["list", "--provider", "nobody"],
      ["list", "--source", "elsewhere"],
      // The prompts are not in the stored listing; a sort key that is none is the app's to say.
      ["list", "a", "--full-text"],
      ["list", "--sort", "nme"],
      ["list", "-h"],
      ["commands", "list"],
      ["show", "list"],
    ])
      expect(shortcut(args), args.join(" ")).toBeUndefined();
    expect(shortcut(["list", "--json"], { ROSTER_NO_CACHE: "1" })).toBeUndefined();
    // The app says what is wrong, as it always has.
    const wrong = withApp(["list", "--provider", "nobody"]);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/^roster: unknown provider "nobody" for --provider \(one of /);
  });
});

describe("the shortcut writes as the stream would", () => {
  beforeEach(async () => {
    // Synthetic files: a listing of about 1 MB, far more than a pipe holds.
    generateTree(places.root, 2000, { corpus: false });
    await age();
    store(["list", "--json"]);
  });

  test("a reader that waits before reading gets every byte", async () => {
    const expected = withApp(["list", "--json", "--no-cache"]).stdout;
    expect(expected.length).toBeGreaterThan(512 * 1024);
    useApp(false);
    const child = spawn(
      process.execPath,
      [join(pkg, "bin/roster.cjs"), "--home", places.home, "--cwd", places.project, "list", "--json"],
      { cwd: places.root, env: { PATH: process.env.PATH ?? "" }, stdio: ["ignore", "pipe", "pipe"] },
    );
    await new Promise((r) => setTimeout(r, 300));
    const chunks: Buffer[] = [];
    for await (const chunk of child.stdout) chunks.push(chunk as Buffer);
    const code = await new Promise((r) => child.on("close", r));
    expect(code).toBe(0);
    expect(Buffer.concat(chunks).toString("utf8")).toBe(expected);
  });

  test("a reader that stops early ends the run quietly, exit 0", async () => {
    useApp(false);
    const child = spawn(
      process.execPath,
      [join(pkg, "bin/roster.cjs"), "--home", places.home, "--cwd", places.project, "list", "--json"],
      { cwd: places.root, env: { PATH: process.env.PATH ?? "" }, stdio: ["ignore", "pipe", "pipe"] },
    );
    let stderr = "";
    child.stderr.on("data", (d) => {
      stderr += String(d);
    });
    const first = await new Promise<Buffer>((r) => child.stdout.once("data", r));
    expect(first.toString("utf8")).toMatch(/^\{\n {2}"schemaVersion": 2/);
    child.stdout.destroy();
    const code = await new Promise((r) => child.on("close", r));
    expect(code).toBe(0);
    expect(stderr).toBe("");
  });
});

describe("any change to what the listing was read from sends the run to the app", () => {
  const agents = () => join(places.project, ".claude/agents");
  beforeEach(async () => {
    mkdirSync(agents(), { recursive: true });
    mkdirSync(join(places.home, ".claude/agents"), { recursive: true });
    writeFileSync(join(agents(), "a.md"), agentFile("a", "the a agent"));
    writeFileSync(join(agents(), "b.md"), agentFile("b", "the b agent"));
    writeFileSync(join(places.home, ".claude/agents/u.md"), agentFile("u", "the u agent"));
    utimesSync(join(agents(), "a.md"), 1_700_000_000, 1_700_000_000);
    await age();
    expectServed(["list", "--json"]);
  });

  /** After a change: the shortcut declines, the app prints what it reads now, and from then on the shortcut serves that. */
  async function expectCaught(env: Record<string, string> = {}, options: { newKey?: boolean } = {}) {
    await age();
    expect(shortcut(["list", "--json"], env)).toBeUndefined();
    const fresh = withApp(["list", "--json", "--no-cache"], env).stdout;
    // One run of the app: its look finds the stored listing outdated, its discovery (recorded,
    // since a listing was stored before) stores the new listing and the shortcut at once.
    // A change of key (trust, the provider set) has no listing before it: a first run there.
    expect(withApp(["list", "--json"], env).stdout).toBe(fresh);
    if (options.newKey) {
      expect(shortcut(["list", "--json"], env)).toBeUndefined();
      expect(withApp(["list", "--json"], env).stdout).toBe(fresh);
    }
    expect(shortcut(["list", "--json"], env)?.stdout).toBe(fresh);
    return fresh;
  }

  test("an edit of the same size with the mtime put back", async () => {
    const file = join(agents(), "a.md");
    const before = statSync(file);
    writeFileSync(file, agentFile("a", "THE A AGENT"));
    utimesSync(file, 1_700_000_000, 1_700_000_000);
    expect(statSync(file).size).toBe(before.size);
    expect(statSync(file).mtimeMs).toBe(before.mtimeMs);
    expect(await expectCaught()).toContain("THE A AGENT");
  });

  test("a deletion, an addition, a rename", async () => {
    rmSync(join(agents(), "b.md"));
    expect(await expectCaught()).not.toContain("the b agent");
    writeFileSync(join(agents(), "c.md"), agentFile("c"));
    expect(await expectCaught()).toContain("c agent");
    renameSync(join(agents(), "c.md"), join(agents(), "d.md"));
    expect(await expectCaught()).toContain("d.md");
  });

  test("a folder of agents where none was", async () => {
    mkdirSync(join(places.project, ".gemini/agents"), { recursive: true });
    writeFileSync(join(places.project, ".gemini/agents/g.md"), agentFile("g"));
    expect(await expectCaught()).toContain('"g"');
  });

  test("a user config, then a project config", async () => {
    mkdirSync(join(places.home, ".config/roster"), { recursive: true });
    writeFileSync(join(places.home, ".config/roster/config.json"), JSON.stringify({ disabledAgents: ["a"] }));
    expect(await expectCaught()).toContain('"disabled": true');
    writeFileSync(join(places.project, "roster.config.json"), JSON.stringify({ disabledAgents: ["b"] }));
    const fresh = JSON.parse(await expectCaught()) as { agents: { name: string; disabled?: boolean }[] };
    expect(fresh.agents.filter((a) => a.disabled).map((a) => a.name)).toEqual(["a", "b"]);
  });

  test("the user's config turns project folders off", async () => {
    mkdirSync(join(places.home, ".config/roster"), { recursive: true });
    writeFileSync(join(places.home, ".config/roster/config.json"), JSON.stringify({ trustProject: false }));
    expect(await expectCaught({}, { newKey: true })).not.toContain("the a agent");
  });

  test("a variable a provider reads", async () => {
    mkdirSync(join(places.root, "claude-elsewhere/agents"), { recursive: true });
    writeFileSync(join(places.root, "claude-elsewhere/agents/e.md"), agentFile("e", "the e agent"));
    const fresh = await expectCaught({ CLAUDE_CONFIG_DIR: join(places.root, "claude-elsewhere") });
    expect(fresh).toContain("the e agent");
    expect(fresh).not.toContain("the u agent");
    // A variable nothing reads changes nothing.
    expect(
      shortcut(["list", "--json"], {
        CLAUDE_CONFIG_DIR: join(places.root, "claude-elsewhere"),
        UNRELATED: "1",
      }),
    ).toBeDefined();
  });

  test("a corrupt or foreign shortcut is ignored, and stored anew", async () => {
    const file = join(cacheDir(), readdirSync(cacheDir()).find((f) => f.endsWith(".shortcut.out"))!);
    const [header, body] = readFileSync(file, "utf8").split("\n") as [string, string];
    const parsed = JSON.parse(body) as { reads: Record<string, [string[], unknown[]]> };
    for (const wrong of [
      "{ not json",
      "null",
      JSON.stringify({ ...parsed, reads: { ...parsed.reads, open: [[], []] } }),
      JSON.stringify({ ...parsed, reads: { ...parsed.reads, stat: [["0|/x"], []] } }),
      JSON.stringify({ ...parsed, reads: { ...parsed.reads, stat: [["99|x"], ["!ENOENT"]] } }),
      JSON.stringify({ ...parsed, providers: "claude" }),
      JSON.stringify({ ...parsed, listing: { key: {}, fingerprint: "x" } }),
    ]) {
      writeFileSync(file, `${header}\n${wrong}`);
      expect(shortcut(["list", "--json"]), wrong).toBeUndefined();
    }
    // Another build's shortcut.
    writeFileSync(file, `${header.replace('"version":"', '"version":"0.0.0-other ')}\n${body}`);
    expect(shortcut(["list", "--json"])).toBeUndefined();
    // The app prints from the listing, which still holds, and stores the shortcut anew.
    const listed = withApp(["list", "--json"]).stdout;
    expect(shortcut(["list", "--json"])?.stdout).toBe(listed);
  });

  test("the first list stores the listing, the second the shortcut", async () => {
    rmSync(cacheDir(), { recursive: true });
    withApp(["list", "--json"]);
    expect(readdirSync(cacheDir())).toEqual([expect.stringMatching(/\.list-json\.out$/)]);
    expect(shortcut(["list", "--json"])).toBeUndefined();
    withApp(["list", "--json"]);
    expect(readdirSync(cacheDir())).toHaveLength(2);
    expect(shortcut(["list", "--json"])).toBeDefined();
  });

  test("a listing stored anew for other files is not served by the old shortcut", async () => {
    const file = join(cacheDir(), readdirSync(cacheDir()).find((f) => f.endsWith(".shortcut.out"))!);
    const old = readFileSync(file);
    writeFileSync(join(agents(), "n.md"), agentFile("n"));
    await expectCaught();
    // The old shortcut back: its observations say the folder had no n.md.
    writeFileSync(file, old);
    expect(shortcut(["list", "--json"])).toBeUndefined();
  });
});

describe("what a record cannot see is not recorded", () => {
  beforeEach(async () => {
    mkdirSync(join(places.project, ".claude/agents"), { recursive: true });
    writeFileSync(join(places.project, ".claude/agents/a.md"), agentFile("a"));
    mkdirSync(join(places.home, ".config/roster"), { recursive: true });
  });
  const shortcuts = () => readdirSync(cacheDir()).filter((f) => f.endsWith(".shortcut.out"));

  test("a user config that is code: the listing is stored, no shortcut", async () => {
    writeFileSync(join(places.home, ".config/roster/config.mjs"), "export default { disabledAgents: [] };\n");
    await age();
    store(["list", "--json"]);
    withApp(["list", "--json"]);
    expect(readdirSync(cacheDir()).some((f) => f.endsWith(".list-json.out"))).toBe(true);
    expect(shortcuts()).toEqual([]);
    expect(shortcut(["list", "--json"])).toBeUndefined();
  });

  test("a file changed at the time of the run or later (the racy window): nothing stored", async () => {
    // A change this close to the look could be followed by another within the same clock tick.
    const future = Date.now() / 1000 + 30;
    utimesSync(join(places.project, ".claude/agents/a.md"), future, future);
    await age();
    store(["list", "--json"]);
    expect(existsSync(cacheDir()) ? readdirSync(cacheDir()) : []).toEqual([]);
    expect(shortcut(["list", "--json"])).toBeUndefined();
  });
});
