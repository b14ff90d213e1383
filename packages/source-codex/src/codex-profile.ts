import { join } from "node:path";
import { ancestorsToRepoRoot, defineToolProfile, type ProfileParse } from "@roster/family";
import { readTomlFile } from "@roster/toml";
import { codexConfigRolePlaces, codexProjectGate, codexSetupNotes, DESCRIBED_ROLE } from "./codex-config.js";
import { CODEX_ROLE_KEYS } from "./codex-keys.js";
import { codexHome } from "./codex-paths.js";

function parseCodexToml(content: string, filePath: string): ProfileParse {
  const read = readTomlFile(
    { filePath, relativePath: filePath, content, level: "warn" },
    { code: "codex/toml-error", what: "Codex agent" },
  );
  if (!read.ok) {
    const line = read.reason.line;
    return {
      ok: false,
      code: "tool/yaml-error",
      message: `it is not valid TOML${line ? ` (line ${line})` : ""}`,
    };
  }
  return { ok: true, keys: Object.keys(read.data), fields: read.data };
}

const SANDBOX_MODES = ["read-only", "workspace-write", "danger-full-access"];
const isTable = (value: unknown) => typeof value === "object" && value !== null && !Array.isArray(value);
const bad = (message: string, field: string) => ({
  code: "tool/bad-field" as const,
  message: `skips it: ${message}`,
  field,
});

/**
 * The checks of Codex's role-file reader beyond the required keys (`RawAgentRoleFileToml`
 * and `normalize_agent_role_nickname_candidates`), each seen in `codex debug prompt-input`.
 */
function checkCodexFields(fields: Record<string, unknown>) {
  // Required of a role file; a role a config table declares by its description has none.
  const instructions = fields.developer_instructions;
  if (
    (fields as Record<symbol, unknown>)[DESCRIBED_ROLE] !== true &&
    (typeof instructions !== "string" || instructions.trim() === "")
  )
    return {
      code: "tool/missing-key" as const,
      message: `skips it: \`developer_instructions\` is ${instructions === undefined ? "missing" : "empty or not text"}`,
      field: "developer_instructions",
    };
  for (const key of ["model", "model_provider", "profile", "instructions"]) {
    if (fields[key] !== undefined && typeof fields[key] !== "string")
      return bad(`\`${key}\` must be a string`, key);
  }
  const sandbox = fields.sandbox_mode;
  if (sandbox !== undefined && !SANDBOX_MODES.includes(sandbox as string))
    return bad(`\`sandbox_mode\` must be one of ${SANDBOX_MODES.join(", ")}`, "sandbox_mode");
  for (const key of ["tools", "skills", "features", "agents", "projects"]) {
    if (fields[key] !== undefined && !isTable(fields[key]))
      return bad(`\`${key}\` must be a table ([${key}])`, key);
  }
  const nicknames = fields.nickname_candidates;
  if (nicknames !== undefined) {
    if (!Array.isArray(nicknames) || nicknames.length === 0)
      return bad("`nickname_candidates` must be a list of at least one name", "nickname_candidates");
    const seen = new Set<string>();
    for (const nickname of nicknames) {
      const trimmed = typeof nickname === "string" ? nickname.trim() : "";
      if (!/^[A-Za-z0-9 _-]+$/.test(trimmed) || seen.has(trimmed))
        return bad(
          "`nickname_candidates` takes distinct, non-blank names of ASCII letters, digits, spaces, - and _",
          "nickname_candidates",
        );
      seen.add(trimmed);
    }
  }
  const servers = fields.mcp_servers;
  if (servers !== undefined) {
    if (!isTable(servers)) return bad("`mcp_servers` must be a table of servers", "mcp_servers");
    for (const [name, server] of Object.entries(servers as Record<string, unknown>)) {
      const entry = isTable(server) ? (server as Record<string, unknown>) : {};
      if (typeof entry.command !== "string" && typeof entry.url !== "string")
        return bad(`\`mcp_servers.${name}\` needs a \`command\` or a \`url\``, "mcp_servers");
    }
  }
  return undefined;
}

/**
 * Codex's own rules (@openai/codex 0.171.0, checked with `codex debug prompt-input`, whose
 * `spawn_agent` tool lists every role it loaded; see the README): `*.toml` only, sub-folders
 * (dot and symlinked ones too) read; project `.codex/agents` (closest to the cwd first, up to
 * the repository root) over `$CODEX_HOME/agents`, the project's only in a project its
 * `config.toml` trusts; custom agents override the built-ins `default`, `worker` and
 * `explorer`; a malformed file, a file with a key Codex does not know and the second file of a
 * name are skipped.
 */
export const codexProfile = defineToolProfile({
  tool: "codex",
  displayName: "Codex",
  checkedAgainst: "@openai/codex 0.171.0",
  places(ctx) {
    // `[agents.<key>]` roles of each config.toml (issue 52) come before the agents folders
    // of their scope: Codex lists a config's role over a file of the same name beside it.
    const roles = codexConfigRolePlaces(ctx);
    return [
      ...roles.filter((place) => place.scope === "project"),
      ...ancestorsToRepoRoot(ctx).map((dir) => ({
        dir: join(dir, ".codex", "agents"),
        scope: "project" as const,
      })),
      ...roles.filter((place) => place.scope === "user"),
      { dir: join(codexHome(ctx), "agents"), scope: "user" },
    ];
  },
  extensions: [".toml"],
  misplacedExtensions: [".md"],
  recursive: true,
  followsSymlinks: true,
  entersHiddenFolders: true,
  identity: "name",
  parse: parseCodexToml,
  // And `developer_instructions`, but for a role a config table declares (checkCodexFields).
  requiredKeys: ["name", "description"],
  unknownKeys: "reject",
  knownKeys: CODEX_ROLE_KEYS,
  checkFields: checkCodexFields,
  builtins: ["default", "worker", "explorer"],
  filesOverrideBuiltins: true,
  projectNeedsTrust: true,
  // `[projects."<root>"] trust_level = "trusted"` in $CODEX_HOME/config.toml (codex-config.ts).
  projectGate: codexProjectGate,
  setupNotes: codexSetupNotes,
});
