import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { agentFile, writeTree } from "@roster/testkit";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { findDefinitions } from "./find-definitions.js";
import { TEST_PLUGIN_REGISTRY, TEST_SKILL_SOURCES, testRegistry } from "./test-families.js";

let root: string;
let tree: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "roster-find-"));
  tree = join(root, "tree");
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const find = (path?: string) =>
  findDefinitions({
    tree,
    registry: testRegistry(),
    skillSources: TEST_SKILL_SOURCES,
    pluginRegistry: TEST_PLUGIN_REGISTRY,
    ...(path ? { path } : {}),
  });

describe("findDefinitions", () => {
  test("every family's layout, a marketplace's plugins and a root with default folders", async () => {
    writeTree(tree, {
      ".git": "gitdir: elsewhere\n",
      ".claude/agents/reviewer.md": agentFile("reviewer", "Reviews"),
      ".github/agents/planner.agent.md": agentFile("planner", "Plans"),
      ".codex/agents/fixer.toml":
        'name = "fixer"\ndescription = "Fixes"\ndeveloper_instructions = "Fix it."\n',
      ".claude/commands/ship.md": "---\ndescription: Ships\n---\nShip $ARGUMENTS\n",
      ".claude-plugin/marketplace.json": JSON.stringify({
        name: "m",
        plugins: [
          { name: "p1", source: "./plugins/p1" },
          { name: "far", source: { source: "github", repo: "x/y" } },
          { name: "out", source: "../../elsewhere" },
        ],
      }),
      "plugins/p1/.claude-plugin/plugin.json": JSON.stringify({ name: "p1" }),
      "plugins/p1/agents/plugged.md": agentFile("plugged", "From a plugin"),
      "plugins/p1/hooks/hooks.json": "{}",
      "skills/deploy/SKILL.md": "---\nname: deploy\ndescription: Deploys\n---\nDeploy.\n",
      "agents/reviewer.md": agentFile("reviewer", "A second reviewer"),
    });
    const found = await find();
    expect(found.agents.map((a) => [a.name, a.file])).toEqual([
      ["reviewer", ".claude/agents/reviewer.md"],
      ["fixer", ".codex/agents/fixer.toml"],
      ["planner", ".github/agents/planner.agent.md"],
      ["plugged", "plugins/p1/agents/plugged.md"],
    ]);
    expect(found.skills.map((s) => [s.name, s.file])).toEqual([["deploy", "skills/deploy/SKILL.md"]]);
    expect(found.commands.map((c) => [c.name, c.file])).toEqual([["ship", ".claude/commands/ship.md"]]);
    expect(found.plugins).toEqual(["plugins/p1", "."]);
    const codes = found.findings.map((f) => `${f.code} ${f.file ?? ""}`);
    expect(codes).toContain("audit/duplicate-name agents/reviewer.md");
    expect(codes).toContain("audit/not-installed .claude-plugin/marketplace.json");
    expect(codes).toContain("audit/outside-root .claude-plugin/marketplace.json");
    expect(codes).toContain("audit/not-installed plugins/p1/hooks/hooks.json");
  });

  test("nothing outside the source: a link out of it, the folders above --path, the user's home", async () => {
    writeTree(root, { "secret/.claude/agents/private.md": agentFile("private", "Not the source's") });
    writeTree(tree, {
      ".git": "gitdir: elsewhere\n",
      ".claude/agents/top.md": agentFile("top", "Above --path"),
      "sub/.claude/agents/inner.md": agentFile("inner", "Inside --path"),
      "sub/.claude/agents/leak.md": { symlink: join(root, "secret/.claude/agents/private.md") },
    });
    const sub = await find("sub");
    expect(sub.agents.map((a) => a.name)).toEqual(["inner"]);
    // Said from the source's root: the folder roster read it in is its own, and gone after.
    const leak = sub.findings.find((f) => f.file === "sub/.claude/agents/leak.md");
    expect(leak?.code).toBe("audit/outside-root");
    expect(leak?.message).toMatch(/is outside sub, the folder it belongs to$/);
    expect(leak?.message).not.toContain(tree);
    expect((await find()).agents.map((a) => a.name)).toEqual(["top"]);
    await expect(find("../secret")).rejects.toThrow(/inside the repository/);
    await expect(find("nope")).rejects.toThrow(/no folder "nope"/);
  });
});
