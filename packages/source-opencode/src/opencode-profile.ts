import { join } from "node:path";
import type { DiscoveryContext } from "@roster/core";
import { fileSystemOf, isRecord, walkToGitRoot } from "@roster/core/provider-kit";
import { defineToolProfile, type ProfileParse, type ProfilePlace } from "@roster/family";
import { parseMarkdownForTool } from "@roster/profiles";
import { readOpencodeConfigEntries } from "./opencode-config.js";
import { opencodeConfigDirOverride, opencodeGlobalDir } from "./opencode-paths.js";

/** The keys opencode reads in an agent (markdown frontmatter or a config entry). */
export const OPENCODE_AGENT_KEYS = [
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
] as const;

const COLOR_NAMES = ["primary", "secondary", "accent", "success", "warning", "error", "info"];
const MODES = ["subagent", "primary", "all"];
const ACTIONS = ["ask", "allow", "deny"];
/** Permission keys whose value must be one action, never a pattern map. */
const ACTION_ONLY = ["todowrite", "question", "webfetch", "websearch", "doom_loop"];

const isAction = (value: unknown) => typeof value === "string" && ACTIONS.includes(value);

/**
 * What opencode's `AgentConfig` schema (opencode-ai 1.18.33, `ConfigAgentV1`) expects of each
 * key, as the phrase of its reason; `undefined` when the value fits. `prompt` is not
 * checked: a markdown file's body replaces it before the schema runs.
 */
function schemaProblem(key: string, value: unknown): string | undefined {
  switch (key) {
    case "model":
    case "variant":
    case "description":
      return typeof value === "string" ? undefined : "text";
    case "temperature":
    case "top_p":
      return typeof value === "number" && Number.isFinite(value) ? undefined : "a finite number";
    case "steps":
    case "maxSteps":
      return typeof value === "number" && Number.isInteger(value) && value > 0
        ? undefined
        : "a whole number above 0";
    case "disable":
    case "hidden":
      return typeof value === "boolean" ? undefined : "true or false";
    case "mode":
      return typeof value === "string" && MODES.includes(value) ? undefined : MODES.join(", ");
    case "color":
      return typeof value === "string" && (/^#[0-9a-fA-F]{6}$/.test(value) || COLOR_NAMES.includes(value))
        ? undefined
        : `#RRGGBB or one of ${COLOR_NAMES.join(", ")}`;
    case "options":
      return isRecord(value) ? undefined : "a map";
    case "tools":
      return isRecord(value) && Object.values(value).every((v) => typeof v === "boolean")
        ? undefined
        : "a map of tool names to true or false";
    case "permission": {
      if (isAction(value)) return undefined;
      const expected = `ask, allow, deny, or a map of them (${ACTION_ONLY.join(", ")} take one action only)`;
      if (!isRecord(value)) return expected;
      for (const [tool, rule] of Object.entries(value)) {
        if (isAction(rule)) continue;
        if (ACTION_ONLY.includes(tool) || !isRecord(rule) || !Object.values(rule).every(isAction))
          return expected;
      }
      return undefined;
    }
    default:
      return undefined;
  }
}

/**
 * opencode's YAML clean-up (`ConfigMarkdown.sanitize`, opencode-ai 1.18.33), letter for letter:
 * in the frontmatter block, a top-level `key: value` line whose value holds a `:` (and is not
 * quoted, empty, `>` or `|`) becomes the block scalar `key: |-` with the value on the next line.
 *
 * @example sanitizeLikeOpencode("---\ndescription: Use: x\n---\nP") // "---\ndescription: |-\n  Use: x\n---\nP"
 */
export function sanitizeLikeOpencode(content: string): string {
  const match = /^---\r?\n([\s\S]*?)\r?\n---/.exec(content);
  if (!match) return content;
  const block = match[1]!;
  const lines = block.split(/\r?\n/).flatMap((line) => {
    const trimmed = line.trim();
    if (trimmed.startsWith("#") || trimmed === "" || /^\s+/.test(line)) return [line];
    const pair = /^([a-zA-Z_][a-zA-Z0-9_]*)\s*:\s*(.*)$/.exec(line);
    if (!pair) return [line];
    const value = pair[2]!.trim();
    if (value === "" || value === ">" || value === "|" || value.startsWith('"') || value.startsWith("'"))
      return [line];
    return value.includes(":") ? [`${pair[1]}: |-`, `  ${value}`] : [line];
  });
  return content.replace(block, () => lines.join("\n"));
}

/**
 * Markdown as opencode reads it (gray-matter, then one retry after {@link sanitizeLikeOpencode}).
 * When the clean-up changes nothing, gray-matter answers the retry from the cache it filled
 * before the first parse threw: no frontmatter, the whole text as the prompt. When it changes
 * something and the YAML still does not parse, opencode drops the file.
 */
function parseLikeOpencode(content: string, filePath: string): ProfileParse {
  const first = parseMarkdownForTool(content, filePath);
  if (first.ok) return first;
  const whole: ProfileParse = { ok: true, keys: [], fields: { body: content } };
  if (first.code === "tool/no-frontmatter") return whole;
  const sanitized = sanitizeLikeOpencode(content);
  if (sanitized === content) return whole;
  const retried = parseMarkdownForTool(sanitized, filePath);
  if (retried.ok) return retried;
  return {
    ok: false,
    code: "tool/yaml-error",
    message: "drops it: its frontmatter is not valid YAML, even after opencode's clean-up",
  };
}

/** opencode's places that hold agent files within one config folder (`agents/` wins over `agent/`). */
function agentFolders(root: string, scope: ProfilePlace["scope"]): ProfilePlace[] {
  // opencode walks `{agent,agents}/**` in one glob: between the two, the listing order decides.
  return [
    { dir: join(root, "agents"), scope, unordered: root },
    { dir: join(root, "agent"), scope, unordered: root },
  ];
}

/**
 * The `agent` entries of one `opencode.json[c]` as a place (its agents by key, `prompt` as
 * the body). A file opencode would not parse gives none (roster's merged view warns); a
 * project file roster may not read (`--no-project`) is not opened.
 */
function configPlace(ctx: DiscoveryContext, path: string, scope: ProfilePlace["scope"]): ProfilePlace {
  if (scope === "project" && ctx.trustProject === false) return { dir: path, scope, entries: [] };
  const entries = readOpencodeConfigEntries(ctx, path).entries.flatMap(({ key, name, entry }) => {
    if (typeof entry !== "object" || entry === null || Array.isArray(entry)) return [];
    const { prompt, ...fields } = entry as Record<string, unknown>;
    return [
      {
        filePath: `${path}#${key}.${name}`,
        relativePath: name,
        fields: { ...fields, body: typeof prompt === "string" ? prompt : "" },
      },
    ];
  });
  return { dir: path, scope, entries };
}

/**
 * A config folder's own `opencode.jsonc` and `opencode.json`, highest first: opencode merges
 * `.jsonc` last (`opencode debug config`, loaders-opencode.test.ts › config file order).
 */
function configFiles(ctx: DiscoveryContext, dir: string, scope: ProfilePlace["scope"]): ProfilePlace[] {
  return [
    configPlace(ctx, join(dir, "opencode.jsonc"), scope),
    configPlace(ctx, join(dir, "opencode.json"), scope),
  ];
}

/**
 * opencode's own rules (checked against opencode-ai 1.18.33 with `opencode debug config`,
 * and its `ConfigAgentV1` schema read from the binary). opencode loads its config folders
 * in this order and a later one is deep-merged over an earlier one: the global folder,
 * every `.opencode` from the cwd up to the git root (`/` outside a repository; nearest first), `~/.opencode`,
 * `OPENCODE_CONFIG_DIR`. So, highest first: `OPENCODE_CONFIG_DIR`, `~/.opencode`, the
 * farthest `.opencode` … the nearest, the global folder. Identity is the `name` field or the
 * path. One file whose values its schema refuses stops opencode with "Configuration is
 * invalid": nothing loads.
 */
export const opencodeProfile = defineToolProfile({
  tool: "opencode",
  displayName: "opencode",
  checkedAgainst: "opencode-ai 1.18.33",
  places(ctx) {
    const places: ProfilePlace[] = [];
    const override = opencodeConfigDirOverride(ctx);
    if (override) places.push(...agentFolders(override, "user"), ...configFiles(ctx, override, "user"));
    const homeDot = join(ctx.home, ".opencode");
    places.push(...agentFolders(homeDot, "user"), ...configFiles(ctx, homeDot, "user"));
    // opencode walks up to the git worktree's root (to `/` outside a repository).
    const ancestors = walkToGitRoot(ctx.cwd, fileSystemOf(ctx)).dirs;
    for (const dir of [...ancestors].reverse()) {
      const dot = join(dir, ".opencode");
      if (dot !== homeDot) places.push(...agentFolders(dot, "project"), ...configFiles(ctx, dot, "project"));
    }
    const global = opencodeGlobalDir(ctx);
    places.push(...agentFolders(global, "user"));
    // The project's own `opencode.json[c]`, folder by folder (nearest first, its `.jsonc` over
    // its `.json`), then the global folder's config files, merged first of all.
    for (const dir of ancestors) places.push(...configFiles(ctx, dir, "project"));
    for (const name of ["opencode.jsonc", "opencode.json", "config.json"])
      places.push(configPlace(ctx, join(global, name), "user"));
    return places;
  },
  extensions: [".md"],
  recursive: true,
  followsSymlinks: true,
  entersHiddenFolders: true,
  sameId: "deep-merge",
  identity: "name-or-path",
  // One agent file the schema refuses stops every agent (SPEC §15).
  mayRefuseAll: true,
  parse: parseLikeOpencode,
  requiredKeys: [],
  unknownKeys: "ignore",
  knownKeys: OPENCODE_AGENT_KEYS,
  checkFields(fields) {
    for (const [key, value] of Object.entries(fields)) {
      if (key === "body" || value === undefined) continue;
      const expected = schemaProblem(key, value);
      if (expected) {
        return {
          code: "tool/bad-field",
          field: key,
          refusesAll: true,
          message: `refuses its whole configuration ("Configuration is invalid") because of \`${key}: ${JSON.stringify(value)}\` (expected ${expected}): nothing loads`,
        };
      }
    }
    if (fields.disable === true)
      return { code: "tool/disabled", field: "disable", message: "leaves it out: it sets `disable: true`" };
    return undefined;
  },
  // `model: inherit` is a model id to opencode (issue 52), the session's model to roster.
  notesOf: (fields) =>
    fields.model === "inherit"
      ? [
          {
            code: "tool/kept-as-written",
            field: "model",
            message:
              'opencode keeps `model: inherit` as the agent\'s model id (`opencode debug config` shows "model": "inherit"), a model no provider has; roster reads it as the session\'s model, and `run --host opencode` passes none',
          },
        ]
      : [],
  builtins: ["build", "plan", "general", "explore", "compaction", "summary", "title"],
  filesOverrideBuiltins: true,
});
