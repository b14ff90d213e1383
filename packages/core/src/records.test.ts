import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { agentFile, createSandbox, type Sandbox } from "@roster/testkit";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { discoverAgents } from "./discover-agents.js";
import { DiscoveryCache } from "./discovery-cache.js";
import { familyLocations } from "./family.js";
import { nodeFileSystem } from "./fs.js";
import { getAgent } from "./get-agent.js";
import { defineProvider } from "./provider.js";
import { createRegistry } from "./registry.js";
import type { FileFormat, FileSystem, LoadedItem, PluginInfo, SourceProvider } from "./types.js";

const family = (id: string, extra: { recursive?: boolean; formats?: FileFormat[] } = {}): SourceProvider =>
  defineProvider({
    id,
    locate: (ctx, kind) =>
      familyLocations(ctx, { project: `.${id}/${kind}`, user: join(ctx.home, `.${id}`, kind), ...extra }),
  });

/** A format of `.kv` files that is unusable when the text says "broken". */
const kv: FileFormat = {
  id: "kv",
  extensions: [".kv"],
  parse: (file) =>
    file.content.includes("broken")
      ? { kind: "unusable", reason: { severity: "warning", code: "kv/syntax", message: "skipped: not kv" } }
      : {
          kind: "parsed",
          frontmatter: Object.fromEntries(
            file.content
              .trim()
              .split("\n")
              .map((l) => l.split("=")),
          ),
          body: "",
          diagnostics: [],
        },
};

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

const rel = (path: string | undefined) => path?.replace(`${sb.root}/`, "");

describe("file records (SPEC §5 step 7)", () => {
  test("every outcome on a real tree, in search order, one diagnostic per skip", async () => {
    const P = "project/.claude/agents";
    sb.write({
      [`${P}/a-loaded.md`]: agentFile("rev", "project rev"),
      [`${P}/b-no-description.md`]: "---\nname: nodesc\n---\nbody\n",
      [`${P}/c-bad-yaml.md`]: "---\n: : :\n  - [unclosed\n---\nBody.",
      [`${P}/d-readme.md`]: "# Our agents\n\nJust notes.\n",
      [`${P}/e-big.md`]: `---\nname: big\ndescription: d\n---\n${"x".repeat(1024 * 1024 + 1)}`,
      [`${P}/f-dangling.md`]: { symlink: "nowhere.md" },
      [`${P}/g.kv`]: "broken",
      [`${P}/h.kv`]: "name=kv-one\ndescription=from kv",
      "home/.claude/agents/rev.md": agentFile("rev", "user rev"),
    });
    const registry = createRegistry([
      family("claude", {
        formats: [{ ...kv }, { id: "markdown-test", extensions: [".md"], parse: mdParse }],
      }),
    ]);
    const d = await discoverAgents(registry, sb.ctx());
    expect(d.files.map((f) => [rel(f.path), f.outcome, "reason" in f ? f.reason?.code : undefined])).toEqual([
      [`${P}/a-loaded.md`, "loaded", undefined],
      [`${P}/b-no-description.md`, "skipped", "agent/missing-description"],
      [`${P}/c-bad-yaml.md`, "skipped", "frontmatter/yaml-error"],
      [`${P}/d-readme.md`, "not-an-agent", undefined],
      [`${P}/e-big.md`, "skipped", "load/file-too-large"],
      [`${P}/f-dangling.md`, "skipped", "load/broken-symlink"],
      [`${P}/g.kv`, "skipped", "kv/syntax"],
      [`${P}/h.kv`, "loaded", undefined],
      ["home/.claude/agents/rev.md", "shadowed", undefined],
    ]);
    const shadowed = d.files.at(-1)!;
    expect(shadowed.outcome === "shadowed" && rel(shadowed.shadowedBy)).toBe(`${P}/a-loaded.md`);
    // Exactly one diagnostic explains each skip; documentation is an info.
    for (const record of d.files) {
      if (record.outcome === "skipped") {
        expect(record.diagnostics.filter((x) => x.severity !== "info")).toHaveLength(1);
        expect(record.diagnostics[0]).toMatchObject({ code: record.reason.code, filePath: record.path });
      }
    }
    expect(d.files[3]!.diagnostics).toEqual([
      expect.objectContaining({ severity: "info", code: "agent/not-an-agent" }),
    ]);
    // The skipped file named its agent: its record keeps the name (what `why` reads).
    expect(d.files.filter((f) => "name" in f && f.name === "nodesc")).toEqual([
      expect.objectContaining({
        outcome: "skipped",
        reason: expect.objectContaining({ code: "agent/missing-description" }),
      }),
    ]);
    // The flat list holds exactly the records' diagnostics, in order.
    expect(d.diagnostics).toEqual(d.files.flatMap((f) => f.diagnostics));
  });

  test("provider-loaded items get records too, after every file", async () => {
    sb.write({ "home/.claude/agents/explore.md": agentFile("explore", "mine") });
    const bundled = defineProvider({
      id: "bundled",
      load: (): LoadedItem[] => [
        { filePath: "embedded:explore.md", frontmatter: { name: "explore", description: "b" }, body: "" },
        { filePath: "embedded:plan.md", frontmatter: { name: "plan", description: "b" }, body: "" },
      ],
    });
    const d = await discoverAgents(createRegistry([bundled, family("claude")]), sb.ctx());
    expect(d.files.map((f) => [rel(f.path), f.scope, f.outcome])).toEqual([
      ["home/.claude/agents/explore.md", "user", "loaded"],
      ["embedded:explore.md", "bundled", "shadowed"],
      ["embedded:plan.md", "bundled", "loaded"],
    ]);
  });

  test("a format's known keys decide the unknown keys of a record", async () => {
    sb.write({ "project/.claude/agents/a.md": agentFile("a", "d", "colour: blue\ntools: read") });
    const d = await discoverAgents(createRegistry([family("claude")]), sb.ctx());
    expect(d.files[0]).toMatchObject({ format: "markdown", unknownKeys: ["colour"] });
  });
});

function mdParse(file: Parameters<FileFormat["parse"]>[0]) {
  return markdown.parse(file);
}

import { markdownFormat as markdown } from "./markdown-format.js";

describe("results are read-only", () => {
  test("mutating a returned agent or array never reaches the next result", async () => {
    sb.write({ "project/.claude/agents/a.md": agentFile("a", "d", "tools: read") });
    const registry = createRegistry([family("claude")]);
    const cache = new DiscoveryCache();
    const first = await discoverAgents(registry, sb.ctx(), { cache });
    const agent = first.agents[0]!;
    expect(() => agent.tools!.push("bash")).toThrow(TypeError);
    expect(() => {
      (agent as { description: string }).description = "hijacked";
    }).toThrow(TypeError);
    expect(() => {
      (first.files[0] as { outcome: string }).outcome = "skipped";
    }).toThrow(TypeError);
    first.agents.push({ ...agent, name: "intruder" });
    first.diagnostics.push({ severity: "error", code: "x", message: "x" });
    const second = await discoverAgents(registry, sb.ctx(), { cache });
    expect(second.agents.map((a) => [a.name, a.description, a.tools])).toEqual([
      ["a", "d", ["read", "submit_result"]],
    ]);
    expect(second.diagnostics).toEqual([]);
  });
});

describe("the merge memo is keyed on what decides it", () => {
  test("trust alone (an empty project folder) changes the fingerprint and the result", async () => {
    sb.write({ "project/.claude/agents": null, "home/.claude/agents/a.md": agentFile("a") });
    const registry = createRegistry([family("claude")]);
    const cache = new DiscoveryCache();
    const trusted = await discoverAgents(registry, sb.ctx(), { cache });
    expect(trusted.projectAgentsDir).toBe(join(sb.project, ".claude/agents"));
    const untrusted = await discoverAgents(registry, sb.ctx({ trustProject: false }), { cache });
    expect(untrusted.fingerprint).not.toBe(trusted.fingerprint);
    expect(untrusted.projectAgentsDir).toBeNull();
  });

  test("a file re-read with identical stats (a racy timestamp) is merged again, not served stale", async () => {
    sb.write({ "project/.claude/agents/a.md": agentFile("a", "one") });
    const path = join(sb.project, ".claude/agents/a.md");
    const real = statSync(path);
    // Every stat of the file says the same thing, timestamped "now": the cache cannot trust
    // it, so it re-reads; the fingerprint cannot see the change either.
    const now = Date.now();
    const frozen = Object.assign(Object.create(Object.getPrototypeOf(real)), real, {
      mtimeMs: now,
      ctimeMs: now,
      size: real.size,
    });
    const fs: FileSystem = { ...nodeFileSystem, stat: (p) => (p === path ? frozen : nodeFileSystem.stat(p)) };
    const registry = createRegistry([family("claude")]);
    const cache = new DiscoveryCache();
    const first = await discoverAgents(registry, { ...sb.ctx(), fs }, { cache });
    expect(getAgent(first, "a")?.description).toBe("one");
    writeFileSync(path, agentFile("a", "two"));
    const second = await discoverAgents(registry, { ...sb.ctx(), fs }, { cache });
    expect(second.fingerprint).toBe(first.fingerprint);
    expect(getAgent(second, "a")?.description).toBe("two");
  });
});

describe("the trust boundary inside agent folders (#13)", () => {
  test("a project folder whose real path leaves the project is skipped with a diagnostic", async () => {
    sb.write({ "outside/agents/evil.md": agentFile("evil"), "home/.claude/agents/ok.md": agentFile("ok") });
    mkdirSync(join(sb.project, ".claude"), { recursive: true });
    symlinkSync(join(sb.root, "outside/agents"), join(sb.project, ".claude/agents"));
    const d = await discoverAgents(createRegistry([family("claude")]), sb.ctx());
    expect(d.agents.map((a) => a.name)).toEqual(["ok"]);
    expect(d.searched[0]).toMatchObject({ status: "outside-root", files: [] });
    expect(d.diagnostics).toEqual([
      expect.objectContaining({ code: "load/outside-root", filePath: join(sb.project, ".claude/agents") }),
    ]);
  });

  test("a project file whose real path leaves the project is skipped like such a folder (issue #49), every time", async () => {
    sb.write({
      "outside/id_rsa.md": agentFile("stolen", "-----BEGIN OPENSSH PRIVATE KEY-----"),
      "project/shared/inside.md": agentFile("inside"),
      "project/.claude/agents/ok.md": agentFile("ok"),
    });
    const dir = join(sb.project, ".claude/agents");
    symlinkSync(join(sb.root, "outside/id_rsa.md"), join(dir, "x.md"));
    // A link that stays inside the project is read as before.
    symlinkSync(join(sb.project, "shared/inside.md"), join(dir, "y.md"));
    const registry = createRegistry([family("claude")]);
    const cache = new DiscoveryCache();
    for (const options of [{}, { cache }, { cache }]) {
      const d = await discoverAgents(registry, sb.ctx(), options);
      expect(d.agents.map((a) => a.name).sort()).toEqual(["inside", "ok"]);
      expect(JSON.stringify(d)).not.toContain("OPENSSH");
      const record = d.files.find((f) => f.path === join(dir, "x.md"));
      expect(record).toMatchObject({ outcome: "skipped", reason: { code: "load/outside-root" } });
      expect(d.diagnostics.filter((x) => x.code === "load/outside-root")).toEqual([
        expect.objectContaining({
          filePath: join(dir, "x.md"),
          message: expect.stringMatching(/^file skipped: its real path .*outside\/id_rsa\.md is outside /),
        }),
      ]);
    }
    // The user's own folder is the user's choice: a link there that leads anywhere is read.
    sb.write({ "outside/mine.md": agentFile("mine") });
    mkdirSync(join(sb.home, ".claude/agents"), { recursive: true });
    symlinkSync(join(sb.root, "outside/mine.md"), join(sb.home, ".claude/agents/mine.md"));
    const d = await discoverAgents(registry, sb.ctx(), { cache });
    expect(d.agents.map((a) => a.name).sort()).toEqual(["inside", "mine", "ok"]);
  });

  test("a link retargeted out of the project after a cached discovery is skipped on the next one", async () => {
    sb.write({ "outside/secret.md": agentFile("secret"), "project/shared/a.md": agentFile("a") });
    const link = join(sb.project, ".claude/agents/a.md");
    mkdirSync(join(sb.project, ".claude/agents"), { recursive: true });
    symlinkSync(join(sb.project, "shared/a.md"), link);
    const registry = createRegistry([family("claude")]);
    const cache = new DiscoveryCache();
    expect((await discoverAgents(registry, sb.ctx(), { cache })).agents.map((a) => a.name)).toEqual(["a"]);
    rmSync(link);
    symlinkSync(join(sb.root, "outside/secret.md"), link);
    const d = await discoverAgents(registry, sb.ctx(), { cache });
    expect(d.agents).toEqual([]);
    expect(d.files[0]).toMatchObject({ outcome: "skipped", reason: { code: "load/outside-root" } });
  });

  test(".claude/agents -> / is never walked", async () => {
    mkdirSync(join(sb.project, ".claude"), { recursive: true });
    symlinkSync("/", join(sb.project, ".claude/agents"));
    const d = await discoverAgents(createRegistry([family("claude", { recursive: true })]), sb.ctx());
    expect(d.searched[0]!.status).toBe("outside-root");
    expect(d.files).toEqual([]);
  });

  test("a FIFO, a symlink to /dev/zero and to /proc/self/pagemap are skipped with a diagnostic each", async () => {
    const dir = join(sb.project, ".claude/agents");
    sb.write({ "project/.claude/agents/ok.md": agentFile("ok") });
    const mkfifo = spawnSync("mkfifo", [join(dir, "fifo.md")]);
    symlinkSync("/dev/zero", join(dir, "zero.md"));
    const pagemap = existsSync("/proc/self/pagemap");
    // In the user's folder (a project file may not link outside the project at all: below).
    mkdirSync(join(sb.home, ".claude/agents"), { recursive: true });
    if (pagemap) {
      symlinkSync("/proc/self/pagemap", join(sb.home, ".claude/agents/pagemap.md"));
      symlinkSync("/proc/self/pagemap", join(dir, "pagemap.md"));
    }
    const d = await discoverAgents(createRegistry([family("claude")]), sb.ctx());
    expect(d.agents.map((a) => a.name)).toEqual(["ok"]);
    const skipped = Object.fromEntries(
      d.files
        .filter((f) => f.outcome === "skipped")
        .map((f) => [rel(f.path), f.outcome === "skipped" && f.reason.code]),
    );
    expect(skipped).toMatchObject({
      "project/.claude/agents/zero.md": "load/not-a-regular-file",
      ...(mkfifo.status === 0 ? { "project/.claude/agents/fifo.md": "load/not-a-regular-file" } : {}),
      ...(pagemap
        ? {
            "home/.claude/agents/pagemap.md": "load/file-too-large",
            "project/.claude/agents/pagemap.md": "load/outside-root",
          }
        : {}),
    });
    if (mkfifo.status !== 0) console.warn("mkfifo unavailable: FIFO case not run");
    if (!pagemap) console.warn("/proc/self/pagemap absent: pagemap case not run");
  });

  test("a path past PATH_MAX inside a recursive folder is skipped with a diagnostic", async () => {
    const dir = join(sb.project, ".claude/agents");
    sb.write({ "project/.claude/agents/ok.md": agentFile("ok") });
    // Built with relative steps (one mkdir per level), as no single absolute path may be that long.
    const segment = "d".repeat(200);
    const depth = Math.ceil(4200 / 201);
    const script = `cd "${dir}" && for i in $(seq ${depth}); do mkdir ${segment} && cd ${segment}; done && printf -- '---\\nname: deep\\ndescription: d\\n---\\n' > deep.md`;
    try {
      expect(spawnSync("bash", ["-c", script]).status).toBe(0);
      const d = await discoverAgents(createRegistry([family("claude", { recursive: true })]), sb.ctx());
      expect(d.agents.map((a) => a.name)).toEqual(["ok"]);
      expect(d.diagnostics.map((x) => x.code)).toContain("load/path-too-long");
    } finally {
      // rm works level by level, as no absolute path reaches the bottom.
      spawnSync("bash", ["-c", `cd "${dir}" && rm -rf ${segment}`]);
    }
  });

  test("zero-width, bidi and C1 characters in a name are suspicious", async () => {
    sb.write({
      "project/.claude/agents/a.md": agentFile("exp\u200blore"),
      "project/.claude/agents/b.md": agentFile("rev\u202eiew"),
      "project/.claude/agents/c.md": agentFile("c1\u0085x"),
    });
    const d = await discoverAgents(createRegistry([family("claude")]), sb.ctx());
    expect(d.agents).toHaveLength(3);
    expect(d.diagnostics.map((x) => x.code)).toEqual([
      "agent/suspicious-name",
      "agent/suspicious-name",
      "agent/suspicious-name",
    ]);
  });
});

describe("scoped ids cannot be hijacked (#13)", () => {
  const plugin: PluginInfo = { id: "superpowers@m", name: "superpowers", marketplace: "m", version: "1" };
  const plugins = defineProvider({
    id: "plugins",
    locate: (ctx) => [{ dir: join(ctx.home, "plugins/superpowers/agents"), scope: "user", plugin }],
  });

  test("a project file named <plugin>:<name> loads but never answers the plugin's scoped id", async () => {
    sb.write({
      "project/.claude/agents/hijack.md": agentFile("superpowers:code-reviewer", "hijacker"),
      "project/.claude/agents/other.md": agentFile("nobody:thing", "plain"),
      "home/plugins/superpowers/agents/code-reviewer.md": agentFile("code-reviewer", "genuine"),
    });
    const d = await discoverAgents(createRegistry([family("claude"), plugins]), sb.ctx());
    expect(d.agents.map((a) => a.name)).toContain("superpowers:code-reviewer");
    expect(getAgent(d, "superpowers:code-reviewer")?.description).toBe("genuine");
    expect(getAgent(d.agents, "superpowers:code-reviewer")?.description).toBe("genuine");
    expect(getAgent(d, "superpowers:missing")).toBeUndefined();
    // No such plugin: the exact name answers.
    expect(getAgent(d, "nobody:thing")?.description).toBe("plain");
  });
});

describe("name-keyed lookups survive prototype names", () => {
  test("constructor, __proto__ and toString are ordinary agents", async () => {
    sb.write({
      "project/.claude/agents/a.md": agentFile("constructor"),
      "project/.claude/agents/b.md": agentFile("__proto__"),
      "project/.claude/agents/c.md": agentFile("toString"),
      "home/.claude/agents/c.md": agentFile("toString", "user"),
    });
    const d = await discoverAgents(createRegistry([family("claude")]), sb.ctx());
    expect(d.agents.map((a) => a.name)).toEqual(["constructor", "__proto__", "toString"]);
    expect(d.shadowed.map((s) => s.agent.name)).toEqual(["toString"]);
    for (const name of ["constructor", "__proto__", "toString"]) expect(getAgent(d, name)?.name).toBe(name);
    expect(getAgent(d, "valueOf")).toBeUndefined();
    expect(d.files.filter((f) => "name" in f && f.name === "toString")).toHaveLength(2);
  });
});

describe("DiscoveryContext.signal", () => {
  test("an aborted signal stops discovery with its reason", async () => {
    const controller = new AbortController();
    controller.abort(new Error("stop"));
    await expect(
      discoverAgents(createRegistry([family("claude")]), { ...sb.ctx(), signal: controller.signal }),
    ).rejects.toThrow("stop");
  });
});

describe("formats written before results were tagged", () => {
  test("an untagged result is read as fields, and an error diagnostic as unusable", async () => {
    const legacy = {
      id: "legacy",
      extensions: [".lg"],
      parse: (file: { content: string }) =>
        file.content.includes("bad")
          ? {
              frontmatter: {},
              body: "",
              diagnostics: [{ severity: "error", code: "lg/bad", message: "bad" }],
            }
          : { frontmatter: { name: "lg", description: "d" }, body: "", diagnostics: [] },
    } as unknown as FileFormat;
    sb.write({ "project/.claude/agents/a.lg": "ok", "project/.claude/agents/b.lg": "bad" });
    const d = await discoverAgents(createRegistry([family("claude", { formats: [legacy] })]), sb.ctx());
    expect(d.files.map((f) => [f.outcome, "reason" in f ? f.reason?.code : undefined])).toEqual([
      ["loaded", undefined],
      ["skipped", "lg/bad"],
    ]);
  });
});
