// The bin's own `list` (src/commands/agents/list-run.ts, dist/list-run.cjs) against the app's (dist/roster.js):
// for every list form, with and without a stored listing, with config notes, and for every
// kind of error, the same stdout, stderr and exit code. And what it leaves to the app.
import { existsSync, mkdirSync, readdirSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { agentFile, copyFixtureTree } from "@roster/testkit";
import { beforeAll, describe, expect, test } from "vitest";
import { copyBuiltPackage } from "./built-package.js";
import { age, placesPerTest, runBin } from "./list-places.js";

const cliDir = fileURLToPath(new URL("..", import.meta.url));
const bin = join(cliDir, "bin/roster.cjs");
const app = join(cliDir, "dist/roster.js");

beforeAll(() => {
  expect(existsSync(join(cliDir, "dist/list-run.cjs")), "apps/cli is not built: run pnpm build").toBe(true);
});

const places = placesPerTest("roster-list-run-");

/** Every list form the bin runs itself, and a few it leaves to the app. */
const FORMS = [
  ["list"],
  ["list", "--json"],
  ["list", "review"],
  ["list", "--names"],
  ["list", "--source", "user"],
  ["list", "--provider", "claude", "--json"],
  ["list", "--files"],
  ["list", "--files", "--json"],
  ["--json", "list", "a"],
  ["list", "--no-color", "--no-project"],
  ["list", "--no-cache", "--json"],
  // Errors: each reported as the app reports it.
  ["list", "--provider", "nope"],
  ["list", "--source", "everywhere", "--json"],
  ["list", "--config", "missing.json"],
  ["list", "--cwd", "no-such-folder"],
  // Left to the app: help, a flag list does not take, a second word, --debug, --as.
  ["list", "--help"],
  ["list", "--bogus"],
  ["list", "a", "b"],
  ["list", "--debug", "--provider", "nope"],
  ["list", "--as", "claude"],
];

/** The bin and the app on `args`, each with a cache folder of its own in the same state. */
function both(args: string[], env: Record<string, string> = {}) {
  const viaBin = runBin(bin, places, args, { XDG_CACHE_HOME: join(places.root, "cache-bin"), ...env });
  const viaApp = runBin(app, places, args, { XDG_CACHE_HOME: join(places.root, "cache-app"), ...env });
  return { viaBin, viaApp };
}

describe("the bin's own list runs a list as the app does", () => {
  test("every form, three times (nothing stored, listing stored, shortcut stored)", async () => {
    Object.assign(places, copyFixtureTree(places.root));
    await age();
    for (const args of FORMS) {
      for (let round = 0; round < 3; round++) {
        const { viaBin, viaApp } = both(args);
        const what = `${args.join(" ")} (round ${round + 1})`;
        expect(viaBin.stdout, what).toBe(viaApp.stdout);
        expect(viaBin.stderr, what).toBe(viaApp.stderr);
        expect(viaBin.code, what).toBe(viaApp.code);
      }
    }
    // Both stored the same listing and shortcut files (names are hashes of what they are for).
    const stored = (dir: string) => (existsSync(dir) ? readdirSync(join(dir, "roster")).sort() : []);
    expect(stored(join(places.root, "cache-bin"))).toEqual(stored(join(places.root, "cache-app")));
    expect(stored(join(places.root, "cache-bin")).length).toBeGreaterThan(1);
    // 120 processes: on a loaded 2-core machine this outlasts the default 20 s.
  }, 180_000);

  test("config notes go to stderr as the app prints them (and into the JSON)", async () => {
    mkdirSync(places.project, { recursive: true });
    mkdirSync(join(places.home, ".claude/agents"), { recursive: true });
    writeFileSync(join(places.home, ".claude/agents/a.md"), agentFile("a"));
    // An unknown key and a project config that is code (not trusted, so not run): two notes.
    writeFileSync(
      join(places.project, "roster.config.json"),
      JSON.stringify({ trustProject: true, extra: 1 }),
    );
    mkdirSync(join(places.home, ".config/roster"), { recursive: true });
    writeFileSync(join(places.home, ".config/roster/config.json"), JSON.stringify({ disabledAgents: ["a"] }));
    await age();
    for (const args of [["list"], ["list", "--json"], ["list", "--names"]]) {
      const { viaBin, viaApp } = both(args);
      expect(viaBin.stderr, args.join(" ")).toBe(viaApp.stderr);
      expect(viaBin.stdout, args.join(" ")).toBe(viaApp.stdout);
      expect(viaBin.code, args.join(" ")).toBe(viaApp.code);
    }
    expect(both(["list"]).viaBin.stderr).not.toBe("");
  });

  test("a user config naming a provider package (resolved as Node would, loaded on that need)", async () => {
    const config = join(places.home, ".config/roster");
    mkdirSync(join(config, "node_modules/team-provider"), { recursive: true });
    mkdirSync(places.project, { recursive: true });
    writeFileSync(
      join(config, "node_modules/team-provider/package.json"),
      JSON.stringify({ name: "team-provider", type: "module", exports: "./index.mjs" }),
    );
    writeFileSync(
      join(config, "node_modules/team-provider/index.mjs"),
      'export default { id: "team", load: () => [{ filePath: "embedded:team.md", frontmatter: { name: "team-agent", description: "from a package" }, body: "hi" }] };\n',
    );
    writeFileSync(join(config, "config.json"), JSON.stringify({ providers: ["team-provider"] }));
    for (const args of [
      ["list", "--json"],
      ["list", "--provider", "team"],
      ["list", "--names"],
    ]) {
      const { viaBin, viaApp } = both(args);
      expect(viaBin.code, viaBin.stderr).toBe(0);
      expect(viaBin.stdout, args.join(" ")).toBe(viaApp.stdout);
      expect(viaBin.stderr, args.join(" ")).toBe(viaApp.stderr);
    }
    expect(both(["list", "--names"]).viaBin.stdout).toContain("team-agent");
    // A package that is not there: the same error from both.
    writeFileSync(join(config, "config.json"), JSON.stringify({ providers: ["no-such-provider"] }));
    const { viaBin, viaApp } = both(["list"]);
    expect(viaBin.code).toBe(2);
    expect(viaBin.stderr).toBe(viaApp.stderr);
  });

  test('`"projectAgentsDir": null` without a project folder of agents, on every path (SPEC §8)', async () => {
    mkdirSync(places.project, { recursive: true });
    mkdirSync(join(places.home, ".claude/agents"), { recursive: true });
    writeFileSync(join(places.home, ".claude/agents/a.md"), agentFile("a"));
    await age();
    // Round 1: discovery (the bin's own list); 2: the stored listing; 3: the shortcut.
    for (let round = 0; round < 3; round++) {
      const { viaBin, viaApp } = both(["list", "--json"]);
      for (const run of [viaBin, viaApp]) {
        const out = JSON.parse(run.stdout);
        expect(out, `round ${round + 1}`).toHaveProperty("projectAgentsDir", null);
        expect(Object.keys(out).at(-1)).toBe("projectAgentsDir");
      }
      // A filtered list prints from the parsed listing: the key stays.
      expect(JSON.parse(both(["list", "--json", "--source", "user"]).viaBin.stdout)).toHaveProperty(
        "projectAgentsDir",
        null,
      );
    }
  });

  test("a listing the bin stored is printed by the app, and the other way round", async () => {
    Object.assign(places, copyFixtureTree(places.root));
    await age();
    const env = { XDG_CACHE_HOME: join(places.root, "cache") };
    const first = runBin(bin, places, ["list", "--json"], env);
    expect(first.code).toBe(0);
    const stored = readdirSync(join(places.root, "cache/roster"));
    expect(stored.some((f) => f.includes("list-json"))).toBe(true);
    // The app finds it (same key, same build) and prints the same bytes.
    const second = runBin(app, places, ["list", "--json"], env);
    expect(second.stdout).toBe(first.stdout);
  });
});

describe("what the bin runs itself and what it leaves to the app", () => {
  test("with the app replaced by a stand-in, only the forms left to it print APP", async () => {
    // A copy of the package whose app prints APP (same mtime: the same build).
    const pkg = copyBuiltPackage(join(places.root, "pkg"));
    const main = join(pkg, "dist/roster.js");
    const { mtime } = statSync(main);
    writeFileSync(main, 'process.stdout.write("APP\\n");\n');
    utimesSync(main, mtime, mtime);
    Object.assign(places, copyFixtureTree(places.root));
    await age();
    const env = { XDG_CACHE_HOME: join(places.root, "cache") };
    const ran = (args: string[]) => runBin(join(pkg, "bin/roster.cjs"), places, args, env).stdout !== "APP\n";
    for (const args of [["list"], ["list", "--json"], ["list", "--files"], ["list", "--provider", "nope"]])
      expect(ran(args), args.join(" ")).toBe(true);
    for (const args of [
      ["list", "--help"],
      ["list", "--bogus"],
      ["list", "--debug"],
      ["list", "--as", "claude"],
      ["show", "x"],
    ])
      expect(ran(args), args.join(" ")).toBe(false);
  });
});
