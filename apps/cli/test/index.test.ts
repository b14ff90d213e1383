// The persistent index end to end, with the BUILT binary: output byte-identical with and
// without it, the ways to turn it off, `cache clear`, and a folder it cannot write.
import { spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseFrontmatter } from "@roster/frontmatter";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { corpusAgentTexts, generateTree } from "../../../bench/generate.mjs";

const bin = fileURLToPath(new URL("../dist/roster.js", import.meta.url));
const corpus = fileURLToPath(new URL("../../../../shared/corpus", import.meta.url));

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "roster-index-e2e-"));
});
afterEach(() => rmSync(root, { recursive: true, force: true }), 120_000);

const home = () => join(root, "home");
const project = () => join(root, "project");
const cacheDir = () => join(home(), ".cache/roster");

function roster(args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [bin, "--home", home(), "--cwd", project(), ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", ...env },
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Files written just now are inside the racy window; a real tree is older. */
const age = () => new Promise((r) => setTimeout(r, 60));

/**
 * `list --json` four ways — no index, writing one, reading it (files from the index, the
 * output built again), and the stored output — must be the same bytes.
 */
function expectSameListing() {
  const plain = roster(["list", "--json", "--no-cache"]);
  expect(plain.code).toBe(0);
  expect(existsSync(cacheDir())).toBe(false);
  const runs = [roster(["list", "--json"]), roster(["list", "--json"]), roster(["list", "--json"])];
  for (const r of runs) {
    expect(r.stderr).toBe("");
    expect(r.stdout).toBe(plain.stdout);
  }
  const stored = readdirSync(cacheDir()).sort();
  expect(stored).toEqual([
    expect.stringMatching(/^index-\w+\.json$/),
    expect.stringMatching(/\.list-json\.out$/),
  ]);
  return JSON.parse(plain.stdout) as {
    agents: Array<{ name: string; filePath?: string; provider: string }>;
    shadowed: Array<{ name: string; filePath?: string }>;
  };
}

/** Every agent in full (`show --json`, system prompt included) equals the whole-text parse of its file. */
function expectFullDefinitions(names: string[]) {
  for (const name of names) {
    const shown = roster(["show", name, "--json"]);
    expect(shown.code, shown.stderr).toBe(0);
    const agent = JSON.parse(shown.stdout) as { filePath: string; systemPrompt: string };
    // Bundled agents (`embedded:…`) and Codex TOML agents have no markdown file to compare with.
    if (!agent.filePath.startsWith("/") || !agent.filePath.endsWith(".md")) continue;
    const text = readFileText(agent.filePath);
    expect(agent.systemPrompt, agent.filePath).toBe(parseFrontmatter(text).body);
  }
}

function readFileText(path: string): string {
  return spawnSync("cat", [path], { encoding: "utf8", maxBuffer: 8 * 1024 * 1024 }).stdout;
}

describe.skipIf(!existsSync(corpus))("byte-identical output with the index", () => {
  test("the corpus tree: every agent and command file of ../shared/corpus as a user's agents", async () => {
    const agents = join(home(), ".claude/agents");
    mkdirSync(agents, { recursive: true });
    mkdirSync(project(), { recursive: true });
    cpSync(corpus, agents, {
      recursive: true,
      filter: (src) => statSync(src).isDirectory() || src.endsWith(".md"),
    });
    await age();
    const listing = expectSameListing();
    expect(listing.agents.length).toBeGreaterThan(100);
    // A sample of full definitions, spread over the listing.
    const names = listing.agents.filter((_, i) => i % 25 === 0).map((a) => a.name);
    expectFullDefinitions(names);
    const viaIndex = roster(["show", names[0]!, "--json"]).stdout;
    expect(roster(["show", names[0]!, "--json", "--no-cache"]).stdout).toBe(viaIndex);
  }, 120_000);

  test.skipIf(corpusAgentTexts().length === 0)(
    "a 10,000-file tree built from the corpus",
    async () => {
      generateTree(root, 10_000);
      await age();
      const listing = expectSameListing();
      expect(listing.shadowed.length).toBe(1000);
      expectFullDefinitions(listing.agents.filter((_, i) => i % 3000 === 1).map((a) => a.name));
    },
    300_000,
  );
});

describe("a stored listing is not trusted past what it was stored for", () => {
  test("a plugin's new version shows although no agent file changed", async () => {
    generateTree(root, 60, { corpus: false });
    await age();
    const registry = join(home(), ".claude/plugins/installed_plugins.json");
    roster(["list", "--json"]);
    const before = roster(["list", "--json"]);
    expect(before.stdout).toContain('"version": "1.0.0"');
    writeFileSync(registry, readFileText(registry).replaceAll('"version": "1.0.0"', '"version": "1.1.0"'));
    const after = roster(["list", "--json"]);
    expect(after.stdout).toBe(roster(["list", "--json", "--no-cache"]).stdout);
    expect(after.stdout).toContain('"version": "1.1.0"');
  });
});

describe("turning the index off, clearing it, and a folder it cannot write", () => {
  beforeEach(async () => {
    mkdirSync(join(project(), ".claude/agents"), { recursive: true });
    mkdirSync(home(), { recursive: true });
    writeFileSync(
      join(project(), ".claude/agents/a.md"),
      "---\nname: a\ndescription: the a agent\n---\nBody a\n",
    );
    await age();
  });

  test("--no-cache and ROSTER_NO_CACHE=1 neither read nor write an index", () => {
    expect(roster(["list", "--json", "--no-cache"]).code).toBe(0);
    expect(roster(["list", "--json"], { ROSTER_NO_CACHE: "1" }).code).toBe(0);
    expect(existsSync(cacheDir())).toBe(false);
    expect(roster(["list", "--json"], { ROSTER_NO_CACHE: "0" }).code).toBe(0);
    expect(existsSync(cacheDir())).toBe(true);
  });

  test("XDG_CACHE_HOME moves the index; roster cache clear empties it", () => {
    const xdg = join(root, "xdg");
    roster(["list", "--json"], { XDG_CACHE_HOME: xdg });
    roster(["list", "--json"], { XDG_CACHE_HOME: xdg });
    expect(readdirSync(join(xdg, "roster"))).toHaveLength(2);
    expect(existsSync(cacheDir())).toBe(false);
    const cleared = roster(["cache", "clear", "--json"], { XDG_CACHE_HOME: xdg });
    expect(JSON.parse(cleared.stdout)).toEqual({ schemaVersion: 1, dir: join(xdg, "roster"), removed: 2 });
    expect(readdirSync(join(xdg, "roster"))).toEqual([]);
  });

  test("an edit of a listed file shows in the next listing, stored output or not", () => {
    roster(["list", "--json"]);
    roster(["list", "--json"]);
    const before = JSON.parse(roster(["list", "--json"]).stdout);
    expect(before.agents[0].description).toBe("the a agent");
    writeFileSync(join(project(), ".claude/agents/a.md"), "---\nname: a\ndescription: edited\n---\nBody a\n");
    expect(JSON.parse(roster(["list", "--json"]).stdout).agents[0].description).toBe("edited");
    writeFileSync(join(project(), ".claude/agents/b.md"), "---\nname: b\ndescription: new\n---\n");
    expect(
      JSON.parse(roster(["list", "--json"]).stdout).agents.map((a: { name: string }) => a.name),
    ).toContain("b");
  });

  test("a corrupt index is rebuilt silently, with the same output", () => {
    const first = roster(["list", "--json"]);
    const [indexFile] = readdirSync(cacheDir()).filter((f) => f.endsWith(".json"));
    writeFileSync(join(cacheDir(), indexFile!), "{ not json");
    const again = roster(["list", "--json"]);
    expect(again.stderr).toBe("");
    expect(again.stdout).toBe(first.stdout);
  });

  test("a cache folder that cannot be written: the same output, one warning", () => {
    const expected = roster(["list", "--json", "--no-cache"]).stdout;
    const blocked = join(root, "blocked");
    writeFileSync(blocked, "a file where the cache folder would go");
    const r = roster(["list", "--json"], { XDG_CACHE_HOME: blocked });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(expected);
    expect(r.stderr.match(/warning: cannot write the index/g)).toHaveLength(1);
  });
});
