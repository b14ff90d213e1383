import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { agentFile, createGitRemote, type GitRemote, hermeticGitEnv } from "@roster/testkit";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { checkSources } from "./check-sources.js";
import { SourceError } from "./errors.js";
import {
  addSource,
  installSources,
  listSources,
  outdatedSources,
  removeSource,
  updateSources,
} from "./operations.js";
import {
  TEST_FAMILIES,
  TEST_PLUGIN_REGISTRY,
  TEST_SKILL_SOURCES,
  TEST_TOOLS,
  testRegistry,
} from "./test-families.js";
import type { SourcesEnvironment } from "./types.js";

let root: string;
let project: string;
let home: string;
let remote: GitRemote;
let env: SourcesEnvironment;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "roster-ops-"));
  project = join(root, "project");
  home = join(root, "home");
  mkdirSync(join(project, ".git"), { recursive: true });
  mkdirSync(join(project, ".claude"), { recursive: true });
  mkdirSync(home, { recursive: true });
  remote = createGitRemote(root, "team", {
    "agents/reviewer.md": agentFile("reviewer", "Reviews code"),
    "agents/planner.md": agentFile("planner", "Plans work"),
  });
  env = {
    ctx: { cwd: project, home, env: {} },
    families: TEST_FAMILIES,
    registry: testRegistry(),
    skillSources: TEST_SKILL_SOURCES,
    tools: TEST_TOOLS,
    pluginRegistry: TEST_PLUGIN_REGISTRY,
    cacheDir: join(root, "cache"),
    git: { env: hermeticGitEnv(join(root, "git-home")) },
  };
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const add = (extra: Partial<Parameters<typeof addSource>[1]> = {}) =>
  addSource(env, { source: remote.url, fallbackTools: ["claude"], ...extra });
const lock = () => JSON.parse(readFileSync(join(project, "roster.lock"), "utf8"));
const config = () => JSON.parse(readFileSync(join(project, "roster.config.json"), "utf8"));
const agentPath = (name: string) => join(project, ".claude/agents", `${name}.md`);
const failure = async (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: unknown) => e as SourceError,
  );

describe("addSource", () => {
  test("writes each agent for the tool the project uses, declares the source and pins it", async () => {
    const report = await add();
    expect(readdirSync(join(project, ".claude/agents")).sort()).toEqual(["planner.md", "reviewer.md"]);
    expect(readFileSync(agentPath("reviewer"), "utf8")).toMatch(/^generated-by: roster$/m);
    expect(config()).toEqual({ sources: [{ url: remote.url, to: ["claude"] }] });
    const pinned = lock();
    expect(pinned.schemaVersion).toBe(1);
    expect(pinned.sources[0]).toMatchObject({ url: remote.url, to: ["claude"], commit: remote.head() });
    expect(pinned.sources[0].files.map((f: { path: string }) => f.path)).toEqual([
      ".claude/agents/planner.md",
      ".claude/agents/reviewer.md",
    ]);
    expect(report.tools).toEqual([
      { tool: "claude", displayName: "Claude Code", kind: "agent", total: 2, loaded: 2, notLoaded: [] },
    ]);
  });

  test("a second add of the same source (another spelling) is one source", async () => {
    await add();
    await add({ source: `${remote.url}/`, to: ["claude", "opencode"] });
    expect(config().sources).toHaveLength(1);
    expect(lock().sources).toHaveLength(1);
    expect(lock().sources[0].to).toEqual(["claude", "opencode"]);
    expect(existsSync(join(project, ".opencode/agents/reviewer.md"))).toBe(true);
  });

  test("a raising agent is held back without --yes; with it, the finding is in the lock", async () => {
    // In `.claude/agents` (a plugin's `agents/` may not raise: Claude Code drops the key there).
    remote.push({
      ".claude/agents/bypass.md": agentFile("bypass", "Does all", "permissionMode: bypassPermissions"),
    });
    const held = await add();
    expect(held.sources[0]!.held).toEqual([
      { kind: "agent", name: "bypass", codes: ["audit/raises-permission"] },
    ]);
    expect(existsSync(agentPath("bypass"))).toBe(false);
    await add({ yes: true });
    expect(readFileSync(agentPath("bypass"), "utf8")).toMatch(/permissionMode: bypassPermissions/);
    expect(lock().sources[0].accepted).toEqual([
      {
        code: "audit/raises-permission",
        kind: "agent",
        name: "bypass",
        message: "permissionMode: bypassPermissions lets it act without asking",
      },
    ]);
  });

  test("a person's file of the same name is left alone and reported", async () => {
    mkdirSync(join(project, ".claude/agents"), { recursive: true });
    writeFileSync(agentPath("reviewer"), agentFile("reviewer", "Mine"));
    const report = await add();
    expect(readFileSync(agentPath("reviewer"), "utf8")).toBe(agentFile("reviewer", "Mine"));
    expect(report.sources[0]!.files.find((f) => f.name === "reviewer")).toMatchObject({
      action: "conflict",
      code: "source/conflict",
    });
    expect(lock().sources[0].files.map((f: { name: string }) => f.name)).toEqual(["planner"]);
  });

  test("a failed add changes nothing: no agent, no config, no lock", async () => {
    // The config is a link: read through, never written through. Its write comes after the
    // agents', and fails: every earlier write is undone.
    writeFileSync(join(root, "elsewhere.json"), "{}\n");
    symlinkSync(join(root, "elsewhere.json"), join(project, "roster.config.json"));
    const error = await failure(add());
    expect(error).toBeInstanceOf(SourceError);
    expect(error?.code).toBe("source/write-failed");
    expect(error?.message).toMatch(/roster\.config\.json: .*symbolic link.*; nothing was changed$/);
    expect(existsSync(join(project, ".claude/agents"))).toBe(false);
    expect(existsSync(join(project, "roster.lock"))).toBe(false);
    expect(readFileSync(join(root, "elsewhere.json"), "utf8")).toBe("{}\n");
  });

  test("an unknown ref, an unreachable remote, a source with nothing in it: one error each, nothing written", async () => {
    expect((await failure(add({ ref: "nope" })))?.code).toBe("source/no-ref");
    expect((await failure(add({ source: join(root, "missing.git") })))?.code).toBe("source/unreachable");
    const empty = createGitRemote(root, "docs", { "README.md": "# docs\n" });
    expect((await failure(add({ source: empty.url })))?.message).toMatch(/holds no agent, skill or command/);
    expect((await failure(add({ agents: ["reviewr"] })))?.message).toMatch(
      /no agent named "reviewr"; did you mean reviewer/,
    );
    expect(existsSync(join(project, "roster.config.json"))).toBe(false);
    expect(existsSync(join(project, "roster.lock"))).toBe(false);
  });
});

describe("install, update, outdated, remove", () => {
  test("install --check finds drift; install puts a missing file back from the cache", async () => {
    await add();
    expect(checkSources(env).drift).toEqual([]);
    writeFileSync(agentPath("reviewer"), "edited\n");
    rmSync(agentPath("planner"));
    expect(checkSources(env).drift.map((d) => d.code)).toEqual(["drift/missing", "drift/edited"]);
    const installed = await installSources(env);
    expect(installed.sources[0]!.fetched).toBe(false);
    expect(readFileSync(agentPath("reviewer"), "utf8")).toBe("edited\n");
    expect(existsSync(agentPath("planner"))).toBe(true);
  });

  test("update moves the pin and says what changed per agent; outdated sees the move first", async () => {
    await add();
    const first = remote.head();
    const second = remote.push({
      "agents/reviewer.md": agentFile(
        "reviewer",
        "Reviews code carefully",
        "",
        "You are reviewer.\nBe kind.",
      ),
      "agents/planner.md": null,
      "agents/tester.md": agentFile("tester", "Tests"),
    });
    const outdated = await outdatedSources(env);
    expect(outdated.sources).toEqual([{ url: remote.url, locked: first, latest: second, outdated: true }]);
    const updated = await updateSources(env);
    expect(updated.sources[0]).toMatchObject({ commit: second, previousCommit: first });
    expect(updated.sources[0]!.changes).toEqual([
      { change: "changed", kind: "agent", name: "reviewer", summary: "description; prompt +1 −0 lines" },
      { change: "added", kind: "agent", name: "tester" },
      { change: "removed", kind: "agent", name: "planner" },
    ]);
    expect(existsSync(agentPath("planner"))).toBe(false);
    expect((await outdatedSources(env)).sources[0]!.outdated).toBe(false);
  });

  test("remove deletes exactly the unedited files and keeps an edited one", async () => {
    await add();
    writeFileSync(agentPath("reviewer"), "edited\n");
    const removed = await removeSource(env, { source: remote.url });
    expect(removed.sources[0]!.files.map((f) => [f.action, f.name])).toEqual([
      ["remove", "planner"],
      ["kept", "reviewer"],
    ]);
    expect(readFileSync(agentPath("reviewer"), "utf8")).toBe("edited\n");
    expect(existsSync(agentPath("planner"))).toBe(false);
    expect(existsSync(join(project, "roster.lock"))).toBe(false);
    expect(config()).toEqual({});
    expect(listSources(env).sources).toEqual([]);
  });

  test("--scope user: the user's config and lock, the tools' user folders, paths relative to the home", async () => {
    await add({ scope: "user", to: ["claude"] });
    expect(readdirSync(join(home, ".claude/agents")).sort()).toEqual(["planner.md", "reviewer.md"]);
    expect(existsSync(join(project, ".claude/agents"))).toBe(false);
    const userConfig = JSON.parse(readFileSync(join(home, ".config/roster/config.json"), "utf8"));
    expect(userConfig.sources).toEqual([{ url: remote.url, to: ["claude"] }]);
    const userLock = JSON.parse(readFileSync(join(home, ".config/roster/roster.lock"), "utf8"));
    expect(userLock.sources[0].files.map((f: { path: string }) => f.path)).toEqual([
      ".claude/agents/planner.md",
      ".claude/agents/reviewer.md",
    ]);
    expect(checkSources(env, { scope: "user" }).drift).toEqual([]);
    expect(listSources(env).sources).toEqual([]);
    await removeSource(env, { source: remote.url, scope: "user" });
    expect(readdirSync(join(home, ".claude/agents"))).toEqual([]);
  });
});
