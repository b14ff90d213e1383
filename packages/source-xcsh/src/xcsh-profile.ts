import { join } from "node:path";
import { AGENT_KEYS, findProjectDirs } from "@roster/core";
import { defineToolProfile } from "@roster/family";
import { xcshAgentDir } from "./xcsh-paths.js";

/**
 * xcsh's own rules, which are roster's design for its own family (SPEC §3–§5): the nearest
 * `.xcsh/agents`, then `~/.xcsh/agent/agents` (`PI_CONFIG_DIR`, `PI_CODING_AGENT_DIR`);
 * flat folders; `name` identity; unknown keys ignored; files override the built-in agents.
 */
export const xcshProfile = defineToolProfile({
  tool: "xcsh",
  displayName: "xcsh",
  checkedAgainst: "roster's SPEC (xcsh is roster's own host)",
  places(ctx) {
    const user = join(xcshAgentDir(ctx), "agents");
    return [
      ...findProjectDirs(ctx, join(".xcsh", "agents"), { mode: "nearest", exclude: user }).map((dir) => ({
        dir,
        scope: "project" as const,
      })),
      { dir: user, scope: "user" as const },
    ];
  },
  extensions: [".md"],
  recursive: false,
  followsSymlinks: true,
  identity: "name",
  requiredKeys: ["name", "description"],
  unknownKeys: "ignore",
  knownKeys: [...AGENT_KEYS.filter((key) => key !== "toolsAsWritten"), "thinking-level"],
  builtins: ["explore", "plan", "designer", "reviewer", "task", "quick_task"],
  filesOverrideBuiltins: true,
});
