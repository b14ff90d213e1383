import { join } from "node:path";
import { ancestorsToRepoRoot, defineToolProfile } from "@roster/core";
import { COPILOT_AGENT_EXTENSION } from "./copilot-agent-format.js";
import { copilotHome } from "./copilot-paths.js";

/**
 * GitHub Copilot CLI's own rules (@github/copilot 1.0.102; its bundle is a compiled
 * binary, so the facts come from GitHub's documentation): `~/.copilot/agents` first — the
 * user's file beats the repository's — then the repository root's `.github/agents`;
 * only `*.agent.md`; the file stem is the identity.
 */
export const copilotProfile = defineToolProfile({
  tool: "copilot",
  displayName: "Copilot CLI",
  checkedAgainst: "@github/copilot 1.0.102 (documented behaviour)",
  places(ctx) {
    const ancestors = ancestorsToRepoRoot(ctx);
    const root = ancestors[ancestors.length - 1]!;
    return [
      { dir: join(copilotHome(ctx), "agents"), scope: "user" },
      { dir: join(root, ".github", "agents"), scope: "project" },
    ];
  },
  extensions: [COPILOT_AGENT_EXTENSION],
  misplacedExtensions: [".md"],
  recursive: false,
  followsSymlinks: true,
  identity: "stem",
  requiredKeys: ["description"],
  unknownKeys: "ignore",
  knownKeys: [
    "name",
    "description",
    "tools",
    "model",
    "target",
    "handoffs",
    "mcp-servers",
    "user-invocable",
    "disable-model-invocation",
    "metadata",
    "infer",
    "argument-hint",
  ],
  builtins: ["explore", "task", "general-purpose", "code-review"],
  filesOverrideBuiltins: true,
});
