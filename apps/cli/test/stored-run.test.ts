// The stored output of a plain `doctor` and `why NAME` end to end, with the BUILT binary: the
// same bytes and exit code with and without it, printed from the store only while everything
// the run read is seen the same way, per way of asking, and never for `--as`, `--config` or
// `--no-cache`.
import {
  appendFileSync,
  chmodSync,
  cpSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { copyFixtureTree } from "@roster/testkit";
import { describe, expect, test } from "vitest";
import { age, cacheDirOf, placesPerTest, runBin } from "./list-places.js";

const bin = fileURLToPath(new URL("../bin/roster.cjs", import.meta.url));
const places = placesPerTest("roster-stored-run-");
const roster = (args: string[], env: Record<string, string> = {}) => runBin(bin, places, args, env);
const stored = (kind = "doctor") => readdirSync(cacheDirOf(places)).filter((f) => f.includes(`.${kind}-`));
const outputFile = (kind = "doctor") =>
  join(cacheDirOf(places), stored(kind).find((f) => f.endsWith(`.${kind}-output.out`))!);

/** Marks the stored output's first printed line (after the store's header line). */
function mark(file: string, line: string) {
  const [header, ...printed] = readFileSync(file, "utf8").split("\n");
  writeFileSync(file, [header, line, ...printed].join("\n"));
}

/** A fixture tree, old enough to vouch for, with one agent file a tool refuses (exit 1). */
async function tree() {
  Object.assign(places, copyFixtureTree(places.root));
  mkdirSync(join(places.project, ".gemini/agents"), { recursive: true });
  writeFileSync(
    join(places.project, ".gemini/agents/odd.md"),
    "---\nname: Odd Name\ndescription: Gemini CLI refuses this name\n---\nBody.\n",
  );
  // `why helper`: a project agent that shadows a user one.
  const helper = (where: string) => `---\nname: helper\ndescription: Helps (${where})\n---\nHelp.\n`;
  for (const [dir, where] of [
    [places.project, "project"],
    [places.home, "user"],
  ] as const) {
    mkdirSync(join(dir, ".claude/agents"), { recursive: true });
    writeFileSync(join(dir, ".claude/agents/helper.md"), helper(where));
  }
  await age();
}

/** `doctor ARGS` three times (marking, storing, stored): each as a run without the cache. */
function expectSameThrice(args: string[], env: Record<string, string> = {}) {
  const plain = roster([...args, "--no-cache"], env);
  for (let i = 0; i < 3; i++) {
    const r = roster(args, env);
    expect(r.stdout, `${args.join(" ")} run ${i + 1}`).toBe(plain.stdout);
    expect(r.code, `${args.join(" ")} run ${i + 1}`).toBe(plain.code);
  }
  return plain;
}

describe("a plain doctor's stored output", () => {
  test("the same bytes and exit code: the first run marks, the second stores, the third prints it", async () => {
    await tree();
    const plain = roster(["doctor", "--no-cache"]);
    expect(plain.code).toBe(1);
    expect(plain.stdout).toContain("gemini: 1 error");
    roster(["doctor"]);
    // Marked only: no output stored by a first doctor.
    expect(stored().filter((f) => f.endsWith(".doctor-output.out"))).toEqual([]);
    expectSameThrice(["doctor"]);
    expect(stored().sort()).toEqual([
      expect.stringMatching(/\.doctor-output\.out$/),
      expect.stringMatching(/\.doctor-record\.out$/),
    ]);
  }, 60_000);

  test("a cache folder others can write is not used: a forged output is not printed, one line says why (issue 49)", async () => {
    await tree();
    for (let i = 0; i < 2; i++) roster(["doctor"]);
    const plain = roster(["doctor", "--no-cache"]);
    mark(outputFile(), "FORGED by someone else");
    expect(roster(["doctor"]).stdout).toContain("FORGED");
    const dir = cacheDirOf(places);
    chmodSync(dir, 0o777);
    const before = readdirSync(dir).sort();
    const r = roster(["doctor"]);
    expect(r.stdout).not.toContain("FORGED");
    expect(r.stdout).toBe(plain.stdout);
    expect(r.code).toBe(plain.code);
    const warnings = r.stderr.split("\n").filter((l) => l.startsWith("roster: warning:"));
    expect(warnings).toEqual([
      `roster: warning: not using ${dir}: it is writable by its group and others (mode 0777); nothing is read from or stored in roster's cache there (as ssh refuses such keys). Fix it (chmod go-w, or remove it), or turn the cache off with ROSTER_NO_CACHE=1`,
    ]);
    const list = roster(["list"]);
    expect(list.stderr.split("\n").filter((l) => l.startsWith("roster: warning:"))).toHaveLength(1);
    expect(readdirSync(dir).sort(), "nothing stored there").toEqual(before);
    chmodSync(dir, 0o700);
  }, 60_000);

  test("a matching look prints the stored bytes without running doctor", async () => {
    await tree();
    for (let i = 0; i < 2; i++) roster(["doctor"]);
    const first = roster(["doctor"]).stdout;
    writeFileSync(outputFile(), readFileSync(outputFile(), "utf8").replace("gemini:", "GEMINI:"));
    expect(roster(["doctor"]).stdout).toBe(first.replace("gemini:", "GEMINI:"));
    expect(roster(["doctor", "--no-cache"]).stdout).toBe(first);
  }, 60_000);

  test("where the store is is not part of it: a cache folder copied elsewhere still answers", async () => {
    await tree();
    const a = join(places.root, "cache-a");
    const b = join(places.root, "cache-b");
    for (let i = 0; i < 2; i++) roster(["doctor"], { XDG_CACHE_HOME: a });
    cpSync(a, b, { recursive: true });
    const output = join(
      b,
      "roster",
      readdirSync(join(b, "roster")).find((f) => f.endsWith(".doctor-output.out"))!,
    );
    mark(output, "FROM B");
    expect(roster(["doctor"], { XDG_CACHE_HOME: b }).stdout).toMatch(/^FROM B\n/);
  }, 60_000);

  test("never served past a change: a file edited, added or removed, a variable a place reads", async () => {
    await tree();
    const odd = join(places.project, ".gemini/agents/odd.md");
    const added = join(places.project, ".gemini/agents/new.md");
    const agent = (name: string) => `---\nname: ${name}\ndescription: A test agent\n---\nBody.\n`;
    const changes: Array<[string, () => void, Record<string, string>?]> = [
      ["an agent edited", () => writeFileSync(odd, agent("Odd Two"))],
      ["an agent fixed", () => writeFileSync(odd, agent("odd"))],
      ["an agent added", () => writeFileSync(added, agent("New Odd"))],
      ["an agent removed", () => rmSync(added)],
      ["its body edited", () => appendFileSync(odd, "More.\n")],
      ["Claude Code's folder moved", () => undefined, { CLAUDE_CONFIG_DIR: join(places.root, "elsewhere") }],
    ];
    let env: Record<string, string> = {};
    for (const [what, change, changedEnv] of changes) {
      // Stored for the world as it is, and that store in use: its bytes marked.
      for (let i = 0; i < 3; i++) roster(["doctor"], env);
      mark(outputFile(), "STALE");
      expect(roster(["doctor"], env).stdout, what).toMatch(/^STALE\n/);
      change();
      env = changedEnv ?? env;
      await age();
      const fresh = roster(["doctor", "--no-cache"], env);
      const r = roster(["doctor"], env);
      expect(r.stdout, what).toBe(fresh.stdout);
      expect(r.code, what).toBe(fresh.code);
    }
  }, 180_000);

  test("each way of asking is its own: --json, --strict, --quiet, --format github", async () => {
    await tree();
    const text = expectSameThrice(["doctor"]).stdout;
    for (const args of [
      ["doctor", "--json"],
      ["doctor", "--strict"],
      ["doctor", "--quiet"],
      ["doctor", "--format", "github"],
    ])
      expectSameThrice(args);
    expect(roster(["doctor"]).stdout).toBe(text);
  }, 120_000);

  test("why NAME: the same bytes, from the store on the third run, per name, never past a change", async () => {
    await tree();
    const plain = expectSameThrice(["why", "helper"]);
    expect(plain.stdout).toContain("helper resolves to .claude/agents/helper.md");
    mark(outputFile("why"), "STORED");
    expect(roster(["why", "helper"]).stdout).toMatch(/^STORED\n/);
    // Another name, --json, --provider: each its own, never the stored text.
    for (const args of [
      ["why", "odd"],
      ["why", "helper", "--json"],
      ["why", "helper", "--provider", "claude"],
    ])
      expect(roster(args).stdout, args.join(" ")).toBe(roster([...args, "--no-cache"]).stdout);
    // Stored again for `why helper`, then the shadowed user file edited: asked anew.
    for (let i = 0; i < 2; i++) roster(["why", "helper"]);
    mark(outputFile("why"), "STORED");
    expect(roster(["why", "helper"]).stdout).toMatch(/^STORED\n/);
    writeFileSync(join(places.home, ".claude/agents/helper.md"), "---\nname: helper\n---\nNo description.\n");
    await age();
    const fresh = roster(["why", "helper", "--no-cache"]);
    expect(roster(["why", "helper"]).stdout).toBe(fresh.stdout);
    expect(fresh.stdout).not.toContain("STORED");
    // A name nothing defines fails as before, every time, and stores nothing of its own.
    for (let i = 0; i < 3; i++) expect(roster(["why", "nobody"]).code).toBe(1);
  }, 120_000);

  test("--as, --config and ROSTER_NO_CACHE store nothing", async () => {
    await tree();
    const config = join(places.root, "roster.json");
    writeFileSync(config, "{}\n");
    for (let i = 0; i < 3; i++) {
      roster(["doctor", "--as", "gemini"]);
      roster(["why", "helper", "--as", "claude"]);
      roster(["doctor", "--config", config]);
      roster(["doctor"], { ROSTER_NO_CACHE: "1" });
    }
    const cached = readdirSync(places.home).includes(".cache");
    expect(cached ? [...stored(), ...stored("why")] : []).toEqual([]);
  }, 60_000);
});
