// Start-up (issue 15): the BUILT bin loads only what a command needs. A preload records
// every file Node loads (ESM through a loader hook, CommonJS from the require cache at
// exit); the dist's source maps say which sources each loaded chunk carries, so the test
// does not depend on the bundler's hashed chunk names. No timing here: the bench measures.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { basename, dirname, join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createSandbox, type Sandbox } from "@roster/testkit";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { LAZY_ENGINES } from "../tsup.config.ts";

const dist = fileURLToPath(new URL("../dist/", import.meta.url));
const bin = join(dist, "roster.js");

const RECORDER = `
import { appendFileSync } from "node:fs";
import { createRequire, register } from "node:module";
register(new URL("./hooks.mjs", import.meta.url));
const cache = createRequire(import.meta.url).cache;
process.on("exit", () => {
  appendFileSync(process.env.ROSTER_TEST_LOADS, Object.keys(cache).map((f) => "cjs " + f + "\\n").join(""));
});
`;
const HOOKS = `
import { appendFileSync } from "node:fs";
export async function load(url, context, next) {
  if (url.startsWith("file:")) appendFileSync(process.env.ROSTER_TEST_LOADS, "esm " + url + "\\n");
  return next(url, context);
}
`;

/** Sources no start-up of list, show or why may load, by what a source path contains. */
const HEAVY: Record<string, RegExp> = {
  // The family list holds each family's host definition (data and a pure plan, with the shape
  // check of an output schema), and config reads the executor's default limits (their own small
  // entry): the runners, their preflight, the rest of the executor and Ajv stay out.
  executor: /packages\/executor\/src\/(?!(check-schema-shape|default-settings)\.ts$)/,
  "host runners": /packages\/hosts\/src\/(host-runner|check-host-ready|hosts|index)\.ts$/,
  mcp: /packages\/mcp\/src\/|node_modules\/@modelcontextprotocol\//,
  ajv: /node_modules\/ajv\//,
  "import-meta-resolve": /node_modules\/import-meta-resolve\//,
  // The engines (and gray-matter's js-yaml) belong in dist/engines, never inside a chunk.
  "an engine inside a chunk": new RegExp(`node_modules/(${[...LAZY_ENGINES, "js-yaml"].join("|")})/`),
};

let box: Sandbox;
let recorder: string;

beforeAll(() => {
  expect(existsSync(bin), "apps/cli is not built: run pnpm build (pnpm test does)").toBe(true);
  box = createSandbox("roster-startup-");
  box.write({ "recorder/record.mjs": RECORDER, "recorder/hooks.mjs": HOOKS });
  recorder = pathToFileURL(join(box.root, "recorder/record.mjs")).href;
});
afterAll(() => box.cleanup());

interface Loaded {
  /** dist files loaded, relative to dist/ (`engines/yaml.cjs`, `roster.js`, …). */
  files: string[];
  /** Every source the loaded chunks carry, from their source maps. */
  sources: string[];
}

let runs = 0;
/** The installed command: its own list (list-fast.cjs, list-run.cjs) before the app. */
const installed = join(dist, "../bin/roster.cjs");

/** Runs the bin (the app's entry unless told) under the recorder; what it loaded. */
function loadsOf(args: string[], where: { cwd: string; home: string }, exitCodes = [0], entry = bin): Loaded {
  const record = join(box.root, `loads-${++runs}.txt`);
  const result = spawnSync(
    process.execPath,
    ["--import", recorder, entry, ...args, "--cwd", where.cwd, "--home", where.home],
    { env: { PATH: process.env.PATH ?? "", ROSTER_TEST_LOADS: record }, encoding: "utf8" },
  );
  expect(exitCodes, result.stderr).toContain(result.status);
  const files = new Set<string>();
  for (const entry of readFileSync(record, "utf8").split("\n")) {
    const [kind, where] = [entry.slice(0, 3), entry.slice(4)];
    const path = kind === "esm" ? fileURLToPath(where) : where;
    if (kind && path.startsWith(dist)) files.add(relative(dist, path));
  }
  const sources = [...files].flatMap((file) => {
    const map = join(dist, `${file}.map`);
    return existsSync(map) ? (JSON.parse(readFileSync(map, "utf8")).sources as string[]) : [];
  });
  return { files: [...files].sort(), sources };
}

const heavyIn = (loaded: Loaded) =>
  Object.entries(HEAVY)
    .filter(([, pattern]) => loaded.sources.some((s) => pattern.test(s)))
    .map(([name]) => name);
const enginesIn = (loaded: Loaded) =>
  loaded.files.filter((f) => dirname(f) === "engines").map((f) => basename(f, ".cjs"));

describe("an empty folder and home (no config, no agent files)", () => {
  const empty = () => ({ cwd: box.project, home: box.home });

  test("list --json loads discovery but no heavy module and no engine", () => {
    const loaded = loadsOf(["list", "--json"], empty());
    expect(loaded.sources.some((s) => s.includes("packages/core/src/"))).toBe(true);
    expect(heavyIn(loaded)).toEqual([]);
    expect(enginesIn(loaded)).toEqual([]);
  });

  test("list for people, show and why: the same", () => {
    for (const args of [["list"], ["show", "explore"], ["why", "explore"]]) {
      const loaded = loadsOf(args, empty());
      expect({ args, heavy: heavyIn(loaded), engines: enginesIn(loaded) }).toEqual({
        args,
        heavy: [],
        engines: [],
      });
    }
  });

  test("the installed bin's own list loads neither the app nor a heavy module nor an engine", () => {
    for (const args of [["list", "--json"], ["list"], ["list", "--json"]]) {
      const loaded = loadsOf(args, empty(), [0], installed);
      expect(loaded.files, args.join(" ")).toContain("list-fast.cjs");
      expect(loaded.files, args.join(" ")).not.toContain("roster.js");
      expect({ args, heavy: heavyIn(loaded), engines: enginesIn(loaded) }).toEqual({
        args,
        heavy: [],
        engines: [],
      });
    }
  });

  test("--version loads no package at all, only the bin and its small chunks", () => {
    const loaded = loadsOf(["--version"], empty());
    expect(loaded.sources.filter((s) => s.includes("packages/"))).toEqual([]);
    expect(loaded.files.length).toBeLessThanOrEqual(5);
  });
});

describe("what needs them loads them (the recorder sees both kinds of load)", () => {
  test("a nested frontmatter, a TOML agent, an opencode config and wide text load their engines", () => {
    box.write({
      "full/.claude/agents/nested.md":
        "---\nname: nested\ndescription: 漢字 in a description\nmetadata:\n  team: core\n---\nBody.\n",
      "full/.codex/agents/toml-agent.toml": 'name = "toml-agent"\ndescription = "From TOML"\n',
      "full/opencode.jsonc": '{ // a comment\n  "agent": { "cfg": { "description": "From JSONC" } } }\n',
    });
    const loaded = loadsOf(["list", "--no-cache"], { cwd: join(box.root, "full"), home: box.home });
    expect(enginesIn(loaded).sort()).toEqual([...LAZY_ENGINES].sort());
    expect(heavyIn(loaded)).toEqual([]);
  });

  test("export writes a simple frontmatter without the yaml engine (a nested one, read with it, shows the recorder sees it)", () => {
    box.write({
      "export/.claude/agents/simple.md":
        '---\nname: simple\ndescription: "Use when: asked"\ntools: Read, Grep\nmodel: sonnet\n---\nBody.\n',
      "export/.claude/agents/nested.md":
        "---\nname: nested\ndescription: Nested\nmcpServers:\n  db:\n    command: db-server\n---\nBody.\n",
    });
    const where = { cwd: join(box.root, "export"), home: box.home };
    const simple = loadsOf(["export", "simple", "--to", "gemini", "--no-cache"], where);
    expect(enginesIn(simple)).not.toContain("yaml");
    const nested = loadsOf(["export", "nested", "--to", "gemini", "--no-cache"], where);
    expect(enginesIn(nested)).toContain("yaml");
  });

  test("doctor loads Ajv only for an output schema in a file (roster's own are checked by its tests)", () => {
    // Only roster's built-ins here, one of which (explore) has an output schema.
    const plain = loadsOf(["doctor", "--json"], { cwd: box.project, home: box.home }, [0, 1]);
    expect(heavyIn(plain)).toContain("executor");
    expect(heavyIn(plain)).not.toContain("ajv");
    box.write({
      "typed/.claude/agents/typed.md":
        "---\nname: typed\ndescription: Typed\noutput:\n  properties:\n    n:\n      type: int32\n---\nB.\n",
    });
    const typed = loadsOf(["doctor", "--json"], { cwd: join(box.root, "typed"), home: box.home }, [0, 1]);
    expect(heavyIn(typed)).toEqual(expect.arrayContaining(["executor", "ajv"]));
  });
});
