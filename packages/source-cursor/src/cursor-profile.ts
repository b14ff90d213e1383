import { join } from "node:path";
import { findProjectDirs } from "@roster/core";
import { defineToolProfile } from "@roster/family";
import { CURSOR_AGENT_KEYS } from "./cursor-agent-format.js";
import { cursorHome } from "./cursor-paths.js";

/**
 * Cursor's own rules (from Cursor's subagent documentation; Cursor ships no npm CLI to
 * inspect): project `.cursor/agents` over `~/.cursor/agents`, `name` identity, and Claude
 * Code's `.claude/agents` folders read as well, after Cursor's own at each level.
 */
export const cursorProfile = defineToolProfile({
  tool: "cursor",
  displayName: "Cursor",
  checkedAgainst: "Cursor subagents documentation (cursor.com/docs/agent/subagents, late 2026)",
  places(ctx) {
    const user = join(cursorHome(ctx), "agents");
    const claudeUser = join(ctx.home, ".claude", "agents");
    const project = findProjectDirs(ctx, join(".cursor", "agents"), { mode: "nearest", exclude: user });
    const claudeProject = findProjectDirs(ctx, join(".claude", "agents"), {
      mode: "nearest",
      exclude: claudeUser,
    });
    return [
      ...project.map((dir) => ({ dir, scope: "project" as const })),
      ...claudeProject.map((dir) => ({ dir, scope: "project" as const })),
      { dir: user, scope: "user" as const },
      { dir: claudeUser, scope: "user" as const },
    ];
  },
  extensions: [".md"],
  recursive: false,
  followsSymlinks: true,
  identity: "name",
  requiredKeys: ["name", "description"],
  unknownKeys: "ignore",
  knownKeys: CURSOR_AGENT_KEYS,
  builtins: ["explore", "bash", "browser"],
  filesOverrideBuiltins: true,
});
