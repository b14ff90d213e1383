import { join } from "node:path";
import {
  ancestorsToRepoRoot,
  defineToolProfile,
  type ProfileParse,
  type ProfilePlace,
  parseMarkdownForTool,
} from "@roster/core";
import { opencodeConfigDirOverride, opencodeGlobalDir } from "./opencode-paths.js";

const COLOR_NAMES = ["primary", "secondary", "accent", "success", "warning", "error", "info"];
const MODES = ["primary", "subagent", "all"];

/** opencode loads a file whose frontmatter it cannot read, with the whole text as its prompt. */
function parseLeniently(content: string, filePath: string): ProfileParse {
  const parsed = parseMarkdownForTool(content, filePath);
  return parsed.ok ? parsed : { ok: true, keys: [], fields: {} };
}

function agentFolders(root: string, scope: ProfilePlace["scope"]): ProfilePlace[] {
  // Within one folder opencode lets `agents/` win over `agent/`.
  return [
    { dir: join(root, "agents"), scope },
    { dir: join(root, "agent"), scope },
  ];
}

/**
 * opencode's own rules (checked against opencode-ai 1.18.33 with `opencode debug config`
 * and `opencode agent list`): later sources override earlier ones, so, highest first:
 * `OPENCODE_CONFIG_DIR`, then every `.opencode` from the repository root down to the cwd
 * (the farthest wins), then `~/.config/opencode`. Identity is the `name` field or the path.
 */
export const opencodeProfile = defineToolProfile({
  tool: "opencode",
  displayName: "opencode",
  checkedAgainst: "opencode-ai 1.18.33",
  places(ctx) {
    const places: ProfilePlace[] = [];
    const override = opencodeConfigDirOverride(ctx);
    if (override) places.push(...agentFolders(override, "user"));
    for (const dir of [...ancestorsToRepoRoot(ctx)].reverse()) {
      places.push(...agentFolders(join(dir, ".opencode"), "project"));
    }
    places.push(...agentFolders(opencodeGlobalDir(ctx), "user"));
    return places;
  },
  extensions: [".md"],
  recursive: true,
  followsSymlinks: true,
  identity: "name-or-path",
  parse: parseLeniently,
  requiredKeys: [],
  unknownKeys: "ignore",
  knownKeys: [
    "name",
    "description",
    "mode",
    "model",
    "variant",
    "temperature",
    "top_p",
    "steps",
    "maxSteps",
    "permission",
    "tools",
    "prompt",
    "hidden",
    "disable",
    "color",
  ],
  checkFields(fields) {
    const color = fields.color;
    if (
      color !== undefined &&
      !(typeof color === "string" && (/^#[0-9a-fA-F]{6}$/.test(color) || COLOR_NAMES.includes(color)))
    ) {
      return {
        code: "tool/bad-field",
        message: `stops with "Configuration is invalid" for its whole config because of \`color: ${JSON.stringify(color)}\` (expected #RRGGBB or one of ${COLOR_NAMES.join(", ")})`,
      };
    }
    if (fields.mode !== undefined && !MODES.includes(String(fields.mode))) {
      return {
        code: "tool/bad-field",
        message: `stops with "Configuration is invalid" because of \`mode: ${JSON.stringify(fields.mode)}\` (expected ${MODES.join(", ")})`,
      };
    }
    if (fields.disable === true)
      return { code: "tool/disabled", message: "leaves it out: it sets `disable: true`" };
    return undefined;
  },
  builtins: ["build", "plan", "general", "explore", "compaction", "summary", "title"],
  filesOverrideBuiltins: true,
});
