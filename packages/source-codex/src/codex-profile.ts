import { join } from "node:path";
import { ancestorsToRepoRoot, defineToolProfile, type ProfileParse } from "@roster/family";
import { readTomlFile } from "@roster/toml";
import { codexConfigRolePlaces, codexProjectGate, codexSetupNotes } from "./codex-config.js";
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

/**
 * The keys of Codex's `ConfigToml` (the field names in the 0.171.0 binary, plus those a
 * role file was seen to load with: `model_provider`, `profile`, `projects`, `features`,
 * `agents`, `skills`, `web_search`): a role file is `name`, `description`,
 * `nickname_candidates` and a config layer, deserialized with `deny_unknown_fields`
 * (`RawAgentRoleFileToml`), so any other key makes Codex skip the file.
 */
export const CODEX_CONFIG_KEYS = [
  "model",
  "review_model",
  "model_provider",
  "model_context_window",
  "model_auto_compact_token_limit",
  "model_auto_compact_token_limit_scope",
  "model_post_turn_compact_threshold_percent",
  "approval_policy",
  "approvals_reviewer",
  "auto_review",
  "browser_use",
  "computer_use",
  "shell_environment_policy",
  "allow_login_shell",
  "sandbox_mode",
  "allow_symlinked_codex_home",
  "sandbox_workspace_write",
  "default_permissions",
  "permissions",
  "notify",
  "instructions",
  "developer_instructions",
  "include_apps_instructions",
  "include_collaboration_mode_instructions",
  "include_environment_context",
  "model_instructions_file",
  "compact_prompt",
  "forced_chatgpt_workspace_id",
  "forced_login_method",
  "cli_auth_credentials_store",
  "mcp_servers",
  "mcp_enterprise_managed_auth",
  "mcp_oauth_credentials_store",
  "mcp_oauth_callback_port",
  "mcp_oauth_callback_url",
  "mcp_optional_startup_grace_ms",
  "model_providers",
  "project_doc_max_bytes",
  "project_doc_fallback_filenames",
  "tool_output_token_limit",
  "background_terminal_max_timeout",
  "thread_unload_delay_secs",
  "js_repl_node_path",
  "js_repl_node_module_dirs",
  "history",
  "rollout_trace",
  "sqlite_home",
  "log_dir",
  "file_opener",
  "tui",
  "hide_agent_reasoning",
  "show_raw_agent_reasoning",
  "model_reasoning_effort",
  "plan_mode_reasoning_effort",
  "model_reasoning_summary",
  "model_verbosity",
  "model_catalog_json",
  "personality",
  "service_tier",
  "apps_mcp_product_sku",
  "responses",
  "responses_api_metadata",
  "orchestrator",
  "cloud",
  "openai_base_url",
  "audio",
  "tools",
  "tool_suggest",
  "code_mode",
  "goals",
  "hooks",
  "plugins",
  "suppress_unstable_features_warning",
  "ghost_snapshot",
  "project_root_markers",
  "check_for_update_on_startup",
  "disable_paste_burst",
  "analytics",
  "desktop",
  "notice",
  "oss_provider",
  "profile",
  "profiles",
  "projects",
  "features",
  "agents",
  "skills",
  "web_search",
] as const;

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
    return [
      ...ancestorsToRepoRoot(ctx).map((dir) => ({
        dir: join(dir, ".codex", "agents"),
        scope: "project" as const,
      })),
      { dir: join(codexHome(ctx), "agents"), scope: "user" },
      // `[agents.<key>] config_file = …` roles of each config.toml (issue 52).
      ...codexConfigRolePlaces(ctx),
    ];
  },
  extensions: [".toml"],
  misplacedExtensions: [".md"],
  recursive: true,
  followsSymlinks: true,
  entersHiddenFolders: true,
  identity: "name",
  parse: parseCodexToml,
  requiredKeys: ["name", "description", "developer_instructions"],
  unknownKeys: "reject",
  knownKeys: ["name", "description", "nickname_candidates", ...CODEX_CONFIG_KEYS],
  checkFields: checkCodexFields,
  builtins: ["default", "worker", "explorer"],
  filesOverrideBuiltins: true,
  projectNeedsTrust: true,
  // `[projects."<root>"] trust_level = "trusted"` in $CODEX_HOME/config.toml (codex-config.ts).
  projectGate: codexProjectGate,
  setupNotes: codexSetupNotes,
});
