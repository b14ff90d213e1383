// roster sync in process: real temporary trees, the app's registry and the real writers.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { discoverAgents, type FileSystem } from "@roster/core";
import { MAX_FILE_BYTES, nodeFileSystem } from "@roster/core/provider-kit";
import { agentFile, createSandbox, type Sandbox } from "@roster/testkit";
import { applySync, planSync, SYNC_MANIFEST, type SyncEntry } from "@roster/writers";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { familySetOf } from "./families.js";
import { createDefaultRegistry } from "./registry.js";
import { writersFor } from "./writers.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox("roster-sync-");
});
afterEach(() => sb.cleanup());

async function sync(
  to: string,
  options: { dryRun?: boolean; scope?: "project" | "user"; names?: Record<string, string> } = {},
) {
  const ctx = sb.ctx();
  const discovery = await discoverAgents(createDefaultRegistry(), ctx);
  const plan = planSync({
    ctx,
    discovery,
    writers: writersFor(to, familySetOf()),
    tools: familySetOf().tools,
    scope: options.scope ?? "project",
    ...(options.names ? { names: new Map(Object.entries(options.names)) } : {}),
  });
  if (options.dryRun) return plan;
  return { ...plan, entries: applySync(plan) };
}
const p = (rel: string) => join(sb.project, rel);
const summary = (entries: SyncEntry[]) =>
  entries
    .map(
      (e) =>
        `${e.tool} ${e.action} ${e.filePath ? e.filePath.replace(`${sb.project}/`, "").replace(`${sb.home}/`, "~/") : e.agent}`,
    )
    .sort();

const REVIEWER = agentFile("reviewer", "Reviews code: carefully", "tools: Read, Grep\nmodel: sonnet");
const PLANNER = agentFile("planner", "Plans work", "permissionMode: plan");

describe("roster sync", () => {
  test("writes every agent for each tool; a person's file of the same name is a conflict, untouched", async () => {
    const mine = 'name = "planner"\ndescription = "mine"\ndeveloper_instructions = "hand written"\n';
    sb.write({
      "project/.claude/agents/reviewer.md": REVIEWER,
      "project/.claude/agents/planner.md": PLANNER,
      "project/.codex/agents/planner.toml": mine,
    });
    const plan = await sync("codex,gemini");
    expect(summary(plan.entries)).toEqual([
      "codex conflict .codex/agents/planner.toml",
      "codex create .codex/agents/reviewer.toml",
      "gemini create .gemini/agents/planner.md",
      "gemini create .gemini/agents/reviewer.md",
    ]);
    expect(readFileSync(p(".codex/agents/planner.toml"), "utf8")).toBe(mine);
    expect(plan.entries.find((e) => e.action === "conflict")?.code).toBe("sync/conflict");
    // Codex and Gemini CLI skip a file with a key they do not know: the marker is the manifest beside the files.
    expect(readFileSync(p(".codex/agents/reviewer.toml"), "utf8")).not.toMatch(/generated-by/);
    expect(JSON.parse(readFileSync(p(`.codex/agents/${SYNC_MANIFEST}`), "utf8")).files).toEqual([
      "reviewer.toml",
    ]);
    expect(readFileSync(p(".gemini/agents/reviewer.md"), "utf8")).not.toMatch(/generated-by/);
    expect(JSON.parse(readFileSync(p(`.gemini/agents/${SYNC_MANIFEST}`), "utf8")).files).toEqual([
      "planner.md",
      "reviewer.md",
    ]);
  });

  test("a second sync leaves unchanged files alone and updates its own after an edit", async () => {
    sb.write({ "project/.claude/agents/reviewer.md": REVIEWER });
    await sync("codex,gemini");
    const again = await sync("codex,gemini");
    expect(again.entries.map((e) => e.action)).toEqual(["unchanged", "unchanged"]);
    sb.write(
      { "project/.claude/agents/reviewer.md": agentFile("reviewer", "Reviews code: now faster") },
      { fresh: true },
    );
    const edited = await sync("codex,gemini");
    expect(edited.entries.map((e) => e.action)).toEqual(["update", "update"]);
    expect(readFileSync(p(".codex/agents/reviewer.toml"), "utf8")).toMatch(/now faster/);
    expect(readFileSync(p(".gemini/agents/reviewer.md"), "utf8")).toMatch(/now faster/);
  });

  test("a removed agent's files go, but only those roster wrote", async () => {
    sb.write({
      "project/.claude/agents/reviewer.md": REVIEWER,
      "project/.claude/agents/planner.md": PLANNER,
    });
    await sync("codex,gemini,claude,opencode,copilot,cursor,xcsh");
    // A person's files for an agent roster never wrote: same folders, no marker.
    const handCodex = agentFile("other", "x");
    sb.write({
      "project/.gemini/agents/other.md": handCodex,
      "project/.codex/agents/other.toml": 'name = "other"\ndescription = "x"\ndeveloper_instructions = "y"\n',
    });
    rmSync(p(".claude/agents/planner.md"));
    const plan = await sync("codex,gemini,opencode,copilot,cursor,xcsh");
    expect(summary(plan.entries.filter((e) => e.action === "remove"))).toEqual([
      "codex remove .codex/agents/planner.toml",
      "copilot remove .github/agents/planner.agent.md",
      "cursor remove .cursor/agents/planner.md",
      "gemini remove .gemini/agents/planner.md",
      "opencode remove .opencode/agents/planner.md",
      "xcsh remove .xcsh/agents/planner.md",
    ]);
    for (const gone of [
      ".codex/agents/planner.toml",
      ".gemini/agents/planner.md",
      ".xcsh/agents/planner.md",
    ]) {
      expect(existsSync(p(gone)), gone).toBe(false);
    }
    expect(existsSync(p(".gemini/agents/other.md"))).toBe(true);
    expect(existsSync(p(".codex/agents/other.toml"))).toBe(true);
    expect(JSON.parse(readFileSync(p(`.gemini/agents/${SYNC_MANIFEST}`), "utf8")).files).toEqual([
      "reviewer.md",
    ]);
  });

  test("files a sync wrote are not synced again as agents of their own, and a tool's own agents stay", async () => {
    sb.write({ "project/.claude/agents/reviewer.md": REVIEWER });
    await sync("codex");
    rmSync(p(".claude/agents/reviewer.md"));
    // The generated Codex file now wins in the merge, but it is roster's: it is not a source.
    const plan = await sync("gemini,claude");
    expect(plan.entries).toEqual([]);
    const own = await sync("codex");
    expect(summary(own.entries)).toEqual(["codex remove .codex/agents/reviewer.toml"]);
  });

  test("--dry-run writes nothing", async () => {
    sb.write({ "project/.claude/agents/reviewer.md": REVIEWER });
    const plan = await sync("codex", { dryRun: true });
    expect(plan.entries.map((e) => e.action)).toEqual(["create"]);
    expect(existsSync(p(".codex/agents/reviewer.toml"))).toBe(false);
  });

  test("a symbolic link in the way is a conflict, never written through", async () => {
    sb.write({
      "project/.claude/agents/reviewer.md": REVIEWER,
      "outside.toml": 'generated-by = "roster"\n',
      "project/.codex/agents/reviewer.toml": { symlink: join(sb.root, "outside.toml") },
    });
    const plan = await sync("codex");
    expect(plan.entries.map((e) => e.action)).toEqual(["conflict"]);
    expect(readFileSync(join(sb.root, "outside.toml"), "utf8")).toBe('generated-by = "roster"\n');
  });

  test("a file in the way is read bounded: one over the agent-file limit, or a FIFO, is a person's", async () => {
    // Marked as roster's, but bigger than any file roster writes or discovery reads.
    const big = `generated-by = "roster"\nname = "reviewer"\n# ${"x".repeat(MAX_FILE_BYTES)}\n`;
    sb.write({
      "project/.claude/agents/reviewer.md": REVIEWER,
      "project/.claude/agents/planner.md": PLANNER,
      "project/.codex/agents/reviewer.toml": big,
    });
    const fifo = spawnSync("mkfifo", [p(".codex/agents/planner.toml")]);
    const plan = await sync("codex");
    expect(summary(plan.entries)).toEqual([
      `codex ${fifo.status === 0 ? "conflict" : "create"} .codex/agents/planner.toml`,
      "codex conflict .codex/agents/reviewer.toml",
    ]);
    expect(readFileSync(p(".codex/agents/reviewer.toml"), "utf8")).toBe(big);
  });

  test("every read of a file in the way names a bound no larger than an agent file's", async () => {
    sb.write({
      "project/.claude/agents/reviewer.md": REVIEWER,
      "project/.codex/agents/reviewer.toml": 'generated-by = "roster"\n',
      "project/.gemini/agents/reviewer.md": "mine\n",
    });
    const bounds: Array<number | undefined> = [];
    const ctx = sb.ctx();
    const discovery = await discoverAgents(createDefaultRegistry(), ctx);
    const fs: FileSystem = {
      ...nodeFileSystem,
      readFile: (path, max) => {
        bounds.push(max);
        return nodeFileSystem.readFile(path, max);
      },
    };
    planSync({
      ctx: { ...ctx, fs },
      discovery,
      writers: writersFor("codex,gemini", familySetOf()),
      tools: familySetOf().tools,
      scope: "project",
    });
    expect(bounds.length).toBeGreaterThan(0);
    expect(bounds.filter((max) => max === undefined || max > MAX_FILE_BYTES)).toEqual([]);
  });

  test("a second sync reads a tool folder's manifest once, each file in the way once, and looks at each path once", async () => {
    const agents = Object.fromEntries(
      Array.from({ length: 30 }, (_, i) => [
        `project/.claude/agents/a${i}.md`,
        agentFile(`a${i}`, `agent ${i}`),
      ]),
    );
    sb.write(agents);
    await sync("gemini,codex");
    const reads = new Map<string, number>();
    const looks = new Map<string, number>();
    const ctx = sb.ctx();
    const discovery = await discoverAgents(createDefaultRegistry(), ctx);
    const fs: FileSystem = {
      ...nodeFileSystem,
      readFile: (path, max) => {
        reads.set(path, (reads.get(path) ?? 0) + 1);
        return nodeFileSystem.readFile(path, max);
      },
      lstat: (path) => {
        looks.set(path, (looks.get(path) ?? 0) + 1);
        return nodeFileSystem.lstat(path);
      },
    };
    const again = planSync({
      ctx: { ...ctx, fs },
      discovery,
      writers: writersFor("gemini,codex", familySetOf()),
      tools: familySetOf().tools,
      scope: "project",
    });
    expect(new Set(again.entries.map((e) => e.action))).toEqual(new Set(["unchanged"]));
    expect(again.entries).toHaveLength(60);
    expect(reads.get(p(`.gemini/agents/${SYNC_MANIFEST}`))).toBe(1);
    expect(reads.get(p(`.codex/agents/${SYNC_MANIFEST}`))).toBe(1);
    expect(reads.get(p(".gemini/agents/a7.md"))).toBe(1);
    expect([...reads.values()].every((n) => n === 1)).toBe(true);
    // The folders on the way to 60 files, and each file, are looked at once.
    expect(looks.get(p(".gemini/agents"))).toBe(1);
    expect(looks.get(p(".codex/agents/a7.toml"))).toBe(1);
    expect([...looks.values()].every((n) => n === 1)).toBe(true);
  });

  test("a manifest naming paths outside its folder, or a linked tool folder: nothing removed or written there", async () => {
    sb.write({
      "victim.md": "keep me",
      "project/.claude/agents/reviewer.md": REVIEWER,
      [`project/.gemini/agents/${SYNC_MANIFEST}`]: JSON.stringify({
        files: ["../../../victim.md", "/etc/passwd"],
      }),
      "elsewhere/agents/old.toml": 'generated-by = "roster"\nname = "old"\n',
      "project/.codex": { symlink: join(sb.root, "elsewhere") },
    });
    const plan = await sync("gemini,codex");
    expect(summary(plan.entries)).toEqual([
      "codex conflict .codex",
      "gemini create .gemini/agents/reviewer.md",
    ]);
    expect(readFileSync(join(sb.root, "victim.md"), "utf8")).toBe("keep me");
    expect(existsSync(join(sb.root, "elsewhere/agents/old.toml"))).toBe(true);
    expect(existsSync(join(sb.root, "elsewhere/agents/reviewer.toml"))).toBe(false);
  });

  test("two plugins with one agent name: the second is written under its scoped id, and reported", async () => {
    const plugin = (name: string) => ({
      [`plugins/${name}/.claude-plugin/plugin.json`]: JSON.stringify({ name, version: "1.0.0" }),
      [`plugins/${name}/agents/reviewer.md`]: agentFile("reviewer", `${name}'s reviewer`),
    });
    const entry = (name: string) => [
      { scope: "user", installPath: join(sb.root, "plugins", name), version: "1.0.0" },
    ];
    sb.write({
      ...plugin("alpha"),
      ...plugin("beta"),
      "home/.claude/plugins/installed_plugins.json": JSON.stringify({
        version: 2,
        plugins: { "alpha@m": entry("alpha"), "beta@m": entry("beta") },
      }),
    });
    // Plugins installed for the user are user agents: a user sync writes them (a project one never).
    expect((await sync("codex", { dryRun: true })).entries).toEqual([]);
    const plan = await sync("codex", { scope: "user" });
    expect(summary(plan.entries)).toEqual([
      "codex create ~/.codex/agents/beta-reviewer.toml",
      "codex create ~/.codex/agents/reviewer.toml",
    ]);
    const renamed = plan.entries.find((e) => e.code === "sync/renamed");
    expect(renamed).toMatchObject({ agent: "beta:reviewer", writtenAs: "beta-reviewer" });
    expect(readFileSync(join(sb.home, ".codex/agents/beta-reviewer.toml"), "utf8")).toMatch(
      /beta's reviewer/,
    );
  });

  test("a name the tool refuses is written as its slug, reported, and kept in the manifest", async () => {
    sb.write({ "project/.claude/agents/CSharpExpert.md": agentFile("CSharpExpert", "C# help") });
    const plan = await sync("gemini");
    expect(summary(plan.entries)).toEqual(["gemini create .gemini/agents/csharp-expert.md"]);
    expect(plan.entries[0]).toMatchObject({
      agent: "CSharpExpert",
      writtenAs: "csharp-expert",
      code: "sync/renamed",
      message: expect.stringMatching(
        /Gemini CLI does not accept the name "CSharpExpert".*written as csharp-expert/,
      ),
    });
    const manifest = JSON.parse(readFileSync(p(`.gemini/agents/${SYNC_MANIFEST}`), "utf8"));
    expect(manifest).toEqual({
      generatedBy: "roster",
      files: ["csharp-expert.md"],
      renamed: { "csharp-expert.md": "CSharpExpert" },
    });
    // The copy stands under its source: no agent csharp-expert appears in the merged view.
    const d = await discoverAgents(createDefaultRegistry(), sb.ctx());
    expect(d.agents.map((a) => a.name)).toEqual(expect.not.arrayContaining(["csharp-expert"]));
    expect(d.copies.map((c) => c.agent.name)).toEqual(["csharp-expert"]);
    expect(summary((await sync("gemini")).entries)).toEqual([
      "gemini unchanged .gemini/agents/csharp-expert.md",
    ]);
  });

  test("names asked for are kept: a later sync without them updates the same file", async () => {
    sb.write({ "project/.claude/agents/reviewer.md": REVIEWER });
    const first = await sync("codex,xcsh", { names: { reviewer: "code-reviewer" } });
    expect(summary(first.entries)).toEqual([
      "codex create .codex/agents/code-reviewer.toml",
      "xcsh create .xcsh/agents/code-reviewer.md",
    ]);
    expect(first.entries.every((e) => e.code === "sync/renamed" && e.writtenAs === "code-reviewer")).toBe(
      true,
    );
    // A key-marked format keeps its renames in a manifest too (the file has its key as well).
    for (const file of [".codex/agents/code-reviewer.toml", ".xcsh/agents/code-reviewer.md"]) {
      const [dir, name] = [file.slice(0, file.lastIndexOf("/")), file.slice(file.lastIndexOf("/") + 1)];
      expect(JSON.parse(readFileSync(p(`${dir}/${SYNC_MANIFEST}`), "utf8")).renamed).toEqual({
        [name]: "reviewer",
      });
    }
    // Changed source, no --name: the same files are updated; nothing under the agent's own name.
    sb.write({ "project/.claude/agents/reviewer.md": REVIEWER.replace("carefully", "closely") });
    const later = await sync("codex,xcsh");
    expect(summary(later.entries)).toEqual([
      "codex update .codex/agents/code-reviewer.toml",
      "xcsh update .xcsh/agents/code-reviewer.md",
    ]);
    // Asked back to its own name: the renamed file goes, and the key-marked folder's manifest with it.
    const back = await sync("codex,xcsh", { names: { reviewer: "reviewer" } });
    expect(summary(back.entries)).toEqual([
      "codex create .codex/agents/reviewer.toml",
      "codex remove .codex/agents/code-reviewer.toml",
      "xcsh create .xcsh/agents/reviewer.md",
      "xcsh remove .xcsh/agents/code-reviewer.md",
    ]);
    expect(JSON.parse(readFileSync(p(`.codex/agents/${SYNC_MANIFEST}`), "utf8"))).toEqual({
      generatedBy: "roster",
      files: ["reviewer.toml"],
    });
    expect(existsSync(p(`.xcsh/agents/${SYNC_MANIFEST}`))).toBe(false);
  });

  test("a slug never takes the file of an agent of that very name", async () => {
    sb.write({
      "project/.claude/agents/CSharpExpert.md": agentFile("CSharpExpert", "renamed"),
      "project/.claude/agents/csharp-expert.md": agentFile("csharp-expert", "its own"),
    });
    const plan = await sync("gemini");
    expect(plan.entries.map((e) => [e.agent, e.action, e.code])).toEqual([
      ["csharp-expert", "create", undefined],
      ["CSharpExpert", "skip", "sync/duplicate-path"],
    ]);
  });

  test("a linked .roster-sync.json is a conflict: never overwritten, nothing written beside it", async () => {
    sb.write({
      "project/.claude/agents/reviewer.md": REVIEWER,
      bashrc: "export KEEP=1\n",
      [`project/.gemini/agents/${SYNC_MANIFEST}`]: { symlink: join(sb.root, "bashrc") },
    });
    const plan = await sync("gemini,codex");
    expect(summary(plan.entries)).toEqual([
      "codex create .codex/agents/reviewer.toml",
      `gemini conflict .gemini/agents/${SYNC_MANIFEST}`,
    ]);
    expect(readFileSync(join(sb.root, "bashrc"), "utf8")).toBe("export KEEP=1\n");
    expect(existsSync(p(".gemini/agents/reviewer.md"))).toBe(false);
  });

  test("a linked sub-folder on an agent's path (x/NAME) is a conflict for that file alone", async () => {
    sb.write({
      "project/.claude/agents/reviewer.md": REVIEWER,
      "project/.claude/agents/x/evil.md": agentFile("x/evil", "Nested"),
      "outside/keep.txt": "keep\n",
      "project/.opencode/agents/x": { symlink: join(sb.root, "outside") },
    });
    const plan = await sync("opencode");
    expect(summary(plan.entries)).toEqual([
      "opencode conflict .opencode/agents/x/evil.md",
      "opencode create .opencode/agents/reviewer.md",
    ]);
    expect(plan.entries.find((e) => e.action === "conflict")?.message).toMatch(
      /\.opencode\/agents\/x is a symbolic link/,
    );
    expect(readdirSync(join(sb.root, "outside"))).toEqual(["keep.txt"]);
    expect(existsSync(p(".opencode/agents/reviewer.md"))).toBe(true);
  });

  test("a name too long for a file system is skipped while planning; every other file is written and kept as roster's", async () => {
    const long = `a${"b".repeat(260)}`;
    sb.write({
      "project/.claude/agents/reviewer.md": REVIEWER,
      "project/.claude/agents/long.md": agentFile(long, "Too long"),
      "project/.claude/agents/planner.md": PLANNER,
    });
    const plan = await sync("gemini");
    expect(plan.entries.map((e) => [e.agent?.slice(0, 8), e.action, e.code])).toEqual([
      ["abbbbbbb", "skip", "export/unsafe-name"],
      ["planner", "create", undefined],
      ["reviewer", "create", undefined],
    ]);
    expect(JSON.parse(readFileSync(p(`.gemini/agents/${SYNC_MANIFEST}`), "utf8")).files).toEqual([
      "planner.md",
      "reviewer.md",
    ]);
    // The next sync knows them: unchanged, never conflicts.
    const again = await sync("gemini");
    expect(again.entries.filter((e) => e.action !== "skip").map((e) => e.action)).toEqual([
      "unchanged",
      "unchanged",
    ]);
  });

  test("a write that fails while applying fails that entry alone; the manifest lists exactly what was written", async () => {
    sb.write({
      "project/.claude/agents/reviewer.md": REVIEWER,
      "project/.claude/agents/planner.md": PLANNER,
    });
    const ctx = sb.ctx();
    const discovery = await discoverAgents(createDefaultRegistry(), ctx);
    const plan = planSync({
      ctx,
      discovery,
      writers: writersFor("gemini", familySetOf()),
      tools: familySetOf().tools,
      scope: "project",
    });
    // Something takes planner.md's place between planning and writing.
    mkdirSync(p(".gemini/agents/planner.md"), { recursive: true });
    const done = applySync(plan);
    expect(done.map((e) => [e.agent, e.action, e.code])).toEqual([
      ["planner", "failed", "sync/unwritable"],
      ["reviewer", "create", undefined],
    ]);
    expect(done[0]?.message).toMatch(/not a regular file/);
    expect(readFileSync(p(".gemini/agents/reviewer.md"), "utf8")).toMatch(/Reviews code/);
    expect(JSON.parse(readFileSync(p(`.gemini/agents/${SYNC_MANIFEST}`), "utf8")).files).toEqual([
      "reviewer.md",
    ]);
    // No temporary file is left behind.
    expect(readdirSync(p(".gemini/agents")).filter((n) => n.endsWith(".tmp"))).toEqual([]);
  });
});
