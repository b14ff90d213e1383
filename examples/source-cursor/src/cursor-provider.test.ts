import { join } from "node:path";
import { createRegistry, discoverAgents } from "@roster/core";
import { agentFile, createSandbox, type Sandbox } from "@roster/testkit";
import { afterEach, beforeEach, expect, test } from "vitest";
import { cursorMarkdownFormat, cursorProvider } from "./index.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

test("locates the nearest .cursor folder, then ~/.cursor, for each kind", () => {
  sb.write({ "project/.cursor/agents/a.md": agentFile("a"), "project/sub/x": "" });
  const ctx = sb.ctx({ cwd: join(sb.project, "sub") });
  const formats = [cursorMarkdownFormat];
  expect(cursorProvider.locate(ctx, "agents")).toEqual([
    { dir: join(sb.project, ".cursor/agents"), scope: "project", root: sb.project, formats },
    { dir: join(sb.home, ".cursor/agents"), scope: "user", formats },
  ]);
  expect(cursorProvider.locate(ctx, "commands")).toEqual([
    { dir: join(sb.home, ".cursor/commands"), scope: "user", formats },
  ]);
});

test("takes part in the merge: project beats user", async () => {
  sb.write({
    "project/.cursor/agents/rev.md": agentFile("rev", "project"),
    "home/.cursor/agents/rev.md": agentFile("rev", "user"),
  });
  const { agents, shadowed } = await discoverAgents(createRegistry([cursorProvider]), sb.ctx());
  expect(agents.map((a) => [a.name, a.description, a.provider])).toEqual([["rev", "project", "cursor"]]);
  expect(shadowed).toHaveLength(1);
});
