import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { agentFile, writeTree } from "@roster/testkit";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { auditSource } from "./audit.js";
import { findDefinitions } from "./find-definitions.js";
import {
  TEST_FAMILIES,
  TEST_PLUGIN_REGISTRY,
  TEST_SKILL_SOURCES,
  TEST_TOOLS,
  testRegistry,
} from "./test-families.js";

let tree: string;
beforeEach(() => {
  tree = mkdtempSync(join(tmpdir(), "roster-audit-"));
});
afterEach(() => rmSync(tree, { recursive: true, force: true }));

async function audit() {
  const definitions = await findDefinitions({
    tree,
    registry: testRegistry(),
    skillSources: TEST_SKILL_SOURCES,
    pluginRegistry: TEST_PLUGIN_REGISTRY,
  });
  return auditSource({
    tree,
    definitions,
    vocabularies: TEST_FAMILIES.map((f) => f.vocabulary),
    tools: TEST_TOOLS,
  });
}
const summary = (findings: Awaited<ReturnType<typeof audit>>) =>
  findings
    .filter((f) => f.code !== "audit/skipped")
    .map((f) => `${f.level} ${f.code} ${f.kind ?? "-"}:${f.name ?? f.file}`);

describe("auditSource", () => {
  test("each raising thing holds its definition; a plain one has no finding", async () => {
    writeTree(tree, {
      ".git": "gitdir: x\n",
      ".claude/agents/plain.md": agentFile("plain", "Plain"),
      ".claude/agents/bypass.md": agentFile("bypass", "Bypasses", "permissionMode: bypassPermissions"),
      ".claude/agents/planner.md": agentFile("planner", "Plans", "permissionMode: plan"),
      ".claude/agents/hooked.md": agentFile("hooked", "Hooks", "hooks:\n  PreToolUse: []"),
      ".claude/agents/served.md": agentFile("served", "MCP", "mcpServers:\n  db:\n    command: ./run-db"),
      ".claude/agents/remote.md": agentFile(
        "remote",
        "MCP over http",
        "mcpServers:\n  api:\n    url: https://x",
      ),
      ".codex/agents/sandboxed.toml":
        'name = "sandboxed"\ndescription = "d"\ndeveloper_instructions = "x"\nsandbox_mode = "danger-full-access"\n',
      ".claude/commands/deploy.md": "---\ndescription: Deploys\n---\nStatus: !`git status`\n",
      ".claude/commands/tidy.md": "---\ndescription: Tidies\nallowed-tools: Read, Grep\n---\nTidy.\n",
      ".claude/commands/push.md": "---\ndescription: Pushes\nallowed-tools: Bash(git push:*)\n---\nPush.\n",
      ".gemini/commands/grep.toml": 'description = "Greps"\nprompt = "Look: !{grep -r x .}"\n',
      ".claude/skills/ship/SKILL.md":
        "---\nname: ship\ndescription: Ships\nallowed-tools: Read Grep\n---\nShip.\n",
    });
    const lines = summary(await audit());
    expect(lines).toEqual(
      expect.arrayContaining([
        "raising audit/raises-permission agent:bypass",
        "raising audit/hooks agent:hooked",
        "raising audit/mcp-command agent:served",
        "raising audit/raises-permission agent:sandboxed",
        "raising audit/shell-expansion command:deploy",
        "raising audit/pre-approves-tools command:push",
        "raising audit/shell-expansion command:grep",
      ]),
    );
    for (const quiet of ["plain", "planner", "remote", "tidy", "ship"])
      expect(lines.filter((l) => l.endsWith(`:${quiet}`))).toEqual([]);
  });

  test("a link anywhere is found; a definition through one is held", async () => {
    writeTree(tree, {
      ".git": "gitdir: x\n",
      "real/linked.md": agentFile("linked", "Linked"),
      ".claude/agents/linked.md": { symlink: "../../real/linked.md" },
      ".claude/skills/s/SKILL.md": "---\nname: s\ndescription: S\n---\nS.\n",
      ".claude/skills/s/data": { symlink: "/etc" },
      "docs/elsewhere": { symlink: "/" },
    });
    const lines = summary(await audit());
    expect(lines).toContain("raising audit/link agent:linked");
    expect(lines).toContain("raising audit/link skill:s");
    expect(lines).toContain("warning audit/link -:docs/elsewhere");
  });

  test("names that are paths or hide characters are refused; an escape in a description is a warning", async () => {
    writeTree(tree, {
      ".git": "gitdir: x\n",
      ".claude/agents/a.md": agentFile("../evil", "Path"),
      ".claude/agents/b.md": agentFile("bell", "Rings \u0007 the bell"),
      ".claude/agents/c.md": agentFile("\u202eflip", "Bidi"),
      ".claude/agents/d.md": agentFile("team/lead", "A path some tools take"),
    });
    const lines = summary(await audit());
    expect(lines).toContain("refused audit/name-is-path agent:../evil");
    expect(lines).toContain("warning audit/terminal-escape agent:bell");
    expect(lines).toContain("refused audit/terminal-escape agent:\u202eflip");
    expect(lines).toContain("warning audit/name-is-path agent:team/lead");
  });
});
