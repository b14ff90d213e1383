import { existsSync } from "node:fs";
import { join } from "node:path";
import { createRegistry, discoverAgents, readSources, type Source } from "@roster/core";
import { agentFile, CORPUS_DIR, createSandbox, type Sandbox } from "@roster/testkit";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { claudeConfigDir } from "./claude-paths.js";
import { claudeMarkdownFormat, claudeProvider } from "./claude-provider.js";

/** Every Claude location is recursive and reads Claude Code markdown. */
const claudeShape = { recursive: true, formats: [claudeMarkdownFormat] };

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox("roster-claude-");
});
afterEach(() => sb.cleanup());

const dirs = (locations: Array<{ dir: string; scope: string }>) => locations.map((l) => [l.scope, l.dir]);

describe("claudeProvider.locate", () => {
  test("agents: the nearest project .claude/agents, then ~/.claude/agents, both recursive", async () => {
    sb.write({ "project/.claude/agents": null });
    const locations = await claudeProvider.locate(sb.ctx(), "agents");
    expect(locations).toEqual([
      { dir: join(sb.project, ".claude/agents"), scope: "project", root: sb.project, ...claudeShape },
      { dir: join(sb.home, ".claude/agents"), scope: "user", ...claudeShape },
    ]);
  });

  test("commands: the nearest project .claude/commands, then ~/.claude/commands, both recursive", async () => {
    sb.write({ "project/.claude/commands": null });
    const locations = await claudeProvider.locate(sb.ctx(), "commands");
    expect(locations).toEqual([
      { dir: join(sb.project, ".claude/commands"), scope: "project", root: sb.project, ...claudeShape },
      { dir: join(sb.home, ".claude/commands"), scope: "user", ...claudeShape },
    ]);
  });

  test("without a project folder only the user folder is returned (even when it is missing)", async () => {
    expect(dirs(await claudeProvider.locate(sb.ctx(), "agents"))).toEqual([
      ["user", join(sb.home, ".claude/agents")],
    ]);
  });

  test("a .claude folder without the kind's sub-folder is not a project folder", async () => {
    sb.write({ "project/.claude/commands": null });
    expect(dirs(await claudeProvider.locate(sb.ctx(), "agents"))).toEqual([
      ["user", join(sb.home, ".claude/agents")],
    ]);
  });

  test("nearest only by default; every ancestor's folder with projectDirs: all", async () => {
    sb.write({ "project/.claude/agents": null, "project/app/.claude/agents": null, "project/app/src": null });
    const cwd = join(sb.project, "app/src");
    expect(dirs(await claudeProvider.locate(sb.ctx({ cwd }), "agents"))).toEqual([
      ["project", join(sb.project, "app/.claude/agents")],
      ["user", join(sb.home, ".claude/agents")],
    ]);
    expect(dirs(await claudeProvider.locate({ ...sb.ctx({ cwd }), projectDirs: "all" }, "agents"))).toEqual([
      ["project", join(sb.project, "app/.claude/agents")],
      ["project", join(sb.project, ".claude/agents")],
      ["user", join(sb.home, ".claude/agents")],
    ]);
  });

  test("CLAUDE_CONFIG_DIR replaces ~/.claude for agents and commands", async () => {
    const custom = join(sb.root, "claude-config");
    const ctx = sb.ctx({ env: { CLAUDE_CONFIG_DIR: custom } });
    expect(dirs(await claudeProvider.locate(ctx, "agents"))).toEqual([["user", join(custom, "agents")]]);
    expect(dirs(await claudeProvider.locate(ctx, "commands"))).toEqual([["user", join(custom, "commands")]]);
  });

  test("CLAUDE_CONFIG_DIR expands ~ with ctx.home; a blank value is ignored", () => {
    expect(claudeConfigDir(sb.ctx({ env: { CLAUDE_CONFIG_DIR: "~/alt" } }))).toBe(join(sb.home, "alt"));
    expect(claudeConfigDir(sb.ctx({ env: { CLAUDE_CONFIG_DIR: "  " } }))).toBe(join(sb.home, ".claude"));
    // Relative: from home, never from the cwd (a cloned repository).
    expect(claudeConfigDir(sb.ctx({ env: { CLAUDE_CONFIG_DIR: "alt" } }))).toBe(join(sb.home, "alt"));
  });

  test("cwd inside home: ~/.claude/agents is the user folder, never a project folder", async () => {
    sb.write({ "home/work/repo": null, "home/.claude/agents/helper.md": agentFile("helper") });
    const ctx = sb.ctx({ cwd: join(sb.home, "work/repo") });
    expect(dirs(await claudeProvider.locate(ctx, "agents"))).toEqual([
      ["user", join(sb.home, ".claude/agents")],
    ]);

    const result = await discoverAgents(createRegistry([claudeProvider]), ctx);
    expect(result.agents.map((a) => [a.name, a.source])).toEqual([["helper", "user"]]);
    expect(result.searched).toHaveLength(1);
    expect(result.shadowed).toEqual([]);
    expect(result.projectAgentsDir).toBeNull();
  });
});

describe("claude agents through discoverAgents", () => {
  test("recursive order by relative path in code units; dot-folders and symlinked folders are not entered", async () => {
    const dir = "project/.claude/agents";
    sb.write({
      [`${dir}/b/c.md`]: agentFile("b-c"),
      [`${dir}/b.md`]: agentFile("b"),
      [`${dir}/a.md`]: agentFile("a"),
      [`${dir}/B.md`]: agentFile("B"),
      [`${dir}/.hidden/secret.md`]: agentFile("secret"),
      "elsewhere/linked.md": agentFile("linked"),
      [`${dir}/link`]: { symlink: join(sb.root, "elsewhere") },
    });
    const result = await discoverAgents(createRegistry([claudeProvider]), sb.ctx());
    expect(result.agents.map((a) => a.name)).toEqual(["B", "a", "b", "b-c"]);
    const base = join(sb.project, ".claude/agents");
    expect(result.searched[0]!.files).toEqual(["B.md", "a.md", "b.md", "b/c.md"].map((f) => join(base, f)));
  });

  test("a sub-folder organises, it does not rename: b/c.md keeps its frontmatter name", async () => {
    sb.write({ "project/.claude/agents/review/security.md": agentFile("security-reviewer") });
    const { agents } = await discoverAgents(createRegistry([claudeProvider]), sb.ctx());
    expect(agents.map((a) => a.name)).toEqual(["security-reviewer"]);
  });

  test("tools `Read, Grep, Glob` arrive lower-cased", async () => {
    sb.write({ "project/.claude/agents/finder.md": agentFile("finder", "finds", "tools: Read, Grep, Glob") });
    const { agents } = await discoverAgents(createRegistry([claudeProvider]), sb.ctx());
    expect(agents[0]!.tools).toEqual(["read", "grep", "glob", "submit_result"]);
    expect(agents[0]!.provider).toBe("claude");
  });

  test("project beats user for the same name; the loser is listed as shadowed", async () => {
    sb.write({
      "project/.claude/agents/reviewer.md": agentFile("reviewer", "project reviewer"),
      "home/.claude/agents/reviewer.md": agentFile("reviewer", "user reviewer"),
      "home/.claude/agents/only-user.md": agentFile("only-user"),
    });
    const result = await discoverAgents(createRegistry([claudeProvider]), sb.ctx());
    expect(result.agents.map((a) => [a.name, a.source, a.description])).toEqual([
      ["reviewer", "project", "project reviewer"],
      ["only-user", "user", "only-user agent"],
    ]);
    expect(result.shadowed.map((s) => [s.agent.description, s.shadowedBy])).toEqual([
      ["user reviewer", join(sb.project, ".claude/agents/reviewer.md")],
    ]);
    expect(result.projectAgentsDir).toBe(join(sb.project, ".claude/agents"));
  });

  test("commands are read recursively, sub-folders kept in the relative path", async () => {
    sb.write({
      "project/.claude/commands/frontend/component.md": "---\ndescription: make one\n---\nBuild $ARGUMENTS\n",
      "project/.claude/commands/deploy.md": "Deploy $1\n",
    });
    const read = await readSources(createRegistry([claudeProvider]), sb.ctx(), { kind: "commands" });
    const files = read.sources.filter((s): s is Extract<Source, { kind: "file" }> => s.kind === "file");
    expect(files.map((f) => [f.relativePath, f.location.scope])).toEqual([
      ["deploy.md", "project"],
      ["frontend/component.md", "project"],
    ]);
    expect(files[1]!.parsed.frontmatter.description).toBe("make one");
  });
});

const corpusProject = join(CORPUS_DIR, "ArangoGutierrez-claude-toolkit");

describe.skipIf(!existsSync(join(corpusProject, ".claude/agents")))(
  "real Claude Code agents (shared corpus)",
  () => {
    test("every agent of a real .claude/agents folder loads as a project agent", async () => {
      const result = await discoverAgents(createRegistry([claudeProvider]), sb.ctx({ cwd: corpusProject }));
      expect(result.projectAgentsDir).toBe(join(corpusProject, ".claude/agents"));
      const files = result.searched[0]!.files;
      expect(files.length).toBeGreaterThan(0);
      expect(result.agents.length).toBe(files.length);
      expect(result.agents.every((a) => a.source === "project" && a.description.length > 0)).toBe(true);
    });
  },
);
