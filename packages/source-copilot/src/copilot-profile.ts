import { join } from "node:path";
import { ancestorsToRepoRoot, defineToolProfile } from "@roster/family";
import { copilotMcpServersProblem } from "./check-copilot-mcp-servers.js";
import { COPILOT_AGENT_EXTENSION, COPILOT_AGENT_KEYS } from "./copilot-agent-format.js";
import { copilotHome } from "./copilot-paths.js";

/**
 * GitHub Copilot CLI's own rules (@github/copilot 1.0.102, SPEC §15: its `runtime.node`'s
 * `customAgentsDiscoverJson`): `~/.copilot/agents` first — the user's file beats the
 * repository's — then the repository root's `.github/agents`, then the project's
 * `.claude/agents`; all read recursively (`sub/x.agent.md` is `sub--x`); `*.agent.md` and
 * plain `*.md`; the file stem is the identity; each `mcp-servers` entry needs its own `tools`
 * (and a local one `args`: {@link copilotMcpServersProblem}).
 */
export const copilotProfile = defineToolProfile({
  tool: "copilot",
  displayName: "Copilot CLI",
  checkedAgainst: "@github/copilot 1.0.102",
  places(ctx) {
    const ancestors = ancestorsToRepoRoot(ctx);
    const root = ancestors[ancestors.length - 1]!;
    return [
      { dir: join(copilotHome(ctx), "agents"), scope: "user" },
      { dir: join(root, ".github", "agents"), scope: "project" },
      { dir: join(root, ".claude", "agents"), scope: "project" },
    ];
  },
  extensions: [COPILOT_AGENT_EXTENSION, ".md"],
  recursive: true,
  followsSymlinks: true,
  identity: "stem",
  folderSeparator: "--",
  // Copilot CLI gives the agent the text after the closing fence without the blank lines it
  // starts with (the first line's indentation and the end kept as they are: its
  // `customAgentsDiscoverJson`, checked by loaders-copilot.test.ts).
  promptOf: (body) => body.replace(/^(?:[ \t]*\r?\n)+/, ""),
  requiredKeys: ["description"],
  unknownKeys: "ignore",
  knownKeys: COPILOT_AGENT_KEYS,
  checkFields(fields) {
    const problem = copilotMcpServersProblem(fields["mcp-servers"] ?? fields.mcpServers);
    if (!problem) return undefined;
    const code = problem.endsWith("is required") ? "tool/missing-key" : "tool/bad-field";
    return { code, field: "mcp-servers", message: `skips it: ${problem}` };
  },
  builtins: ["explore", "task", "general-purpose", "code-review"],
  filesOverrideBuiltins: true,
});
