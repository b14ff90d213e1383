// What a cloned repository (or a hostile file) can do to plugin discovery: special files in
// place of registries, settings and manifests; plugin folders that leave their root; a
// project that re-enables or re-registers a user's plugin. Real FIFOs and symlinks.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { createRegistry, discoverAgents, readSources } from "@roster/core";
import { agentFile, createSandbox, type Sandbox } from "@roster/testkit";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { at, pluginTree, registryJson } from "../test/plugin-tree.js";
import { findPluginRoots } from "./find-plugin-roots.js";
import { locatePlugins, pluginsProvider } from "./plugins-provider.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox("roster-plugins-trust-");
});
afterEach(() => sb.cleanup());

const CLAUDE_REGISTRY = "home/.claude/plugins/installed_plugins.json";
const XCSH_REGISTRY = "home/.xcsh/plugins/installed_plugins.json";
const PROJECT_REGISTRY = "project/.xcsh/plugins/installed_plugins.json";
const USER_SETTINGS = "home/.claude/settings.json";
const PROJECT_SETTINGS = "project/.claude/settings.json";
const LOCAL_SETTINGS = "project/.claude/settings.local.json";

const hasMkfifo = (() => {
  try {
    execFileSync("mkfifo", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

/** The special files a hostile tree can put where roster expects JSON. */
const specials: Array<{ label: string; available: boolean; make: (rel: string) => void }> = [
  {
    label: "a FIFO",
    available: hasMkfifo,
    make: (rel) => {
      mkdirSync(dirname(at(sb, rel)), { recursive: true });
      execFileSync("mkfifo", [at(sb, rel)]);
    },
  },
  {
    label: "a symlink to /dev/zero",
    available: existsSync("/dev/zero"),
    make: (rel) => link(rel, "/dev/zero"),
  },
  {
    label: "a symlink to /dev/stdin",
    available: existsSync("/dev/stdin"),
    make: (rel) => link(rel, "/dev/stdin"),
  },
  {
    label: "a symlink to /proc/self/pagemap",
    available: existsSync("/proc/self/pagemap"),
    make: (rel) => link(rel, "/proc/self/pagemap"),
  },
];
function link(rel: string, target: string) {
  sb.write({ [rel]: { symlink: target } });
}
for (const s of specials) {
  // Visible in the report where the platform lacks the file kind.
  if (!s.available) it.skip(`(${s.label} is not available on this platform)`, () => {});
}

const userEntry = (name: string) => ({
  scope: "user",
  installPath: at(sb, `cache/${name}`),
  version: "1.0.0",
});
const projectEntry = (name: string) => ({
  scope: "project",
  installPath: at(sb, `cache/${name}`),
  version: "1.0.0",
});

describe("special files in place of registries, settings and manifests", () => {
  const places: Array<{ file: string; prepare: () => void; code: string }> = [
    { file: CLAUDE_REGISTRY, prepare: () => {}, code: "plugins/registry-unreadable" },
    { file: XCSH_REGISTRY, prepare: () => {}, code: "plugins/registry-unreadable" },
    {
      file: PROJECT_REGISTRY,
      prepare: () => sb.write({ "project/.xcsh/agents": null }),
      code: "plugins/registry-unreadable",
    },
    { file: USER_SETTINGS, prepare: () => {}, code: "plugins/settings-unreadable" },
    { file: PROJECT_SETTINGS, prepare: () => {}, code: "plugins/settings-unreadable" },
    { file: LOCAL_SETTINGS, prepare: () => {}, code: "plugins/settings-unreadable" },
    { file: "cache/a/.claude-plugin/plugin.json", prepare: () => {}, code: "plugins/manifest-unreadable" },
  ];
  for (const s of specials.filter((x) => x.available)) {
    for (const place of places) {
      it(`${place.file} as ${s.label}: a diagnostic naming it, no hang, the good plugin still read`, () => {
        // A good plugin registered in the user's xcsh registry (or Claude's when the xcsh one is the bad file).
        sb.write({
          "cache/a/agents/alpha.md": agentFile("alpha"),
          "cache/b/agents/beta.md": agentFile("beta"),
        });
        const goodRegistry = place.file === XCSH_REGISTRY ? CLAUDE_REGISTRY : XCSH_REGISTRY;
        sb.write({ [goodRegistry]: registryJson({ "a@m": [userEntry("a")], "b@m": [userEntry("b")] }) });
        place.prepare();
        s.make(place.file);
        const { locations, diagnostics } = locatePlugins(sb.ctx(), "agents");
        const named = diagnostics.filter((d) => d.filePath === at(sb, place.file));
        expect(named.map((d) => d.code)).toEqual([place.code]);
        expect(named[0]!.severity).toBe("warning");
        expect(locations.map((l) => l.plugin?.id)).toEqual(["a@m", "b@m"]);
      });
    }
  }
});

describe("plugin folders that leave their root", () => {
  it("a default agents/ folder symlinked outside the plugin root is refused with a warning", async () => {
    sb.write({
      "outside/secret.md": agentFile("secret"),
      "cache/a/.claude-plugin/plugin.json": JSON.stringify({ name: "a" }),
      "cache/a/agents": { symlink: at(sb, "outside") },
      ...pluginTree("cache/b", { name: "b", agents: { "agents/beta.md": agentFile("beta") } }),
      [CLAUDE_REGISTRY]: registryJson({ "a@m": [userEntry("a")], "b@m": [userEntry("b")] }),
    });
    const { locations, diagnostics } = locatePlugins(sb.ctx(), "agents");
    expect(locations.map((l) => l.dir)).toEqual([at(sb, "cache/b/agents")]);
    expect(diagnostics).toEqual([
      expect.objectContaining({
        severity: "warning",
        code: "plugins/folder-escapes",
        filePath: at(sb, "cache/a/agents"),
      }),
    ]);
    expect(diagnostics[0]!.message).toContain('plugin "a@m"');
    const { agents } = await discoverAgents(createRegistry([pluginsProvider]), sb.ctx());
    expect(agents.map((a) => a.name)).toEqual(["beta"]);
  });

  it("a commands/ folder symlinked outside is refused the same way; one inside the root is fine", () => {
    sb.write({
      "outside/cmd.md": "Run.\n",
      "cache/a/.claude-plugin/plugin.json": JSON.stringify({ name: "a" }),
      "cache/a/commands": { symlink: at(sb, "outside") },
      "cache/a/agents": { symlink: "./real-agents" },
      "cache/a/real-agents/alpha.md": agentFile("alpha"),
      [CLAUDE_REGISTRY]: registryJson({ "a@m": [userEntry("a")] }),
    });
    const commands = locatePlugins(sb.ctx(), "commands");
    expect(commands.locations).toEqual([]);
    expect(commands.diagnostics.map((d) => d.code)).toEqual(["plugins/folder-escapes"]);
    const agents = locatePlugins(sb.ctx(), "agents");
    expect(agents.diagnostics).toEqual([]);
    expect(agents.locations.map((l) => l.dir)).toEqual([at(sb, "cache/a/agents")]);
  });

  it("a file of a plugin's agents/ or commands/ folder linking out of the plugin root is skipped (load/outside-root)", async () => {
    sb.write({
      "outside/secret.md": agentFile("secret", "PRIVATE KEY"),
      "cache/a/.claude-plugin/plugin.json": JSON.stringify({ name: "a", agents: ["./more/one.md"] }),
      "cache/a/agents/alpha.md": agentFile("alpha"),
      "cache/a/agents/leak.md": { symlink: at(sb, "outside/secret.md") },
      "cache/a/agents/shared.md": { symlink: "../shared/beta.md" },
      "cache/a/shared/beta.md": agentFile("beta"),
      "cache/a/more/one.md": { symlink: at(sb, "outside/secret.md") },
      "cache/a/commands/leak.md": { symlink: at(sb, "outside/secret.md") },
      "cache/a/commands/ok.md": "Run.\n",
      [CLAUDE_REGISTRY]: registryJson({ "a@m": [userEntry("a")] }),
    });
    const d = await discoverAgents(createRegistry([pluginsProvider]), sb.ctx());
    expect(d.agents.map((a) => a.name).sort()).toEqual(["alpha", "beta"]);
    expect(JSON.stringify(d.agents)).not.toContain("PRIVATE KEY");
    const skipped = d.files.filter((f) => f.outcome === "skipped").map((f) => [f.path, f.reason.code]);
    expect(skipped).toEqual([[at(sb, "cache/a/agents/leak.md"), "load/outside-root"]]);
    // A manifest path leading out is refused before it becomes a location (plugins/manifest-path-escapes).
    expect(d.diagnostics.map((x) => x.code)).toContain("plugins/manifest-path-escapes");
    const commands = await readSources(createRegistry([pluginsProvider]), sb.ctx(), { kind: "commands" });
    const files = commands.sources.map((x) => [x.kind === "item" ? "" : x.filePath, x.kind]);
    expect(files).toEqual([
      [at(sb, "cache/a/commands/leak.md"), "skipped"],
      [at(sb, "cache/a/commands/ok.md"), "file"],
    ]);
  });

  it("a plugin root that is itself a symlink keeps its folders (containment is checked on real paths)", () => {
    sb.write({
      ...pluginTree("store/a", { name: "a", agents: { "agents/alpha.md": agentFile("alpha") } }),
      "cache/a": { symlink: at(sb, "store/a") },
      [CLAUDE_REGISTRY]: registryJson({ "a@m": [userEntry("a")] }),
    });
    const { locations, diagnostics } = locatePlugins(sb.ctx(), "agents");
    expect(diagnostics).toEqual([]);
    expect(locations.map((l) => l.dir)).toEqual([at(sb, "cache/a/agents")]);
  });
});

describe("a project that overrides the user's plugin choices", () => {
  it("a project settings.local.json re-enabling a plugin the user disabled gets a warning naming it", async () => {
    sb.write({
      ...pluginTree("cache/a", { name: "a", agents: { "agents/alpha.md": agentFile("alpha") } }),
      [CLAUDE_REGISTRY]: registryJson({ "a@m": [userEntry("a")] }),
      [USER_SETTINGS]: JSON.stringify({ enabledPlugins: { "a@m": false } }),
      [LOCAL_SETTINGS]: JSON.stringify({ enabledPlugins: { "a@m": true } }),
    });
    const found = findPluginRoots(sb.ctx());
    // Claude Code's own rule (later files win) still decides; the override is reported.
    expect(found.roots.map((r) => r.id)).toEqual(["a@m"]);
    expect(found.diagnostics).toEqual([
      expect.objectContaining({
        severity: "warning",
        code: "plugins/project-reenables",
        filePath: at(sb, LOCAL_SETTINGS),
      }),
    ]);
    expect(found.diagnostics[0]!.message).toContain('"a@m"');
    expect(found.diagnostics[0]!.message).toContain(at(sb, USER_SETTINGS));
    // Discovery carries it, so `roster doctor` shows it.
    const d = await discoverAgents(createRegistry([pluginsProvider]), sb.ctx());
    expect(d.diagnostics.map((x) => x.code)).toContain("plugins/project-reenables");
  });

  it("the same in the project settings.json; nothing when the user had not disabled it or the project is untrusted", () => {
    sb.write({
      ...pluginTree("cache/a", { name: "a" }),
      [CLAUDE_REGISTRY]: registryJson({ "a@m": [userEntry("a")] }),
      [USER_SETTINGS]: JSON.stringify({ enabledPlugins: { "a@m": false } }),
      [PROJECT_SETTINGS]: JSON.stringify({ enabledPlugins: { "a@m": true } }),
    });
    expect(findPluginRoots(sb.ctx()).diagnostics.map((d) => `${d.code} ${d.filePath}`)).toEqual([
      `plugins/project-reenables ${at(sb, PROJECT_SETTINGS)}`,
    ]);
    expect(findPluginRoots(sb.ctx({ trustProject: false })).diagnostics).toEqual([]);
    sb.write({ [USER_SETTINGS]: JSON.stringify({ enabledPlugins: { "a@m": true } }) });
    expect(findPluginRoots(sb.ctx()).diagnostics).toEqual([]);
  });

  it("a project registry that re-registers a user plugin id elsewhere is flagged", () => {
    sb.write({
      ...pluginTree("cache/a", { name: "a" }),
      ...pluginTree("cache/evil", { name: "a" }),
      [CLAUDE_REGISTRY]: registryJson({ "a@m": [userEntry("a")] }),
      [PROJECT_REGISTRY]: registryJson({ "a@m": [projectEntry("evil")] }),
    });
    const found = findPluginRoots(sb.ctx());
    expect(found.roots.map((r) => `${r.scope} ${r.root}`)).toEqual([
      `project ${at(sb, "cache/evil")}`,
      `user ${at(sb, "cache/a")}`,
    ]);
    expect(found.diagnostics).toEqual([
      expect.objectContaining({
        severity: "warning",
        code: "plugins/project-reregisters",
        filePath: at(sb, PROJECT_REGISTRY),
      }),
    ]);
    expect(found.diagnostics[0]!.message).toContain('"a@m"');
    expect(found.diagnostics[0]!.message).toContain(at(sb, CLAUDE_REGISTRY));
  });

  it("a project registry naming the user's own install of that id is not flagged", () => {
    sb.write({
      ...pluginTree("cache/a", { name: "a" }),
      [XCSH_REGISTRY]: registryJson({ "a@m": [userEntry("a")] }),
      [PROJECT_REGISTRY]: registryJson({ "a@m": [projectEntry("a")], "b@m": [] }),
    });
    expect(findPluginRoots(sb.ctx()).diagnostics).toEqual([]);
  });
});
