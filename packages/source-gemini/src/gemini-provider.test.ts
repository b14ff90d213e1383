import { join } from "node:path";
import { createRegistry, discoverAgents, readLocations } from "@roster/core";
import { agentFile, createSandbox, type Sandbox } from "@roster/testkit";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { geminiAgentFormat } from "./gemini-agent-format.js";
import { geminiCommandFormat } from "./gemini-command-format.js";
import { geminiProvider } from "./gemini-provider.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox("roster-gemini-");
});
afterEach(() => sb.cleanup());

const dirs = (locations: Array<{ dir: string; scope: string }>) => locations.map((l) => [l.scope, l.dir]);

const commandLocation = (dir: string, scope: "project" | "user") => ({
  dir,
  scope,
  formats: [geminiCommandFormat],
  recursive: true,
  commandNaming: "path",
  commandPlaceholders: ["braces"],
});

describe("geminiProvider.locate", () => {
  test("agents: nearest .gemini/agents, then ~/.gemini/agents (markdown)", async () => {
    sb.write({ "project/.gemini/agents": null });
    expect(await geminiProvider.locate(sb.ctx(), "agents")).toEqual([
      { dir: join(sb.project, ".gemini/agents"), scope: "project", formats: [geminiAgentFormat] },
      { dir: join(sb.home, ".gemini/agents"), scope: "user", formats: [geminiAgentFormat] },
    ]);
  });

  test("commands: nearest .gemini/commands, then ~/.gemini/commands (TOML, recursive, path names, {{args}})", async () => {
    sb.write({ "project/.gemini/commands": null });
    expect(await geminiProvider.locate(sb.ctx(), "commands")).toEqual([
      commandLocation(join(sb.project, ".gemini/commands"), "project"),
      commandLocation(join(sb.home, ".gemini/commands"), "user"),
    ]);
  });

  test("nearest only by default; every ancestor's folder with projectDirs: all", async () => {
    sb.write({
      "project/.gemini/commands": null,
      "project/web/.gemini/commands": null,
      "project/web/src": null,
    });
    const cwd = join(sb.project, "web/src");
    expect(dirs(await geminiProvider.locate(sb.ctx({ cwd }), "commands"))).toEqual([
      ["project", join(sb.project, "web/.gemini/commands")],
      ["user", join(sb.home, ".gemini/commands")],
    ]);
    expect(dirs(await geminiProvider.locate({ ...sb.ctx({ cwd }), projectDirs: "all" }, "commands"))).toEqual(
      [
        ["project", join(sb.project, "web/.gemini/commands")],
        ["project", join(sb.project, ".gemini/commands")],
        ["user", join(sb.home, ".gemini/commands")],
      ],
    );
  });

  test("the user folder follows ctx.home only; no env override applies", async () => {
    const ctx = sb.ctx({ env: { CLAUDE_CONFIG_DIR: "/x", CODEX_HOME: "/y", PI_CODING_AGENT_DIR: "/z" } });
    expect(dirs(await geminiProvider.locate(ctx, "agents"))).toEqual([
      ["user", join(sb.home, ".gemini/agents")],
    ]);
  });

  test("cwd inside home: ~/.gemini/commands is read once, as user", async () => {
    sb.write({ "home/.gemini/commands": null, "home/code": null });
    const ctx = sb.ctx({ cwd: join(sb.home, "code") });
    expect(dirs(await geminiProvider.locate(ctx, "commands"))).toEqual([
      ["user", join(sb.home, ".gemini/commands")],
    ]);
  });
});

describe("gemini through discovery", () => {
  test("markdown agents: project beats user; Gemini tool names map to roster's", async () => {
    sb.write({
      "project/.gemini/agents/investigator.md": agentFile(
        "investigator",
        "project",
        "tools:\n  - read_file\n  - grep",
      ),
      "home/.gemini/agents/investigator.md": agentFile("investigator", "user"),
    });
    const result = await discoverAgents(createRegistry([geminiProvider]), sb.ctx());
    expect(result.agents.map((a) => [a.name, a.source, a.provider, a.tools])).toEqual([
      ["investigator", "project", "gemini", ["read", "grep", "submit_result"]],
    ]);
    expect(result.shadowed.map((s) => s.agent.description)).toEqual(["user"]);
  });

  test("TOML commands are read recursively through the format; a file without prompt is diagnosed", async () => {
    sb.write({
      "project/.gemini/commands/git/commit.toml": 'description = "Commit"\nprompt = "Commit {{args}}"\n',
      "project/.gemini/commands/plan.toml": 'prompt = """\nPlan {{args}}\n"""\n',
      "project/.gemini/commands/broken.toml": 'description = "no prompt"\n',
      "project/.gemini/commands/readme.md": "# not a command here\n",
      "home/.gemini/commands/plan.toml": 'prompt = "user plan"\n',
    });
    const read = await readLocations(createRegistry([geminiProvider]), sb.ctx(), "commands");
    expect(read.files.map((f) => [f.location.scope, f.relativePath, f.parsed.body])).toEqual([
      ["project", "broken.toml", ""],
      ["project", "git/commit.toml", "Commit {{args}}"],
      ["project", "plan.toml", "Plan {{args}}"],
      ["user", "plan.toml", "user plan"],
    ]);
    expect(read.files[0]!.parsed.diagnostics.map((d) => [d.severity, d.code, d.filePath])).toEqual([
      ["error", "gemini/missing-prompt", join(sb.project, ".gemini/commands/broken.toml")],
    ]);
    expect(read.files[1]!.parsed.frontmatter).toEqual({ description: "Commit" });
  });
});
