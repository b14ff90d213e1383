import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { createRegistry, defineProvider, discoverAgents, getAgent, type Location } from "@roster/core";
import { agentFile, CORPUS_DIR, createSandbox, type Sandbox } from "@roster/testkit";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { at, pluginTree, registryJson, rel } from "../test/plugin-tree.js";
import { pluginAgentFormat } from "./plugin-agent-format.js";
import { createPluginsProvider, locatePlugins, pluginsProvider } from "./plugins-provider.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox("roster-plugins-");
});
afterEach(() => sb.cleanup());

const CLAUDE_REGISTRY = "home/.claude/plugins/installed_plugins.json";
const entry = (path: string, extra: Record<string, unknown> = {}) => ({
  scope: "user",
  installPath: at(sb, path),
  ...extra,
});

function describeLocations(locations: readonly Location[]): string[] {
  return locations.map((l) => {
    const only = l.only ? ` only=${l.only.join(",")}` : "";
    return `${l.scope} ${l.plugin?.id} ${rel(sb, [l.dir])[0]}${only}`;
  });
}

describe("pluginsProvider.locate", () => {
  it("returns { locations, diagnostics } with <root>/agents carrying plugin info and scope", async () => {
    sb.write({
      ...pluginTree("cache/review", { name: "review", version: "2.0.0" }),
      [CLAUDE_REGISTRY]: registryJson({ "review@market": [entry("cache/review", { version: "abc123" })] }),
    });
    const result = await pluginsProvider.locate!(sb.ctx(), "agents");
    expect(Array.isArray(result)).toBe(false);
    const { locations, diagnostics } = result as { locations: Location[]; diagnostics: unknown[] };
    expect(diagnostics).toEqual([]);
    expect(locations).toEqual([
      {
        dir: at(sb, "cache/review/agents"),
        scope: "user",
        recursive: true,
        plugin: { id: "review@market", name: "review", marketplace: "market", version: "abc123" },
        formats: [pluginAgentFormat],
        root: at(sb, "cache/review"),
      },
    ]);
    expect(pluginsProvider.id).toBe("plugins");
  });

  it("uses <root>/commands for commands", () => {
    sb.write({
      ...pluginTree("cache/a", { name: "a" }),
      [CLAUDE_REGISTRY]: registryJson({ "a@m": [entry("cache/a")] }),
    });
    expect(describeLocations(locatePlugins(sb.ctx(), "commands").locations)).toEqual([
      "user a@m cache/a/commands",
    ]);
  });

  it("takes the manifest's version when the entry has none, else 'unknown'", () => {
    sb.write({
      ...pluginTree("cache/a", { name: "a", version: "3.1.4" }),
      "cache/b/agents": null,
      [CLAUDE_REGISTRY]: registryJson({ "a@m": [entry("cache/a")], "b@m": [entry("cache/b")] }),
    });
    expect(locatePlugins(sb.ctx(), "agents").locations.map((l) => l.plugin?.version)).toEqual([
      "3.1.4",
      "unknown",
    ]);
  });

  it("adds the files and folders the manifest declares (string or array), after the default folder", () => {
    sb.write({
      ...pluginTree("cache/a", {
        name: "a",
        extra: { agents: ["./agents", "./extra/one.md", "more"], commands: "./cmds/run.md" },
        agents: {
          "agents/x.md": agentFile("x"),
          "extra/one.md": agentFile("one"),
          "more/m.md": agentFile("m"),
        },
      }),
      "cache/a/cmds/run.md": "Run it.\n",
      [CLAUDE_REGISTRY]: registryJson({ "a@m": [entry("cache/a")] }),
    });
    const agents = locatePlugins(sb.ctx(), "agents");
    expect(agents.diagnostics).toEqual([]);
    expect(describeLocations(agents.locations)).toEqual([
      "user a@m cache/a/agents",
      "user a@m cache/a/extra only=one.md",
      "user a@m cache/a/more",
    ]);
    expect(describeLocations(locatePlugins(sb.ctx(), "commands").locations)).toEqual([
      "user a@m cache/a/commands",
      "user a@m cache/a/cmds only=run.md",
    ]);
  });

  it("refuses manifest paths that escape the plugin root, also through a symlink, with a warning", () => {
    sb.write({
      ...pluginTree("cache/a", { name: "a", extra: { agents: ["../b/agents", "/etc", "./link"] } }),
      "cache/b/agents/b.md": agentFile("b"),
      "cache/a/link": { symlink: at(sb, "cache/b/agents") },
      [CLAUDE_REGISTRY]: registryJson({ "a@m": [entry("cache/a")] }),
    });
    const { locations, diagnostics } = locatePlugins(sb.ctx(), "agents");
    expect(describeLocations(locations)).toEqual(["user a@m cache/a/agents"]);
    expect(diagnostics.map((d) => d.code)).toEqual([
      "plugins/manifest-path-escapes",
      "plugins/manifest-path-escapes",
      "plugins/manifest-path-escapes",
    ]);
    expect(diagnostics[0]).toMatchObject({
      severity: "warning",
      filePath: at(sb, "cache/a/.claude-plugin/plugin.json"),
    });
    expect(diagnostics[0]?.message).toContain('"../b/agents"');
  });

  it("warns about a manifest path that does not exist and about a field of the wrong type", () => {
    sb.write({
      ...pluginTree("cache/a", { name: "a", extra: { agents: ["./nope.md"], commands: 7 } }),
      [CLAUDE_REGISTRY]: registryJson({ "a@m": [entry("cache/a")] }),
    });
    expect(locatePlugins(sb.ctx(), "agents").diagnostics.map((d) => d.code)).toEqual([
      "plugins/manifest-invalid-shape",
      "plugins/manifest-path-not-found",
    ]);
  });

  it("warns about a manifest that is not JSON and still reads the root's default folders", () => {
    sb.write({
      "cache/a/.claude-plugin/plugin.json": "{ name: a }",
      "cache/a/agents/a.md": agentFile("a"),
      [CLAUDE_REGISTRY]: registryJson({ "a@m": [entry("cache/a")] }),
    });
    const { locations, diagnostics } = locatePlugins(sb.ctx(), "agents");
    expect(describeLocations(locations)).toEqual(["user a@m cache/a/agents"]);
    expect(diagnostics).toEqual([
      expect.objectContaining({ severity: "warning", code: "plugins/manifest-invalid-json" }),
    ]);
    expect(diagnostics[0]?.message).toContain('"a@m"');
  });

  it("reads only the xcsh registries with createPluginsProvider({ claude: false })", async () => {
    sb.write({
      ...pluginTree("cache/a", { name: "a" }),
      ...pluginTree("cache/x", { name: "x" }),
      [CLAUDE_REGISTRY]: registryJson({ "a@m": [entry("cache/a")] }),
      "home/.xcsh/plugins/installed_plugins.json": registryJson({ "x@m": [entry("cache/x")] }),
    });
    const provider = createPluginsProvider({ id: "xcsh-plugins", claude: false });
    expect(provider.id).toBe("xcsh-plugins");
    const result = (await provider.locate!(sb.ctx(), "agents")) as { locations: Location[] };
    expect(describeLocations(result.locations)).toEqual(["user x@m cache/x/agents"]);
  });
});

describe("discovery through @roster/core", () => {
  it("reaches two plugins' same-named agents by scoped id; the bare name follows first-wins", async () => {
    sb.write({
      ...pluginTree("cache/alpha", {
        name: "alpha",
        agents: { "agents/code-reviewer.md": agentFile("code-reviewer", "alpha reviews") },
      }),
      ...pluginTree("cache/beta", {
        name: "beta",
        agents: { "agents/code-reviewer.md": agentFile("code-reviewer", "beta reviews") },
      }),
      [CLAUDE_REGISTRY]: registryJson({
        "alpha@m": [entry("cache/alpha", { version: "1.0.0" })],
        "beta@m": [entry("cache/beta", { version: "2.0.0" })],
      }),
    });
    const discovery = await discoverAgents(createRegistry([pluginsProvider]), sb.ctx());
    expect(discovery.diagnostics).toEqual([]);
    expect(getAgent(discovery, "code-reviewer")?.description).toBe("alpha reviews");
    const alpha = getAgent(discovery, "alpha:code-reviewer");
    const beta = getAgent(discovery, "beta:code-reviewer");
    expect(alpha?.filePath).toBe(at(sb, "cache/alpha/agents/code-reviewer.md"));
    expect(beta?.filePath).toBe(at(sb, "cache/beta/agents/code-reviewer.md"));
    expect(beta?.plugin).toEqual({ id: "beta@m", name: "beta", marketplace: "m", version: "2.0.0" });
    expect(beta?.provider).toBe("plugins");
    expect(discovery.shadowed.map((s) => s.shadowedBy)).toEqual([
      at(sb, "cache/alpha/agents/code-reviewer.md"),
    ]);
  });

  it("lets a project-scope plugin's agent beat a user plugin's, and a file named by the manifest load", async () => {
    sb.write({
      ...pluginTree("cache/u", {
        name: "u",
        agents: { "agents/helper.md": agentFile("helper", "user plugin") },
      }),
      ...pluginTree("cache/p", {
        name: "p",
        extra: { agents: "./special/solo.md" },
        agents: {
          "agents/helper.md": agentFile("helper", "project plugin"),
          "special/solo.md": agentFile("solo"),
        },
      }),
      "cache/p/special/ignored.md": agentFile("ignored"),
      [CLAUDE_REGISTRY]: registryJson({ "u@m": [entry("cache/u")] }),
      "project/.xcsh/plugins/installed_plugins.json": registryJson({ "p@m": [entry("cache/p")] }),
    });
    const discovery = await discoverAgents(createRegistry([pluginsProvider]), sb.ctx());
    expect(discovery.agents.map((a) => `${a.name} ${a.source} ${a.description}`)).toEqual([
      "helper project project plugin",
      "solo project solo agent",
    ]);
    const untrusted = await discoverAgents(
      createRegistry([pluginsProvider]),
      sb.ctx({ trustProject: false }),
    );
    expect(untrusted.agents.map((a) => `${a.name} ${a.source}`)).toEqual(["helper user"]);
  });

  it("keeps a bad registry a diagnostic of discovery, never a throw", async () => {
    sb.write({ [CLAUDE_REGISTRY]: "\u0000\u0001 binary" });
    const other = defineProvider({ id: "other", locate: () => [] });
    const discovery = await discoverAgents(createRegistry([other, pluginsProvider]), sb.ctx());
    expect(discovery.agents).toEqual([]);
    expect(discovery.diagnostics.map((d) => d.code)).toEqual(["plugins/registry-invalid-json"]);
  });
});

const corpus = join(CORPUS_DIR, "wshobson-agents/plugins");

describe.skipIf(!existsSync(corpus))("real plugin folders (shared corpus)", () => {
  it("reads wshobson plugins registered in a registry, each agent reachable by scoped id", async () => {
    const names = readdirSync(corpus).filter((n) =>
      existsSync(join(corpus, n, ".claude-plugin/plugin.json")),
    );
    const plugins = Object.fromEntries(
      names.map((n) => [`${n}@claude-code-workflows`, [{ scope: "user", installPath: join(corpus, n) }]]),
    );
    sb.write({ [CLAUDE_REGISTRY]: registryJson(plugins) });
    const discovery = await discoverAgents(createRegistry([pluginsProvider]), sb.ctx());
    expect(discovery.diagnostics.filter((d) => d.code.startsWith("plugins/"))).toEqual([]);
    expect(discovery.agents.length).toBeGreaterThan(50);
    const all = [...discovery.agents, ...discovery.shadowed.map((s) => s.agent)];
    for (const agent of all) {
      expect(agent.plugin?.marketplace).toBe("claude-code-workflows");
      expect(getAgent(discovery, `${agent.plugin!.name}:${agent.name}`)?.filePath).toBe(agent.filePath);
    }
    // A manifest that lists "./agents" (pptx-deck-creation) does not read the folder twice.
    const pptx = all.filter((a) => a.plugin?.name === "pptx-deck-creation");
    expect(pptx.map((a) => a.name)).toEqual(["pptx-deck-creation-builder"]);
  });
});

describe("plugin agents ignore what Claude Code ignores", () => {
  it("drops permissionMode, hooks and mcpServers with an info each", async () => {
    sb.write({
      ...pluginTree("cache/kit", { name: "kit" }),
      "cache/kit/agents/sec.md": agentFile(
        "sec",
        "Security",
        "permissionMode: bypassPermissions\nhooks:\n  Stop: []\ncolor: red",
      ),
      [CLAUDE_REGISTRY]: registryJson({ "kit@m": [entry("cache/kit")] }),
    });
    const { agents, diagnostics } = await discoverAgents(createRegistry([pluginsProvider]), sb.ctx());
    const sec = agents.find((a) => a.name === "sec")!;
    expect(sec.permissionMode).toBeUndefined();
    expect(sec.extra).toEqual({ color: "red" });
    expect(diagnostics.filter((d) => d.code === "plugins/ignored-key").map((d) => d.message)).toEqual([
      "plugin agents may not set permissionMode; Claude Code ignores it and so does roster",
      "plugin agents may not set hooks; Claude Code ignores it and so does roster",
    ]);
  });
});
