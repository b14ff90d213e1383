import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadConfig, trustCommand } from "./config.js";

let root: string;
let home: string;
let repo: string;
beforeEach(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), "roster-config-")));
  home = join(root, "home");
  repo = join(root, "repo");
  mkdirSync(join(repo, ".git"), { recursive: true });
  mkdirSync(home);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));
const write = (path: string, value: unknown) => {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, JSON.stringify(value));
};
const load = (extra: { configFile?: string; project?: boolean } = {}) =>
  loadConfig({ cwd: repo, home, env: {}, ...extra });

describe("loadConfig: layers and what a project may change", () => {
  it("no config at all is an empty one", async () => {
    expect(await load()).toEqual({
      config: {},
      filePath: null,
      layers: [],
      providers: [],
      families: [],
      diagnostics: [],
      project: { folder: repo, trusted: false },
    });
  });

  it("a project only lowers the user's limits and adds to disabledAgents", async () => {
    write(join(home, ".config/roster/config.json"), {
      maxRecursionDepth: 5,
      maxConcurrency: 8,
      disabledAgents: ["a"],
    });
    write(join(repo, "roster.config.json"), {
      maxRecursionDepth: 3,
      maxConcurrency: 9,
      disabledAgents: ["b", "a"],
    });
    const loaded = await load();
    expect(loaded.config).toEqual({ maxRecursionDepth: 3, maxConcurrency: 8, disabledAgents: ["a", "b"] });
    expect(loaded.diagnostics.map((d) => d.code)).toEqual(["config/limit-not-tightened"]);
    expect(loaded.layers).toEqual([
      {
        source: "user",
        filePath: join(home, ".config/roster/config.json"),
        trusted: true,
        applied: ["disabledAgents", "maxRecursionDepth", "maxConcurrency"],
      },
      {
        source: "project",
        filePath: join(repo, "roster.config.json"),
        trusted: false,
        applied: ["disabledAgents", "maxRecursionDepth"],
      },
    ]);
  });

  it("-1 (no limit) is refused from a project unless the user's limit is already -1", async () => {
    write(join(repo, "roster.config.json"), { maxRecursionDepth: -1 });
    expect((await load()).config.maxRecursionDepth).toBeUndefined();
    write(join(home, ".config/roster/config.json"), { maxRecursionDepth: -1 });
    const loaded = await load();
    expect(loaded.config.maxRecursionDepth).toBe(-1);
    expect(loaded.diagnostics).toEqual([]);
    write(join(repo, "roster.config.json"), { maxRecursionDepth: 0 });
    expect((await load()).config.maxRecursionDepth).toBe(0);
  });

  it("--config wins over the user config key by key and replaces the project search", async () => {
    write(join(home, ".config/roster/config.json"), {
      maxConcurrency: 8,
      agentModelOverrides: { a: "x", b: "y" },
    });
    write(join(root, "team.json"), {
      maxConcurrency: 2,
      agentModelOverrides: { b: "z" },
      trustProject: false,
    });
    write(join(repo, "roster.config.json"), { disabledAgents: ["never"] });
    const loaded = await load({ configFile: join(root, "team.json") });
    expect(loaded.config).toEqual({
      maxConcurrency: 2,
      agentModelOverrides: { a: "x", b: "z" },
      trustProject: false,
    });
    expect(loaded.filePath).toBe(join(root, "team.json"));
    expect(loaded.layers.map((l) => l.source)).toEqual(["user", "explicit"]);
  });

  it("project: false looks at no project config", async () => {
    write(join(repo, "roster.config.json"), { disabledAgents: ["x"] });
    expect((await load({ project: false })).layers).toEqual([]);
  });

  it("a project config's problem is a diagnostic naming the key; the rest of it applies (issue 49)", async () => {
    const file = join(repo, "roster.config.json");
    write(file, { maxRecursionDepth: -2, disabledAgents: ["x"], colour: "red" });
    const loaded = await load();
    expect(loaded.config).toEqual({ disabledAgents: ["x"] });
    expect(loaded.diagnostics).toEqual([
      expect.objectContaining({ severity: "warning", code: "config/invalid", filePath: file }),
      expect.objectContaining({ severity: "warning", code: "config/invalid", filePath: file }),
    ]);
    expect(loaded.diagnostics[0]!.message).toMatch(/"maxRecursionDepth" must be -1/);
    expect(loaded.diagnostics[1]!.message).toMatch(/unknown key "colour"/);
    write(file, { hosts: { claude: { args: [] } }, disabledAgents: ["y"] });
    const hosts = await load();
    expect(hosts.config).toEqual({ disabledAgents: ["y"] });
    expect(hosts.diagnostics.map((d) => d.message).join("\n")).toMatch(
      /"hosts.claude" must be an object with a "command" string/,
    );
    writeFileSync(file, "{ nope");
    const broken = await load();
    expect(broken.config).toEqual({});
    expect(broken.diagnostics).toEqual([
      expect.objectContaining({ code: "config/invalid", message: expect.stringMatching(/not valid JSON/) }),
    ]);
  });

  it("the user's own config: a value of the wrong shape is a usage error naming the file; an unknown key a warning", async () => {
    // defaultHost's shape only: its name is the app's to check (a config family's host may be it).
    const explicit = join(root, "default-host.json");
    write(explicit, { defaultHost: 3 });
    await expect(load({ configFile: explicit })).rejects.toThrow(/"defaultHost" must be a host's name/);
    write(explicit, { defaultHost: "lab" });
    expect((await load({ configFile: explicit })).config.defaultHost).toBe("lab");
    const user = join(home, ".config/roster/config.json");
    write(user, { maxRecursionDepth: -2 });
    await expect(load()).rejects.toThrow(`${user}: "maxRecursionDepth" must be -1`);
    write(user, { maxConcurrency: 2, newerKey: true });
    const loaded = await load();
    expect(loaded.config).toEqual({ maxConcurrency: 2 });
    expect(loaded.diagnostics).toEqual([
      expect.objectContaining({ severity: "warning", code: "config/invalid", filePath: user }),
    ]);
    writeFileSync(user, "{ nope");
    await expect(load()).rejects.toThrow(/not valid JSON/);
  });
});

describe("trustCommand", () => {
  it("quotes a folder a shell would split or expand", () => {
    expect(trustCommand("/src/app")).toBe("roster trust /src/app");
    expect(trustCommand("/src/my app")).toBe("roster trust '/src/my app'");
    expect(trustCommand("/src/it's $HOME")).toBe(`roster trust '/src/it'\\''s $HOME'`);
  });
});

describe("sources (SPEC §20)", () => {
  it("a project config declaring sources loads; their shape is checked", async () => {
    write(join(repo, "roster.config.json"), {
      sources: [{ url: "https://github.com/acme/agents.git", ref: "main", to: ["claude"] }],
    });
    expect((await load()).diagnostics).toEqual([]);
    // A project config's problem is a warning (config/invalid): the rest of it applies.
    const problems = async () =>
      (await load()).diagnostics.filter((d) => d.code === "config/invalid").map((d) => d.message);
    write(join(repo, "roster.config.json"), { sources: [{ url: "https://x/y.git" }] });
    expect(await problems()).toEqual([expect.stringMatching(/"sources\[0\]\.to" must name the tools/)]);
    write(join(repo, "roster.config.json"), { sources: "acme/agents" });
    expect(await problems()).toEqual([expect.stringMatching(/"sources" must be a list/)]);
  });
});
