import { join } from "node:path";
import { viewAsTool } from "@roster/profiles";
import { agentFile, createSandbox, type Sandbox } from "@roster/testkit";
import { afterEach, beforeEach, expect, test } from "vitest";
import { xcshProfile } from "./xcsh-profile.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox("roster-xcsh-profile-");
});
afterEach(() => sb.cleanup());

test("xcsh: nearest project folder, then PI_CODING_AGENT_DIR; flat; files override built-ins", async () => {
  sb.write({
    "project/.xcsh/agents/explore.md": agentFile("explore", "my explore"),
    "project/.xcsh/agents/deep/x.md": agentFile("x"),
    "alt/agents/explore.md": agentFile("explore", "user explore"),
  });
  const view = await viewAsTool(xcshProfile, sb.ctx({ env: { PI_CODING_AGENT_DIR: join(sb.root, "alt") } }));
  expect(view.places.map((p) => [p.scope, p.dir])).toEqual([
    ["project", join(sb.project, ".xcsh/agents")],
    ["user", join(sb.root, "alt/agents")],
  ]);
  expect(view.files.map((f) => [f.relativePath, f.outcome, f.reason?.code])).toEqual([
    ["deep/x.md", "ignored", "tool/not-recursive"],
    ["explore.md", "loaded", undefined],
    ["explore.md", "shadowed", "tool/shadowed"],
  ]);
  expect(view.agents.find((a) => a.id === "explore")).toMatchObject({
    scope: "project",
    description: "my explore",
  });
  expect(view.agents.map((a) => a.id)).toEqual([
    "plan",
    "designer",
    "reviewer",
    "task",
    "quick_task",
    "explore",
  ]);
});
