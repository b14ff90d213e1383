import { mkdirSync, renameSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
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
import type { FileFormat, LoadedItem, SourceProvider } from "./types.js";

/** A family like the real ones: `.<id>/agents` walking up, then `~/.<id>/agents`. */
const family = (id: string, extra: { recursive?: boolean } = {}): SourceProvider =>
  defineProvider({
    id,
    locate: (ctx, kind) =>
      familyLocations(ctx, { project: `.${id}/${kind}`, user: join(ctx.home, `.${id}`, kind), ...extra }),
  });

const builtin = (...names: string[]): SourceProvider =>
  defineProvider({
    id: "bundled",
    load: (): LoadedItem[] =>
      names.map((name) => ({
        filePath: `embedded:${name}.md`,
        frontmatter: { name, description: `bundled ${name}` },
        body: `bundled ${name} prompt`,
      })),
  });

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

const rel = (path: string | undefined) => path?.replace(`${sb.root}/`, "");
const names = (agents: { name: string }[]) => agents.map((a) => a.name);

describe("discoverAgents: precedence (SPEC §5)", () => {
  test("project beats user within a family; the loser is shadowed by the winner's file", async () => {
    sb.write({
      "project/.claude/agents/rev.md": agentFile("rev", "project rev"),
      "home/.claude/agents/rev.md": agentFile("rev", "user rev"),
    });
    const result = await discoverAgents(createRegistry([family("claude")]), sb.ctx());
    expect(result.agents.map((a) => [a.name, a.description, a.source])).toEqual([
      ["rev", "project rev", "project"],
    ]);
    expect(result.shadowed).toHaveLength(1);
    expect(rel(result.shadowed[0]!.agent.filePath)).toBe("home/.claude/agents/rev.md");
    expect(rel(result.shadowed[0]!.shadowedBy)).toBe("project/.claude/agents/rev.md");
  });

  test("a higher family beats a lower one, even a user file over a lower project file", async () => {
    sb.write({
      "home/.xcsh/agents/same.md": agentFile("same", "xcsh"),
      "project/.claude/agents/same.md": agentFile("same", "claude"),
      "project/.codex/agents/same.md": agentFile("same", "codex"),
      "project/.gemini/agents/same.md": agentFile("same", "gemini"),
      "project/.gemini/agents/only-gemini.md": agentFile("only-gemini"),
    });
    const registry = createRegistry(["xcsh", "claude", "codex", "gemini"].map((id) => family(id)));
    const result = await discoverAgents(registry, sb.ctx());
    expect(getAgent(result.agents, "same")?.description).toBe("xcsh");
    expect(result.shadowed.map((s) => s.agent.description)).toEqual(["claude", "codex", "gemini"]);
    expect(names(result.agents)).toEqual(["same", "only-gemini"]);
  });

  test("any file beats a bundled agent; unseen bundled agents come last", async () => {
    sb.write({ "home/.claude/agents/explore.md": agentFile("explore", "mine") });
    const result = await discoverAgents(
      createRegistry([builtin("explore", "plan"), family("claude")]),
      sb.ctx(),
    );
    expect(result.agents.map((a) => [a.name, a.source])).toEqual([
      ["explore", "user"],
      ["plan", "bundled"],
    ]);
    expect(result.shadowed[0]).toMatchObject({ agent: { name: "explore", source: "bundled" } });
  });

  test("names are case-sensitive: Task and task coexist", async () => {
    sb.write({ "project/.claude/agents/Task.md": agentFile("Task") });
    const result = await discoverAgents(createRegistry([family("claude"), builtin("task")]), sb.ctx());
    expect(names(result.agents)).toEqual(["Task", "task"]);
    expect(getAgent(result.agents, "task")?.source).toBe("bundled");
    expect(getAgent(result.agents, "TASK")).toBeUndefined();
  });

  test("within a folder a.md is read before b.md, by code units", async () => {
    sb.write({
      "project/.claude/agents/b.md": agentFile("dup", "from b"),
      "project/.claude/agents/a.md": agentFile("dup", "from a"),
      "project/.claude/agents/B.md": agentFile("upper", "from B"),
    });
    const result = await discoverAgents(createRegistry([family("claude")]), sb.ctx());
    expect(result.searched[0]!.files.map((f) => rel(f))).toEqual([
      "project/.claude/agents/B.md",
      "project/.claude/agents/a.md",
      "project/.claude/agents/b.md",
    ]);
    expect(getAgent(result.agents, "dup")?.description).toBe("from a");
  });

  test("recursive folders order by relative path: B.md < a.md < b.md < b/c.md; dot and symlinked folders are not entered", async () => {
    sb.write({
      "project/.claude/agents/b/c.md": agentFile("c"),
      "project/.claude/agents/b.md": agentFile("b"),
      "project/.claude/agents/a.md": agentFile("a"),
      "project/.claude/agents/B.md": agentFile("B"),
      "project/.claude/agents/.hidden/h.md": agentFile("h"),
      "elsewhere/l.md": agentFile("l"),
      "project/.claude/agents/linked": { symlink: join(sb.root, "elsewhere") },
    });
    const result = await discoverAgents(createRegistry([family("claude", { recursive: true })]), sb.ctx());
    expect(names(result.agents)).toEqual(["B", "a", "b", "c"]);
  });

  test("only the nearest project folder counts, unless projectDirs is 'all'", async () => {
    sb.write({
      "project/.claude/agents/outer.md": agentFile("outer"),
      "project/pkg/.claude/agents/inner.md": agentFile("inner"),
      "project/pkg/src/keep.txt": "",
    });
    const cwd = join(sb.project, "pkg", "src");
    const nearest = await discoverAgents(createRegistry([family("claude")]), sb.ctx({ cwd }));
    expect(names(nearest.agents)).toEqual(["inner"]);
    const all = await discoverAgents(createRegistry([family("claude")]), {
      ...sb.ctx({ cwd }),
      projectDirs: "all",
    });
    expect(names(all.agents)).toEqual(["inner", "outer"]);
    expect(all.searched.map((s) => [rel(s.location.dir), s.location.scope])).toEqual([
      ["project/pkg/.claude/agents", "project"],
      ["project/.claude/agents", "project"],
      ["home/.claude/agents", "user"],
    ]);
  });

  test("the order of locations searched is exact", async () => {
    sb.write({ "project/.xcsh/agents/x.md": agentFile("x"), "project/.claude/agents/y.md": agentFile("y") });
    const result = await discoverAgents(createRegistry([family("xcsh"), family("claude")]), sb.ctx());
    expect(result.searched.map((s) => [s.provider, rel(s.location.dir), s.status])).toEqual([
      ["xcsh", "project/.xcsh/agents", "read"],
      ["xcsh", "home/.xcsh/agents", "missing"],
      ["claude", "project/.claude/agents", "read"],
      ["claude", "home/.claude/agents", "missing"],
    ]);
    expect(result.projectAgentsDir).toBe(join(sb.project, ".xcsh", "agents"));
  });

  test("cwd inside home does not read ~/.claude/agents twice; it is user scope", async () => {
    sb.write({ "home/.claude/agents/u.md": agentFile("u"), "home/work/repo/README": "" });
    const cwd = join(sb.home, "work", "repo");
    const result = await discoverAgents(createRegistry([family("claude")]), sb.ctx({ cwd }));
    expect(result.searched.map((s) => [rel(s.location.dir), s.location.scope])).toEqual([
      ["home/.claude/agents", "user"],
    ]);
    expect(result.agents.map((a) => a.source)).toEqual(["user"]);
    expect(result.shadowed).toEqual([]);
    expect(result.projectAgentsDir).toBeNull();
  });

  test("trustProject false skips project locations and project-scope load items", async () => {
    sb.write({
      "project/.claude/agents/rev.md": agentFile("rev", "project"),
      "home/.claude/agents/rev.md": agentFile("rev", "user"),
    });
    const sneaky = defineProvider({
      id: "sneaky",
      load: () => [
        { filePath: "x", source: "project" as const, frontmatter: { name: "s", description: "s" }, body: "" },
      ],
    });
    const result = await discoverAgents(
      createRegistry([family("claude"), sneaky]),
      sb.ctx({ trustProject: false }),
    );
    expect(result.agents.map((a) => [a.name, a.description])).toEqual([["rev", "user"]]);
    expect(result.searched[0]!.status).toBe("untrusted");
    expect(result.projectAgentsDir).toBeNull();
  });
});

describe("discoverAgents: bad input never stops the others", () => {
  test("a bad file is skipped with a diagnostic naming it; its neighbours load", async () => {
    sb.write({
      "project/.claude/agents/a.md": agentFile("a"),
      "project/.claude/agents/b.md": "---\nname: b\n---\nno description\n",
      "project/.claude/agents/c.md": "---\nname: c\n  bad: indent: here\n---\n",
      "project/.claude/agents/d.md": agentFile("d"),
    });
    const result = await discoverAgents(createRegistry([family("claude")]), sb.ctx());
    expect(names(result.agents)).toEqual(["a", "d"]);
    const byFile = result.diagnostics.map((d) => [rel(d.filePath), d.code]);
    expect(byFile).toContainEqual(["project/.claude/agents/b.md", "agent/missing-description"]);
    expect(byFile).toContainEqual(["project/.claude/agents/c.md", "frontmatter/yaml-error"]);
  });

  test("a file over 1 MiB, a folder named x.md, a dangling symlink and a symlink loop each get a diagnostic", async () => {
    const dir = join(sb.project, ".claude", "agents");
    sb.write({
      "project/.claude/agents/big.md": `---\nname: big\ndescription: big\n---\n${"x".repeat(1024 * 1024)}`,
      "project/.claude/agents/x.md": null,
      "project/.claude/agents/ok.md": agentFile("ok"),
      "project/.claude/agents/target.md": agentFile("via-link-target"),
    });
    symlinkSync(join(dir, "missing.md"), join(dir, "dangling.md"));
    symlinkSync(join(dir, "loop2.md"), join(dir, "loop1.md"));
    symlinkSync(join(dir, "loop1.md"), join(dir, "loop2.md"));
    symlinkSync(join(dir, "target.md"), join(dir, "link.md"));
    const result = await discoverAgents(createRegistry([family("claude")]), sb.ctx());
    expect(names(result.agents)).toEqual(["via-link-target", "ok"]);
    expect(rel(getAgent(result.agents, "via-link-target")?.filePath)).toBe("project/.claude/agents/link.md");
    const codes = Object.fromEntries(
      result.diagnostics.map((d) => [rel(d.filePath)?.split("/").pop(), d.code]),
    );
    expect(codes).toMatchObject({
      "big.md": "load/file-too-large",
      "x.md": "load/not-a-file",
      "dangling.md": "load/broken-symlink",
      "loop1.md": "load/broken-symlink",
      "loop2.md": "load/broken-symlink",
    });
  });

  test("invalid UTF-8 is decoded with U+FFFD and a warning; the agent still loads", async () => {
    const bytes = Buffer.concat([
      Buffer.from("---\nname: u\ndescription: caf"),
      Buffer.from([0xe9]),
      Buffer.from("\n---\nbody"),
    ]);
    sb.write({ "project/.claude/agents/u.md": bytes });
    const result = await discoverAgents(createRegistry([family("claude")]), sb.ctx());
    expect(result.agents[0]?.description).toBe("caf\uFFFD");
    expect(result.diagnostics.map((d) => d.code)).toEqual(["load/invalid-utf8"]);
  });

  test("names with separators, '..', control, C1, bidi or zero-width characters or outer spaces load as written with a warning", async () => {
    sb.write({
      "project/.claude/agents/a.md": agentFile('"../evil"', "d"),
      "project/.claude/agents/b.md": agentFile('" padded "', "d"),
      "project/.claude/agents/c.md": agentFile('"bell\\u0007"', "d"),
      "project/.claude/agents/d.md": agentFile('"c1\\u009b"', "d"),
      "project/.claude/agents/e.md": agentFile('"exp\\u200blore"', "d"),
      "project/.claude/agents/f.md": agentFile('"\\u202eevil"', "d"),
    });
    const result = await discoverAgents(createRegistry([family("claude")]), sb.ctx());
    expect(names(result.agents)).toEqual([
      "../evil",
      " padded ",
      "bell\u0007",
      "c1\u009b",
      "exp\u200blore",
      "\u202eevil",
    ]);
    expect(getAgent(result.agents, " padded ")?.name).toBe(" padded ");
    expect(result.diagnostics.map((d) => d.code)).toEqual(Array(6).fill("agent/suspicious-name"));
  });

  test("a permission error is an info diagnostic; a file that vanishes after listing is a warning", async () => {
    sb.write({
      "project/.claude/agents/a.md": agentFile("a"),
      "project/.claude/agents/gone.md": agentFile("gone"),
    });
    const denied = join(sb.home, ".claude", "agents");
    mkdirSync(denied, { recursive: true });
    const fs = {
      ...nodeFileSystem,
      readdir: (dir: string) => {
        if (dir === denied) throw Object.assign(new Error("EACCES: permission denied"), { code: "EACCES" });
        return nodeFileSystem.readdir(dir);
      },
      stat: (path: string) => {
        if (path.endsWith("gone.md")) throw Object.assign(new Error("ENOENT"), { code: "ENOENT" });
        return nodeFileSystem.stat(path);
      },
    };
    const result = await discoverAgents(createRegistry([family("claude")]), { ...sb.ctx(), fs });
    expect(names(result.agents)).toEqual(["a"]);
    expect(result.diagnostics.map((d) => [d.severity, d.code, rel(d.filePath)])).toEqual([
      ["warning", "load/read-error", "project/.claude/agents/gone.md"],
      ["info", "load/unreadable-directory", "home/.claude/agents"],
    ]);
  });

  test("a provider whose locate throws becomes a diagnostic; the others still load", async () => {
    sb.write({ "project/.claude/agents/a.md": agentFile("a") });
    const broken = defineProvider({
      id: "broken",
      locate: () => {
        throw new Error("boom");
      },
    });
    const result = await discoverAgents(createRegistry([broken, family("claude")]), sb.ctx());
    expect(names(result.agents)).toEqual(["a"]);
    expect(result.diagnostics[0]).toMatchObject({ severity: "error", code: "provider/locate-failed" });
    expect(result.diagnostics[0]!.message).toContain("boom");
  });
});

describe("formats", () => {
  test("a location's declared format is dispatched by extension, without touching the core", async () => {
    const kv: FileFormat = {
      id: "kv",
      extensions: [".kv"],
      parse: (file) => {
        const fields = Object.fromEntries(
          file.content
            .split("\n")
            .filter(Boolean)
            .map((l) => l.split("=")),
        );
        return {
          kind: "parsed",
          frontmatter: { name: fields.name, description: fields.description },
          body: fields.prompt ?? "",
          diagnostics: [],
        };
      },
    };
    const provider = defineProvider({
      id: "kvfam",
      locate: (ctx) => [{ dir: join(ctx.cwd, "kv"), scope: "project", formats: [kv] }],
    });
    sb.write({
      "project/kv/one.kv": "name=one\ndescription=first\nprompt=hi",
      "project/kv/ignored.md": agentFile("md"),
    });
    const result = await discoverAgents(createRegistry([provider]), sb.ctx());
    expect(result.agents.map((a) => [a.name, a.systemPrompt])).toEqual([["one", "hi"]]);
  });

  test("a file its format finds unusable is skipped with that one reason", async () => {
    const strict: FileFormat = {
      id: "strict",
      extensions: [".md"],
      parse: (file) =>
        file.content.includes("bad")
          ? { kind: "unusable", reason: { severity: "error", code: "strict/bad", message: "bad file" } }
          : { kind: "parsed", frontmatter: { name: "x", description: "x" }, body: "", diagnostics: [] },
    };
    const provider = defineProvider({
      id: "s",
      locate: (ctx) => [{ dir: ctx.cwd, scope: "project", formats: [strict] }],
    });
    sb.write({ "project/a.md": "bad" });
    const result = await discoverAgents(createRegistry([provider]), sb.ctx());
    expect(result.agents).toEqual([]);
    expect(result.diagnostics).toMatchObject([{ code: "strict/bad", filePath: join(sb.project, "a.md") }]);
    expect(result.files).toMatchObject([
      {
        path: join(sb.project, "a.md"),
        outcome: "skipped",
        reason: { code: "strict/bad", message: "bad file" },
      },
    ]);
  });
});

describe("DiscoveryCache (SPEC §5.1)", () => {
  const setup = () => {
    sb.write({
      "project/.claude/agents/a.md": agentFile("a"),
      "project/.claude/agents/b.md": agentFile("b"),
      "home/.claude/agents/c.md": agentFile("c"),
    });
    return { registry: createRegistry([family("claude")]), cache: new DiscoveryCache() };
  };

  test("an unchanged tree is rediscovered with no parsing and the same fingerprint", async () => {
    const { registry, cache } = setup();
    const cold = await discoverAgents(registry, sb.ctx(), { cache });
    expect(cache.stats.parses).toBe(3);
    const warm = await discoverAgents(registry, sb.ctx(), { cache });
    expect(cache.stats.parses).toBe(3);
    expect(cache.stats.reads).toBe(3);
    expect(warm.agents).toEqual(cold.agents);
    expect(warm.fingerprint).toBe(cold.fingerprint);
  });

  test("an edited file is re-parsed and seen; the fingerprint changes", async () => {
    const { registry, cache } = setup();
    const cold = await discoverAgents(registry, sb.ctx(), { cache });
    writeFileSync(join(sb.project, ".claude/agents/a.md"), agentFile("a", "edited"));
    const next = await discoverAgents(registry, sb.ctx(), { cache });
    expect(getAgent(next.agents, "a")?.description).toBe("edited");
    expect(cache.stats.parses).toBe(4);
    expect(next.fingerprint).not.toBe(cold.fingerprint);
  });

  test("added, removed and renamed files are seen", async () => {
    const { registry, cache } = setup();
    const dir = join(sb.project, ".claude/agents");
    await discoverAgents(registry, sb.ctx(), { cache });
    writeFileSync(join(dir, "new.md"), agentFile("new"));
    expect(names((await discoverAgents(registry, sb.ctx(), { cache })).agents)).toEqual([
      "a",
      "b",
      "new",
      "c",
    ]);
    rmSync(join(dir, "b.md"));
    expect(names((await discoverAgents(registry, sb.ctx(), { cache })).agents)).toEqual(["a", "new", "c"]);
    renameSync(join(dir, "a.md"), join(dir, "z.md"));
    const renamed = await discoverAgents(registry, sb.ctx(), { cache });
    expect(rel(getAgent(renamed.agents, "a")?.filePath)).toBe("project/.claude/agents/z.md");
    expect(names(renamed.agents)).toEqual(["new", "a", "c"]);
  });

  test("entries for files no longer present are dropped", async () => {
    const { registry, cache } = setup();
    await discoverAgents(registry, sb.ctx(), { cache });
    expect(cache.size.files).toBe(3);
    rmSync(join(sb.home, ".claude"), { recursive: true });
    await discoverAgents(registry, sb.ctx(), { cache });
    expect(cache.size.files).toBe(2);
  });

  test("a file written in the same instant as the read is not trusted", async () => {
    const { registry, cache } = setup();
    // A fresh (not back-dated) file is racy: it is re-parsed until its mtime is safely older than the read.
    sb.write({ "project/.claude/agents/fresh.md": agentFile("fresh") }, { fresh: true });
    await discoverAgents(registry, sb.ctx(), { cache });
    const parses = cache.stats.parses;
    await discoverAgents(registry, sb.ctx(), { cache });
    expect(cache.stats.parses).toBe(parses + 1);
  });
});

describe("getAgent", () => {
  test("plugin agents are reachable by <plugin>:<name>, even when their bare name lost", async () => {
    const plugin = (name: string) => ({
      id: `${name}@market`,
      name,
      marketplace: "market",
      version: "1.0.0",
    });
    sb.write({
      "plugins/one/agents/code-reviewer.md": agentFile("code-reviewer", "one"),
      "plugins/two/agents/code-reviewer.md": agentFile("code-reviewer", "two"),
    });
    const plugins = defineProvider({
      id: "plugins",
      locate: () => [
        { dir: join(sb.root, "plugins/one/agents"), scope: "user", plugin: plugin("one") },
        { dir: join(sb.root, "plugins/two/agents"), scope: "user", plugin: plugin("two") },
      ],
    });
    const discovery = await discoverAgents(createRegistry([plugins]), sb.ctx());
    expect(getAgent(discovery, "code-reviewer")?.description).toBe("one");
    expect(getAgent(discovery, "one:code-reviewer")?.description).toBe("one");
    expect(getAgent(discovery, "two:code-reviewer")?.description).toBe("two");
    expect(getAgent(discovery.agents, "two:code-reviewer")).toBeUndefined();
    expect(getAgent(discovery, "three:code-reviewer")).toBeUndefined();
  });
});

describe("the merge is reused only while nothing changed", () => {
  test("a trust toggle through one cache changes the result", async () => {
    sb.write({
      "project/.claude/agents/rev.md": agentFile("rev", "project"),
      "home/.claude/agents/rev.md": agentFile("rev", "user"),
    });
    const registry = createRegistry([family("claude")]);
    const cache = new DiscoveryCache();
    expect(getAgent((await discoverAgents(registry, sb.ctx(), { cache })).agents, "rev")?.description).toBe(
      "project",
    );
    const untrusted = await discoverAgents(registry, sb.ctx({ trustProject: false }), { cache });
    expect(getAgent(untrusted.agents, "rev")?.description).toBe("user");
  });

  test("a same-size rewrite inside the racy window is seen", async () => {
    sb.write({ "project/.claude/agents/a.md": agentFile("a", "one") }, { fresh: true });
    const registry = createRegistry([family("claude")]);
    const cache = new DiscoveryCache();
    await discoverAgents(registry, sb.ctx(), { cache });
    const path = join(sb.project, ".claude/agents/a.md");
    const { mtime, atime } = statSync(path);
    writeFileSync(path, agentFile("a", "two"));
    utimesSync(path, atime, mtime);
    const next = await discoverAgents(registry, sb.ctx(), { cache });
    expect(getAgent(next.agents, "a")?.description).toBe("two");
  });

  test("callers get their own arrays", async () => {
    sb.write({ "project/.claude/agents/a.md": agentFile("a") });
    const registry = createRegistry([family("claude")]);
    const cache = new DiscoveryCache();
    const first = await discoverAgents(registry, sb.ctx(), { cache });
    first.agents.length = 0;
    expect((await discoverAgents(registry, sb.ctx(), { cache })).agents).toHaveLength(1);
  });
});

describe("discoverAgents with records: false (a listing)", () => {
  test("the same agents, shadowed and diagnostics in the same order, and no records", async () => {
    const dir = join(sb.project, ".claude", "agents");
    sb.write({
      "project/.claude/agents/big.md": `---\nname: big\ndescription: big\n---\n${"x".repeat(1024 * 1024)}`,
      "project/.claude/agents/x.md": null,
      "project/.claude/agents/ok.md": agentFile("ok", "ok", "maxTurns: lots\nthinking: deep"),
      "project/.claude/agents/nodesc.md": "---\nname: nodesc\n---\nbody\n",
      "project/.claude/agents/bad.md": "---\nname: [unclosed\n---\n",
      "project/.claude/agents/doc.md": "# Not an agent\n",
      "project/.claude/agents/u.md": Buffer.concat([
        Buffer.from("---\nname: u\ndescription: caf"),
        Buffer.from([0xe9]),
        Buffer.from("\n---\nbody"),
      ]),
      "home/.claude/agents/ok.md": agentFile("ok", "shadowed ok"),
      "home/.xcsh/agents/first.md": agentFile("first"),
    });
    symlinkSync(join(dir, "missing.md"), join(dir, "dangling.md"));
    // A provider with a problem of its own, and items after every file.
    const noisy = defineProvider({
      id: "noisy",
      locate: () => {
        throw new Error("cannot look");
      },
    });
    const registry = createRegistry([family("xcsh"), noisy, family("claude"), builtin("ok", "extra")]);
    const full = await discoverAgents(registry, sb.ctx());
    const listing = await discoverAgents(registry, sb.ctx(), { records: false });
    expect(listing.files).toEqual([]);
    expect(full.files.length).toBeGreaterThan(8);
    expect(listing.agents).toEqual(full.agents);
    expect(listing.shadowed).toEqual(full.shadowed);
    // Every kind of note, in the same order: the provider's, skips, parse and field warnings.
    expect(full.diagnostics.length).toBeGreaterThan(8);
    expect(listing.diagnostics).toEqual(full.diagnostics);
    // Frozen as the records' are (a file's own; the read's notes as they came).
    expect(listing.diagnostics.map((d) => Object.isFrozen(d))).toEqual(
      full.diagnostics.map((d) => Object.isFrozen(d)),
    );
    expect(listing.fingerprint).toBe(full.fingerprint);
  });

  test("with a cache, records are made: the kept merge serves every caller", async () => {
    sb.write({ "project/.claude/agents/a.md": agentFile("a") });
    const registry = createRegistry([family("claude")]);
    const cache = new DiscoveryCache();
    const first = await discoverAgents(registry, sb.ctx(), { cache, records: false });
    expect(first.files).toHaveLength(1);
    const second = await discoverAgents(registry, sb.ctx(), { cache });
    expect(second.files).toHaveLength(1);
  });
});
