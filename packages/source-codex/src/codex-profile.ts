import { join } from "node:path";
import { ancestorsToRepoRoot, defineToolProfile, type ProfileParse } from "@roster/core";
import { readTomlFile } from "@roster/toml";
import { codexHome } from "./codex-paths.js";

function parseCodexToml(content: string, filePath: string): ProfileParse {
  const read = readTomlFile(
    { filePath, relativePath: filePath, content, level: "warn" },
    { code: "codex/toml-error", what: "Codex agent" },
  );
  if (!read.ok) {
    const line = read.diagnostics[0]?.line;
    return {
      ok: false,
      code: "tool/yaml-error",
      message: `it is not valid TOML${line ? ` (line ${line})` : ""}`,
    };
  }
  return { ok: true, keys: Object.keys(read.data), fields: read.data };
}

/**
 * Codex's own rules (@openai/codex 0.171.0; the facts come from its documentation and the
 * messages in its binary: "agent role file … must define `developer_instructions`",
 * "duplicate agent role name", "Ignoring malformed agent role definition"): `*.toml` only;
 * project `.codex/agents` (closest to the cwd first, up to the repository root) over
 * `$CODEX_HOME/agents`; custom agents override the built-ins `default`, `worker` and
 * `explorer`; a malformed file and the second file of a name are skipped.
 */
export const codexProfile = defineToolProfile({
  tool: "codex",
  displayName: "Codex",
  checkedAgainst: "@openai/codex 0.171.0",
  places(ctx) {
    return [
      ...ancestorsToRepoRoot(ctx).map((dir) => ({
        dir: join(dir, ".codex", "agents"),
        scope: "project" as const,
      })),
      { dir: join(codexHome(ctx), "agents"), scope: "user" },
    ];
  },
  extensions: [".toml"],
  misplacedExtensions: [".md"],
  recursive: false,
  followsSymlinks: true,
  identity: "name",
  parse: parseCodexToml,
  requiredKeys: ["name", "description", "developer_instructions"],
  unknownKeys: "ignore",
  knownKeys: [
    "name",
    "description",
    "developer_instructions",
    "nickname_candidates",
    "model",
    "model_reasoning_effort",
    "sandbox_mode",
    "mcp_servers",
  ],
  builtins: ["default", "worker", "explorer"],
  filesOverrideBuiltins: true,
});
