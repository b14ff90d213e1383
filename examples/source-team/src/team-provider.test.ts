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
    { dir: join(sb.project, ".agents/agents"), scope: "project" },
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
