import { join } from "node:path";
import { defineToolProfile, type ProfileParse } from "@roster/family";
import { parseMarkdownForTool, withMergeKeys } from "@roster/profiles";
import { isGeminiToolName } from "./gemini-tools.js";
import { geminiHomeOf, geminiProjectGate } from "./read-gemini-trust.js";

/** The keys Gemini CLI's strict agent schema allows, and nothing else. */
export const GEMINI_AGENT_KEYS = [
  "kind",
  "name",
  "description",
  "display_name",
  "tools",
  "mcp_servers",
  "model",
  "temperature",
  "max_turns",
  "timeout_mins",
] as const;

/**
 * Markdown as Gemini CLI reads it: the frontmatter must open with exactly `---` and a
 * newline (a BOM or a trailing space means none, SPEC §15).
 */
function parseLikeGemini(content: string, filePath: string): ProfileParse {
  if (!/^---\r?\n/.test(content))
    return { ok: false, code: "tool/no-frontmatter", message: "it has no frontmatter" };
  // js-yaml applies a merge key (`<<`), as the real loader showed.
  return withMergeKeys(parseMarkdownForTool(content, filePath));
}

const positiveInteger = (value: unknown) => typeof value === "number" && Number.isInteger(value) && value > 0;

/**
 * Gemini CLI's own rules (read from the @google/gemini-cli 0.61.0 bundle: its
 * `loadAgentsFromDirectory`, `localAgentSchema` and `AgentRegistry`): built-ins first, then
 * `<cwd>/.gemini/agents` (only in a trusted folder), then `~/.gemini/agents`
 * (`GEMINI_CLI_HOME` replaces the home); the first registration of a name wins, so a file
 * never overrides a built-in; flat folders, regular `*.md` files only, names starting `_`
 * skipped; a strict schema (unknown keys and bad tool names are rejected); project agents
 * only in a folder `trustedFolders.json` trusts, and only once the user acknowledged them.
 */
export const geminiProfile = defineToolProfile({
  tool: "gemini",
  displayName: "Gemini CLI",
  checkedAgainst: "@google/gemini-cli 0.61.0",
  places(ctx) {
    const home = geminiHomeOf(ctx);
    return [
      { dir: join(ctx.cwd, ".gemini", "agents"), scope: "project" },
      { dir: join(home, ".gemini", "agents"), scope: "user" },
    ];
  },
  extensions: [".md"],
  recursive: false,
  skipPrefixes: ["_"],
  followsSymlinks: false,
  identity: "name",
  parse: parseLikeGemini,
  requiredKeys: ["name", "description"],
  // A description of spaces is accepted; a missing or empty one is not.
  requiredMayBeSpaces: true,
  unknownKeys: "reject",
  knownKeys: GEMINI_AGENT_KEYS,
  nameProblem: (name) => (/^[a-z0-9-_]+$/.test(name) ? undefined : "is not a slug of a-z, 0-9, - and _"),
  checkFields(fields) {
    const tools = fields.tools;
    if (tools !== undefined) {
      if (!Array.isArray(tools))
        return { code: "tool/bad-field", field: "tools", message: "rejects it: `tools` must be a list" };
      const bad = tools.filter((tool) => typeof tool !== "string" || !isGeminiToolName(tool));
      if (bad.length > 0) {
        return {
          code: "tool/bad-field",
          field: "tools",
          message: `rejects it: invalid tool name${bad.length > 1 ? "s" : ""} ${bad.map((t) => `\`${String(t)}\``).join(", ")}`,
        };
      }
    }
    if (fields.kind !== undefined && fields.kind !== "local" && fields.kind !== "remote") {
      return {
        code: "tool/bad-field",
        field: "kind",
        message: `rejects it: \`kind\` must be local or remote`,
      };
    }
    for (const key of ["max_turns", "timeout_mins"]) {
      if (fields[key] !== undefined && !positiveInteger(fields[key])) {
        return {
          code: "tool/bad-field",
          field: key,
          message: `rejects it: \`${key}\` must be a positive whole number`,
        };
      }
    }
    if (fields.temperature !== undefined && typeof fields.temperature !== "number") {
      return {
        code: "tool/bad-field",
        field: "temperature",
        message: "rejects it: `temperature` must be a number",
      };
    }
    return undefined;
  },
  builtins: ["codebase_investigator", "cli_help", "generalist"],
  filesOverrideBuiltins: false,
  projectNeedsTrust: true,
  // Its trusted folders and the user's acknowledgments (read-gemini-trust.ts).
  projectGate: geminiProjectGate,
  // "Missing mandatory YAML frontmatter" is an agent loading error in Gemini CLI.
  reportsNoFrontmatter: true,
});
