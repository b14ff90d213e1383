import { join } from "node:path";
import { createRegistry, discoverAgents } from "@roster/core";
import { agentFile, createSandbox, type Sandbox } from "@roster/testkit";
import { afterEach, beforeEach, expect, test } from "vitest";
import { teamProvider } from "./index.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

test("locates the nearest .agents folder, then ~/.agents, for each kind", () => {
  sb.write({ "project/.agents/agents/a.md": agentFile("a"), "project/sub/x": "" });
  const ctx = sb.ctx({ cwd: join(sb.project, "sub") });
  expect(teamProvider.locate(ctx, "agents")).toEqual([
    { dir: join(sb.project, ".agents/agents"), scope: "project", root: sb.project },
    { dir: join(sb.home, ".agents/agents"), scope: "user" },
  ]);
  expect(teamProvider.locate(ctx, "commands")).toEqual([
    { dir: join(sb.home, ".agents/commands"), scope: "user" },
  ]);
});

test("takes part in the merge: project beats user", async () => {
  sb.write({
    "project/.agents/agents/rev.md": agentFile("rev", "project"),
    "home/.agents/agents/rev.md": agentFile("rev", "user"),
  });
  const { agents, shadowed } = await discoverAgents(createRegistry([teamProvider]), sb.ctx());
  expect(agents.map((a) => [a.name, a.description, a.provider])).toEqual([["rev", "project", "team"]]);
  expect(shadowed).toHaveLength(1);
});

test("a complete family: its writer's file loads under its own profile, in roster's words", async () => {
  const { familyProblem, ROSTER_VOCABULARY, toolTable } = await import("@roster/family");
  const { checkFileAs } = await import("@roster/profiles");
  const { exportAgent } = await import("@roster/writers");
  const { teamFamily, teamWriter, teamProfile } = await import("./index.js");
  expect(familyProblem(teamFamily)).toBeUndefined();
  expect(teamFamily).toMatchObject({ id: "team", profile: teamProfile, writer: teamWriter });
  sb.write({ "project/.claude/agents/helper.md": agentFile("helper", "Helps", "tools: Read, Glob, Bash") });
  const { agents } = await discoverAgents(createRegistry([teamProvider]), sb.ctx());
  expect(agents).toEqual([]);
  const result = exportAgent(
    {
      name: "helper",
      description: "Helps",
      systemPrompt: "You help.",
      tools: ["read", "glob", "bash"],
      toolsAsWritten: ["Read", "Glob", "Bash"],
      source: "project",
      filePath: join(sb.project, ".claude/agents/helper.md"),
      provider: "claude",
    },
    teamWriter,
    {
      ctx: sb.ctx(),
      scope: "project",
      // The app's table: roster's words and a tool (Claude Code's) that calls `find` `Glob`.
      tools: toolTable([
        ROSTER_VOCABULARY,
        { ...ROSTER_VOCABULARY, tools: { ...ROSTER_VOCABULARY.tools, find: ["Glob"] } },
      ]),
    },
  );
  expect(result.ok && result.content).toContain("tools:\n  - read\n  - find\n  - bash\n");
  if (result.ok) expect(checkFileAs(teamProfile, result.content, "helper.md", "helper.md").ok).toBe(true);
});
