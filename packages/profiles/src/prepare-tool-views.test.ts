// The tool views that take a discovery's reads (prepareToolViews) against the views that read
// for themselves (viewAsTool): over generated worlds, every view must be the same, file by
// file and agent by agent, while no file the discovery read is read a second time.
import { mkdirSync, rmSync, symlinkSync } from "node:fs";
import { dirname, join } from "node:path";
import {
  createRegistry,
  type DiscoveryContext,
  defineProvider,
  discoverAgents,
  type FileSystem,
  readListedFile,
} from "@roster/core";
import { nodeFileSystem } from "@roster/core/provider-kit";
import { defineToolProfile, type ToolProfile } from "@roster/family";
import { agentFile, createSandbox, heapAfterGc, type Sandbox } from "@roster/testkit";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { flatProfile } from "../test/flat-profile.js";
import { prepareToolViews } from "./prepare-tool-views.js";
import { parseMarkdownForTool, viewAsTool } from "./view-as-tool.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox("roster-shared-views-");
});
afterEach(() => sb.cleanup());

const PLUGIN = { id: "p@m", name: "p", marketplace: "m", version: "1" };

/** A flat tool: `name` identity, files override its built-in. */
const flat = flatProfile("flat", "Flat", ".a/agents");

/** A strict, recursive tool with a gate: stem identity, no symlinks, `_` skipped, built-ins win. */
const strict: ToolProfile = defineToolProfile({
  tool: "strict",
  displayName: "Strict",
  checkedAgainst: "strict 1",
  places: (ctx) => [
    { dir: join(ctx.cwd, ".a/agents"), scope: "project" },
    { dir: join(ctx.cwd, ".b/agents"), scope: "project" },
    { dir: join(ctx.home, ".b/agents"), scope: "user" },
  ],
  extensions: [".agent.md", ".md"],
  misplacedExtensions: [".txt"],
  recursive: true,
  entersHiddenFolders: true,
  followsSymlinks: false,
  skipPrefixes: ["_"],
  identity: "stem",
  folderSeparator: "--",
  // Reads `colour` where the others read `color` (a text of its own for the default parser).
  parse: (content, filePath) => parseMarkdownForTool(content.replace("color:", "colour:"), filePath),
  requiredKeys: ["description"],
  requiredMayBeSpaces: true,
  unknownKeys: "reject",
  knownKeys: ["name", "description", "tools", "color"],
  nameProblem: (name) => (name.includes(" ") ? "has a space" : undefined),
  builtins: ["a"],
  filesOverrideBuiltins: false,
  projectNeedsTrust: true,
  projectGate: (ctx) => ({
    ...(ctx.env.GATE === "closed"
      ? { folder: { code: "tool/untrusted" as const, message: "Strict: this folder is not trusted" } }
      : {}),
    file: ({ id, content }) =>
      content.includes("unacked")
        ? { code: "tool/unacknowledged" as const, message: `Strict: "${id}" is not acknowledged` }
        : undefined,
  }),
});

/**
 * A merging tool whose parser rebuilds the text before the default parser reads it (as
 * Claude Code's does), with a config file's entries, unordered places and a refusal.
 */
const merging: ToolProfile = defineToolProfile({
  tool: "merging",
  displayName: "Merging",
  checkedAgainst: "merging 1",
  places: (ctx) => [
    { dir: join(ctx.cwd, ".a/agents"), scope: "project", unordered: "p" },
    { dir: join(ctx.cwd, ".b/agents"), scope: "project", unordered: "p" },
    { dir: join(ctx.home, ".a/agents"), scope: "user" },
    {
      dir: join(ctx.home, "config.json"),
      scope: "user",
      entries: [
        { filePath: `${join(ctx.home, "config.json")}#agent.a`, relativePath: "a", fields: { body: "hi" } },
        {
          filePath: `${join(ctx.home, "config.json")}#agent.cfg`,
          relativePath: "cfg",
          fields: { description: "from the config", body: "" },
        },
      ],
    },
  ],
  extensions: [".md"],
  recursive: true,
  entersHiddenFolders: true,
  followsSymlinks: true,
  sameId: "deep-merge",
  identity: "name-or-path",
  mayRefuseAll: true,
  parse: (content, filePath) => {
    const rebuilt = content.startsWith("---\n") ? `---\n${content.slice(4)}` : content;
    const first = parseMarkdownForTool(rebuilt, filePath);
    return first.ok || first.code === "tool/no-frontmatter"
      ? first
      : { ok: true, keys: [], fields: { body: content } };
  },
  requiredKeys: [],
  unknownKeys: "ignore",
  knownKeys: ["name", "description", "bad", "disable"],
  checkFields: (fields) =>
    fields.bad === true
      ? { code: "tool/bad-field", field: "bad", refusesAll: true, message: "refuses everything: `bad`" }
      : fields.disable === true
        ? { code: "tool/disabled", field: "disable", message: "leaves it out" }
        : undefined,
  builtins: ["build"],
  filesOverrideBuiltins: true,
  promptOf: (body) => body,
});

/** A tool that reads a plugin's places through the registry (borrowed), `only` honoured. */
const borrowing: ToolProfile = defineToolProfile({
  tool: "borrowing",
  displayName: "Borrowing",
  checkedAgainst: "borrowing 1",
  places: (ctx) => [{ dir: join(ctx.home, ".a/agents"), scope: "user" }],
  borrows: [{ provider: "plugins", scope: "plugin" }],
  extensions: [".md"],
  recursive: true,
  followsSymlinks: true,
  identity: "name",
  requiredKeys: ["name", "description"],
  pluginRequiredKeys: [],
  pluginIgnoredKeys: ["hooks"],
  unknownKeys: "ignore",
  knownKeys: ["name", "description", "hooks"],
  builtins: [],
  filesOverrideBuiltins: true,
});

const PROFILES = [flat, strict, merging, borrowing];

/** The discovery's providers: they read `.a/agents` and the plugin, never `.b/agents` (the views read those alone). */
function registryFor() {
  return createRegistry([
    defineProvider({
      id: "demo",
      locate: (ctx) => [
        { dir: join(ctx.cwd, ".a/agents"), scope: "project", recursive: true },
        { dir: join(ctx.home, ".a/agents"), scope: "user" },
      ],
    }),
    defineProvider({
      id: "plugins",
      locate: (ctx) => [
        { dir: join(ctx.home, "plug/agents"), scope: "user", plugin: PLUGIN, recursive: true },
        { dir: join(ctx.home, "plug/extra"), scope: "user", plugin: PLUGIN, only: ["two.md", "gone.md"] },
      ],
    }),
  ]);
}

const FOLDERS = [
  "project/.a/agents",
  "project/.a/agents/sub",
  "project/.a/agents/.hidden",
  "project/.b/agents",
  "home/.a/agents",
  "home/.b/agents",
  "home/plug/agents",
  "home/plug/extra",
];
const FILE_NAMES = ["a.md", "b.md", "_c.md", "helper.md", "d.txt", "e.agent.md", "two.md", "x y.md"];
const NAMES = ["a", "b", "helper", "build", "x y", "cfg"];

type Content =
  | { kind: "agent"; name: string; description: string | null; extra: string; crlf: boolean; bom: boolean }
  | { kind: "raw"; text: string }
  | { kind: "big" }
  | { kind: "latin1" };

const content: fc.Arbitrary<Content> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant("agent" as const),
      name: fc.constantFrom(...NAMES),
      description: fc.constantFrom<string | null>(
        "d",
        "   ",
        "",
        null,
        "a longer description of this agent",
        "unacked",
      ),
      extra: fc.constantFrom("", "tools: [Read]", "color: blue", "hooks: {}", "bad: true", "disable: true"),
      crlf: fc.boolean(),
      bom: fc.boolean(),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("raw" as const),
      text: fc.constantFrom(
        "just notes\n",
        "---\nname: [unclosed\n---\nbody\n",
        "---\nname: a\n",
        "---\n---\n",
        "---\nname: a\ndescription: unacked\n---\nbody\n",
        "---\ndescription: no name\n---\n",
        "---  \nname: b\ndescription: fence with spaces\n---\n",
        "---\nname: b\ndescription: d\n---body on the fence line\n",
        "",
      ),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: "big" as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: "latin1" as const }) },
);

function textOf(c: Content): string | Buffer {
  if (c.kind === "raw") return c.text;
  if (c.kind === "big") return agentFile("big", "over the bound", "", "x".repeat(1024 * 1024));
  // Bytes that are not UTF-8: decoded with replacement characters, alike everywhere.
  if (c.kind === "latin1") return Buffer.from("---\nname: caf\xe9\ndescription: d\n---\nbody\n", "latin1");
  const lines = [
    "---",
    `name: ${c.name}`,
    ...(c.description === null ? [] : [`description: ${c.description}`]),
    ...(c.extra ? [c.extra] : []),
    "---",
    `You are ${c.name}.`,
    "",
  ];
  const text = lines.join(c.crlf ? "\r\n" : "\n");
  return c.bom ? `\uFEFF${text}` : text;
}

interface World {
  files: Array<{ folder: string; name: string; content: Content; link: number | null; denied: boolean }>;
  trustProject: boolean;
  gate: "open" | "closed";
  /** Whether the layer below has core's one-open read (node:fs has; a test layer may not). */
  readListed: boolean;
  focus: null | { ids: string[]; files: number[] };
}

const world: fc.Arbitrary<World> = fc.record({
  files: fc.array(
    fc.record({
      folder: fc.constantFrom(...FOLDERS),
      name: fc.constantFrom(...FILE_NAMES),
      content,
      // A symlink to the file generated at this index (itself: a loop), or a file.
      link: fc.oneof(
        { weight: 7, arbitrary: fc.constant(null) },
        { weight: 1, arbitrary: fc.nat({ max: 13 }) },
      ),
      denied: fc.constantFrom(false, false, false, false, false, false, false, true),
    }),
    { minLength: 2, maxLength: 14 },
  ),
  trustProject: fc.boolean(),
  gate: fc.constantFrom("open", "closed"),
  readListed: fc.boolean(),
  focus: fc.oneof(
    { weight: 1, arbitrary: fc.constant(null) },
    {
      weight: 1,
      arbitrary: fc.record({
        ids: fc.subarray(["a", "b", "helper", "cfg", "sub--a", "p:a", "nothing"]),
        files: fc.subarray([0, 1, 2, 3, 4, 5]),
      }),
    },
  ),
});

/** node:fs (with or without its one-open read) that refuses to read `denied` and counts each read that succeeded, by path. */
function countingFileSystem(denied: ReadonlySet<string>, listed: boolean) {
  const reads = new Map<string, number>();
  const count = (path: string) => reads.set(path, (reads.get(path) ?? 0) + 1);
  const refuse = (path: string) => {
    if (!denied.has(path)) return;
    const error = new Error(`EACCES: permission denied, open '${path}'`) as NodeJS.ErrnoException;
    error.code = "EACCES";
    throw error;
  };
  const fs: FileSystem = {
    ...nodeFileSystem,
    readFile: (path, maxBytes, stats, scratch) => {
      refuse(path);
      const bytes = nodeFileSystem.readFile(path, maxBytes, stats, scratch);
      count(path);
      return bytes;
    },
  };
  if (listed) {
    fs.readListed = (path, maxBytes, scratch) => {
      refuse(path);
      const read = readListedFile(path, maxBytes, scratch);
      count(path);
      return read;
    };
  }
  return { fs, reads };
}

function build(w: World): { ctx: DiscoveryContext; paths: string[] } {
  rmSync(sb.project, { recursive: true, force: true });
  rmSync(sb.home, { recursive: true, force: true });
  mkdirSync(sb.project, { recursive: true });
  mkdirSync(sb.home, { recursive: true });
  sb.write({ "home/config.json": "{}" });
  const paths = w.files.map((f) => join(sb.root, f.folder, f.name));
  const denied = new Set<string>();
  w.files.forEach((f, i) => {
    const path = paths[i]!;
    mkdirSync(dirname(path), { recursive: true });
    rmSync(path, { force: true });
    if (f.link !== null && f.link < paths.length) symlinkSync(paths[f.link]!, path);
    else sb.write({ [join(f.folder, f.name)]: textOf(f.content) });
    if (f.denied) denied.add(path);
  });
  const { fs } = countingFileSystem(denied, w.readListed);
  const ctx: DiscoveryContext = {
    ...sb.ctx({ env: { GATE: w.gate }, trustProject: w.trustProject }),
    fs,
  };
  return { ctx, paths };
}

describe("prepareToolViews", () => {
  test("every view is the one viewAsTool gives, over generated worlds (unreadable, oversized, symlinked files, trust, gates, focus)", async () => {
    await fc.assert(
      fc.asyncProperty(world, async (w) => {
        const { ctx, paths } = build(w);
        const registry = registryFor();
        const focus = w.focus
          ? {
              ids: new Set(w.focus.ids),
              files: new Set(w.focus.files.flatMap((i) => (paths[i] ? [paths[i]] : []))),
            }
          : undefined;
        const views = await prepareToolViews(PROFILES, ctx, { registry });
        await discoverAgents(registry, views.ctx, { bodies: "on-demand" });
        const shared = [];
        for (const profile of PROFILES) shared.push(await views.view(profile, focus ? { focus } : {}));
        const alone = [];
        for (const profile of PROFILES)
          alone.push(
            await viewAsTool(profile, ctx, { registry, ...(focus ? { focus } : {}), prompts: false }),
          );
        expect(shared).toEqual(alone);
        if (!focus) return;
        // And a focused view is the whole view, cut to what is about its ids and files.
        const about = (f: { id?: string; filePath?: string }) =>
          (f.filePath !== undefined && focus.files.has(f.filePath)) ||
          (f.id !== undefined && focus.ids.has(f.id));
        for (const [i, profile] of PROFILES.entries()) {
          const whole = await viewAsTool(profile, ctx, { registry, prompts: false });
          expect(shared[i]!.files).toEqual(whole.files.filter(about));
          expect(shared[i]!.agents).toEqual(whole.agents.filter(about));
          expect(shared[i]!.refusedBy).toEqual(whole.refusedBy);
        }
      }),
      { numRuns: 120, seed: 3131 },
    );
  });

  test("a file the discovery read is not read again by any view; one it did not read is read by the views", async () => {
    sb.write({
      "project/.a/agents/a.md": agentFile("a"),
      "project/.a/agents/sub/deep.md": agentFile("deep"),
      "project/.b/agents/b.md": agentFile("b"),
      "home/.a/agents/a.md": agentFile("a", "user a"),
      "home/plug/agents/p.md": agentFile("p"),
      "home/config.json": "{}",
    });
    const { fs, reads } = countingFileSystem(new Set(), true);
    const ctx = { ...sb.ctx(), fs };
    const registry = registryFor();
    const views = await prepareToolViews(PROFILES, ctx, { registry });
    await discoverAgents(registry, views.ctx, { bodies: "on-demand" });
    const shared = [];
    for (const profile of PROFILES) shared.push(await views.view(profile));
    const at = (rel: string) => reads.get(join(sb.root, rel));
    // Read by the discovery, checked there for all four tools that read them.
    expect(at("project/.a/agents/a.md")).toBe(1);
    expect(at("project/.a/agents/sub/deep.md")).toBe(1);
    expect(at("home/.a/agents/a.md")).toBe(1);
    expect(at("home/plug/agents/p.md")).toBe(1);
    // No discovery reads `.b/agents`: the first of the two tools that do reads it for both.
    expect(at("project/.b/agents/b.md")).toBe(1);
    reads.clear();
    const alone = [];
    for (const profile of PROFILES) alone.push(await viewAsTool(profile, ctx, { registry, prompts: false }));
    expect(shared).toEqual(alone);
    expect(at("project/.a/agents/a.md")).toBe(3);
  });

  test("a view asked twice, or for a profile not prepared, reads for itself and answers the same", async () => {
    sb.write({ "project/.a/agents/a.md": agentFile("a"), "home/config.json": "{}" });
    const registry = registryFor();
    const views = await prepareToolViews([flat], sb.ctx(), { registry });
    await discoverAgents(registry, views.ctx);
    const first = await views.view(flat);
    expect(await views.view(flat)).toEqual(first);
    expect(await views.view(strict)).toEqual(
      await viewAsTool(strict, sb.ctx(), { registry, prompts: false }),
    );
    expect(first.agents.map((a) => a.id)).toEqual(["helper", "a"]);
  });

  test("the checks waiting for their view hold none of the files' text", async () => {
    // 30 files of 600 KB, each a two-byte text once decoded (the dash): 36 MB of text in all.
    const body = `${"Prompt text — ".repeat(43_000)}\n`;
    const description = "A description long enough to be a slice of the text it was cut from.";
    const files: Record<string, string> = {};
    for (let i = 0; i < 30; i++)
      files[`project/.a/agents/a${i}.md`] =
        `---\nname: a${i}\ndescription: ${description} ${i}\n---\n${body}`;
    // One the view rejects, its reason naming a key the file wrote.
    files["project/.a/agents/bad.md"] =
      `---\nname: bad\ndescription: ${description}\nan-unknown-key-of-some-length: 1\n---\n${body}`;
    sb.write(files);
    const registry = registryFor();
    const before = heapAfterGc();
    const views = await prepareToolViews([strict], sb.ctx(), { registry });
    const discovery = await discoverAgents(registry, views.ctx, { bodies: "on-demand" });
    const grew = heapAfterGc() - before;
    expect(discovery.agents).toHaveLength(31);
    expect(grew).toBeLessThan(4_000_000);
    const view = await views.view(strict);
    expect(view.agents.find((a) => a.id === "a29")?.description).toBe(`${description} 29`);
    expect(view.files.find((f) => f.relativePath === "bad.md")?.reason?.message).toContain(
      "an-unknown-key-of-some-length",
    );
  });

  test("a parser that throws throws in the view, as it does alone; the discovery is not disturbed", async () => {
    sb.write({ "project/.a/agents/a.md": agentFile("a", "THROW"), "project/.a/agents/b.md": agentFile("b") });
    const throwing: ToolProfile = {
      ...flat,
      parse: (text, filePath) => {
        if (text.includes("THROW")) throw new Error("parser broke");
        return parseMarkdownForTool(text, filePath);
      },
    };
    const registry = registryFor();
    const views = await prepareToolViews([throwing], sb.ctx(), { registry });
    const discovery = await discoverAgents(registry, views.ctx);
    expect(discovery.agents.map((a) => a.name)).toEqual(["a", "b"]);
    await expect(views.view(throwing)).rejects.toThrow("parser broke");
    await expect(viewAsTool(throwing, sb.ctx(), { registry })).rejects.toThrow("parser broke");
  });
});
