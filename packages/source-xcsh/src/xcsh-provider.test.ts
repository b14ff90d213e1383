import { join } from "node:path";
import { createRegistry, discoverAgents } from "@roster/core";
import { agentFile, createSandbox, type Sandbox } from "@roster/testkit";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { xcshAgentDir, xcshConfigDir } from "./xcsh-paths.js";
import { xcshMarkdownFormat, xcshProvider } from "./xcsh-provider.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox("roster-xcsh-");
});
afterEach(() => sb.cleanup());

const formats = [xcshMarkdownFormat];
const dirs = (locations: Array<{ dir: string; scope: string }>) => locations.map((l) => [l.scope, l.dir]);

describe("xcshProvider.locate", () => {
  test("agents: the nearest project .xcsh/agents, then ~/.xcsh/agent/agents", async () => {
    sb.write({ "project/.xcsh/agents": null });
    expect(await xcshProvider.locate(sb.ctx(), "agents")).toEqual([
      { dir: join(sb.project, ".xcsh/agents"), scope: "project", root: sb.project, formats },
      { dir: join(sb.home, ".xcsh/agent/agents"), scope: "user", formats },
    ]);
  });

  test("commands: the nearest project .xcsh/commands, then ~/.xcsh/agent/commands", async () => {
    sb.write({ "project/.xcsh/commands": null });
    expect(await xcshProvider.locate(sb.ctx(), "commands")).toEqual([
      { dir: join(sb.project, ".xcsh/commands"), scope: "project", root: sb.project, formats },
      { dir: join(sb.home, ".xcsh/agent/commands"), scope: "user", formats },
    ]);
  });

  test("nearest only by default; every ancestor's folder with projectDirs: all", async () => {
    sb.write({
      "project/.xcsh/agents": null,
      "project/pkg/a/.xcsh/agents": null,
      "project/pkg/a/deep": null,
    });
    const cwd = join(sb.project, "pkg/a/deep");
    expect(dirs(await xcshProvider.locate(sb.ctx({ cwd }), "agents"))).toEqual([
      ["project", join(sb.project, "pkg/a/.xcsh/agents")],
      ["user", join(sb.home, ".xcsh/agent/agents")],
    ]);
    expect(dirs(await xcshProvider.locate({ ...sb.ctx({ cwd }), projectDirs: "all" }, "agents"))).toEqual([
      ["project", join(sb.project, "pkg/a/.xcsh/agents")],
      ["project", join(sb.project, ".xcsh/agents")],
      ["user", join(sb.home, ".xcsh/agent/agents")],
    ]);
  });

  test("PI_CONFIG_DIR replaces .xcsh under home (the project folder stays .xcsh)", async () => {
    sb.write({ "project/.xcsh/agents": null });
    const ctx = sb.ctx({ env: { PI_CONFIG_DIR: ".pi" } });
    expect(dirs(await xcshProvider.locate(ctx, "agents"))).toEqual([
      ["project", join(sb.project, ".xcsh/agents")],
      ["user", join(sb.home, ".pi/agent/agents")],
    ]);
    expect(dirs(await xcshProvider.locate(ctx, "commands"))).toEqual([
      ["user", join(sb.home, ".pi/agent/commands")],
    ]);
  });

  test("PI_CONFIG_DIR may be absolute or start with ~", () => {
    const abs = join(sb.root, "pi-config");
    expect(xcshConfigDir(sb.ctx({ env: { PI_CONFIG_DIR: abs } }))).toBe(abs);
    expect(xcshConfigDir(sb.ctx({ env: { PI_CONFIG_DIR: "~/cfg" } }))).toBe(join(sb.home, "cfg"));
  });

  test("PI_CODING_AGENT_DIR replaces ~/.xcsh/agent and wins over PI_CONFIG_DIR", async () => {
    const agentDir = join(sb.root, "agent-dir");
    const ctx = sb.ctx({ env: { PI_CODING_AGENT_DIR: agentDir, PI_CONFIG_DIR: ".pi" } });
    expect(dirs(await xcshProvider.locate(ctx, "agents"))).toEqual([["user", join(agentDir, "agents")]]);
    expect(dirs(await xcshProvider.locate(ctx, "commands"))).toEqual([["user", join(agentDir, "commands")]]);
    expect(xcshAgentDir(sb.ctx({ env: { PI_CODING_AGENT_DIR: "~/a" } }))).toBe(join(sb.home, "a"));
    // Relative: from home, never from the cwd (a cloned repository).
    expect(xcshAgentDir(sb.ctx({ env: { PI_CODING_AGENT_DIR: "a" } }))).toBe(join(sb.home, "a"));
  });

  test("blank overrides are ignored", () => {
    expect(xcshAgentDir(sb.ctx({ env: { PI_CODING_AGENT_DIR: "", PI_CONFIG_DIR: " " } }))).toBe(
      join(sb.home, ".xcsh/agent"),
    );
  });

  test("cwd inside home: the user folder is never also a project folder", async () => {
    // With PI_CODING_AGENT_DIR=~/.xcsh the user agents folder is ~/.xcsh/agents, which the
    // walk up from ~/work also meets as a project candidate: it is read once, as user.
    sb.write({ "home/.xcsh/agents": null, "home/work": null });
    const ctx = sb.ctx({ cwd: join(sb.home, "work"), env: { PI_CODING_AGENT_DIR: join(sb.home, ".xcsh") } });
    expect(dirs(await xcshProvider.locate(ctx, "agents"))).toEqual([["user", join(sb.home, ".xcsh/agents")]]);
  });
});

describe("xcsh agents through discoverAgents", () => {
  test("project beats user; the user folder is read under PI_CODING_AGENT_DIR", async () => {
    sb.write({
      "project/.xcsh/agents/plan.md": agentFile("plan", "project plan"),
      "custom/agents/plan.md": agentFile("plan", "user plan"),
      "custom/agents/extra.md": agentFile("extra"),
      "home/.xcsh/agent/agents/ignored.md": agentFile("ignored"),
    });
    const ctx = sb.ctx({ env: { PI_CODING_AGENT_DIR: join(sb.root, "custom") } });
    const result = await discoverAgents(createRegistry([xcshProvider]), ctx);
    expect(result.agents.map((a) => [a.name, a.source, a.description, a.provider])).toEqual([
      ["plan", "project", "project plan", "xcsh"],
      ["extra", "user", "extra agent", "xcsh"],
    ]);
    expect(result.shadowed.map((s) => s.agent.description)).toEqual(["user plan"]);
  });

  test("agent folders are not recursive", async () => {
    sb.write({
      "project/.xcsh/agents/a.md": agentFile("a"),
      "project/.xcsh/agents/sub/b.md": agentFile("b"),
    });
    const { agents } = await discoverAgents(createRegistry([xcshProvider]), sb.ctx());
    expect(agents.map((a) => a.name)).toEqual(["a"]);
  });
});
