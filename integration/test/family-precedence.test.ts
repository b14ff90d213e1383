// Cross-family precedence as the app assembles it: xcsh, claude, codex, gemini.
import { join } from "node:path";
import { createRegistry, discoverAgents } from "@roster/core";
import { claudeProvider } from "@roster/source-claude";
import { codexProvider } from "@roster/source-codex";
import { geminiProvider } from "@roster/source-gemini";
import { xcshProvider } from "@roster/source-xcsh";
import { agentFile, createSandbox, type Sandbox } from "@roster/testkit";
import { afterEach, beforeEach, expect, test } from "vitest";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox("roster-families-");
});
afterEach(() => sb.cleanup());

const registry = () => createRegistry([xcshProvider, claudeProvider, codexProvider, geminiProvider]);

const codexToml = (name: string, description: string) =>
  `name = "${name}"\ndescription = "${description}"\ndeveloper_instructions = "You are ${name}."\n`;

test(".xcsh beats .claude beats .codex beats .gemini; project beats user within a family", async () => {
  sb.write({
    // "shared" is defined everywhere: the xcsh project file wins.
    "project/.xcsh/agents/shared.md": agentFile("shared", "xcsh project"),
    "home/.xcsh/agent/agents/shared.md": agentFile("shared", "xcsh user"),
    "project/.claude/agents/shared.md": agentFile("shared", "claude project"),
    "project/.codex/agents/shared.toml": codexToml("shared", "codex project"),
    "project/.gemini/agents/shared.md": agentFile("shared", "gemini project"),
    // Each lower family wins only the names no higher family has.
    "home/.xcsh/agent/agents/x-user.md": agentFile("x-user", "xcsh user"),
    "home/.claude/agents/x-user.md": agentFile("x-user", "claude user"),
    "home/.claude/agents/c.md": agentFile("c", "claude user"),
    "project/.codex/agents/c.toml": codexToml("c", "codex project"),
    "home/.codex/agents/k.toml": codexToml("k", "codex user"),
    "project/.gemini/agents/k.md": agentFile("k", "gemini project"),
    "project/.gemini/agents/g.md": agentFile("g", "gemini project"),
    "home/.gemini/agents/g.md": agentFile("g", "gemini user"),
  });
  const result = await discoverAgents(registry(), sb.ctx());
  expect(result.agents.map((a) => [a.name, a.provider, a.source, a.description])).toEqual([
    ["shared", "xcsh", "project", "xcsh project"],
    ["x-user", "xcsh", "user", "xcsh user"],
    ["c", "claude", "user", "claude user"],
    ["k", "codex", "user", "codex user"],
    ["g", "gemini", "project", "gemini project"],
  ]);
  expect(result.searched.map((s) => [s.provider, s.location.scope, s.location.dir])).toEqual([
    ["xcsh", "project", join(sb.project, ".xcsh/agents")],
    ["xcsh", "user", join(sb.home, ".xcsh/agent/agents")],
    ["claude", "project", join(sb.project, ".claude/agents")],
    ["claude", "user", join(sb.home, ".claude/agents")],
    ["codex", "project", join(sb.project, ".codex/agents")],
    ["codex", "user", join(sb.home, ".codex/agents")],
    ["gemini", "project", join(sb.project, ".gemini/agents")],
    ["gemini", "user", join(sb.home, ".gemini/agents")],
  ]);
  const lost = (name: string) =>
    result.shadowed.filter((s) => s.agent.name === name).map((s) => s.agent.description);
  expect(lost("shared")).toEqual(["xcsh user", "claude project", "codex project", "gemini project"]);
  expect(lost("g")).toEqual(["gemini user"]);
  expect(result.projectAgentsDir).toBe(join(sb.project, ".xcsh/agents"));
  expect(result.diagnostics).toEqual([]);
});
