import { join } from "node:path";
import { defineToolProfile, type FieldProblem, type ProfileParse } from "@roster/family";
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

/** Gemini CLI's `FRONTMATTER_REGEX`: the block ends at the first line starting `---`. */
const GEMINI_FRONTMATTER = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n([\s\S]*))?/;

/** The keys of a remote agent (`remoteAgentUrlSchema`, `remoteAgentJsonSchema`). */
export const GEMINI_REMOTE_AGENT_KEYS = [
  "kind",
  "name",
  "description",
  "display_name",
  "auth",
  "agent_card_url",
  "agent_card_json",
] as const;

/** Keys only a local agent has (with them and no `kind`, Gemini CLI reads a local agent). */
const LOCAL_ONLY_KEYS = ["tools", "mcp_servers", "model", "temperature", "max_turns", "timeout_mins"];

/** Is it a remote agent, as Gemini CLI's schema union decides (`kind`, else an agent card key)? */
const isRemote = (fields: Record<string, unknown>): boolean =>
  fields.kind === "remote" ||
  (fields.kind === undefined &&
    (fields.agent_card_url !== undefined || fields.agent_card_json !== undefined));

/**
 * Markdown as Gemini CLI reads it (`parseAgentMarkdown`): the frontmatter must open with
 * exactly `---` and a newline (a BOM or a trailing space means none, SPEC §15) and ends at the
 * first line that starts with `---` (`---yaml` too); the prompt is what follows that line's
 * newline (nothing when the line goes on). A remote agent has no prompt.
 */
function parseLikeGemini(content: string, filePath: string): ProfileParse {
  const match = GEMINI_FRONTMATTER.exec(content);
  if (!match) return { ok: false, code: "tool/no-frontmatter", message: "it has no frontmatter" };
  if (LIST_START.test(match[1]!)) return parseListLikeGemini(match[1]!, filePath);
  // js-yaml applies a merge key (`<<`), as the real loader showed.
  const parsed = withMergeKeys(parseMarkdownForTool(`---\n${match[1]}\n---\n`, filePath));
  if (!parsed.ok) return parsed;
  const body = isRemote(parsed.fields) ? "" : (match[2] ?? "");
  return { ...parsed, fields: { ...parsed.fields, body } };
}

/** A YAML block whose first line that holds anything opens a list (`- …` or `[`). */
const LIST_START = /^(?:[ \t]*(?:#[^\n]*)?\r?\n)*[ \t]*(?:-(?:[ \t]|\r?$)|\[)/;

/**
 * Frontmatter that is a YAML list, as Gemini CLI reads it (`remoteAgentsListSchema`): a list
 * of remote agents, each a mapping whose `kind` is `remote` or absent. Read by roster's own
 * YAML reader as the value of one key (every line indented under it), each entry a remote
 * agent with no prompt; a list that is not a list of mappings is refused whole.
 */
function parseListLikeGemini(yaml: string, filePath: string): ProfileParse {
  const indented = yaml
    .split("\n")
    .map((line) => `  ${line}`)
    .join("\n");
  const parsed = parseMarkdownForTool(`---\nlist:\n${indented}\n---\n`, filePath);
  if (!parsed.ok) return parsed;
  const entries = parsed.fields.list;
  if (!Array.isArray(entries))
    return { ok: false, code: "tool/yaml-error", message: "its frontmatter is not valid YAML" };
  const list: { keys: string[]; fields: Record<string, unknown> }[] = [];
  for (const [index, entry] of entries.entries()) {
    const where = `entry ${index + 1} of its frontmatter's list`;
    if (entry === null || typeof entry !== "object" || Array.isArray(entry))
      return {
        ok: false,
        code: "tool/bad-field",
        message: `${where} is not a mapping (a list holds remote agents)`,
      };
    const fields = entry as Record<string, unknown>;
    if (fields.kind !== undefined && fields.kind !== "remote")
      return {
        ok: false,
        code: "tool/bad-field",
        message: `${where} is not a remote agent (\`kind\` must be remote or left out in a list)`,
      };
    list.push({ keys: Object.keys(fields), fields: { ...fields, kind: "remote", body: "" } });
  }
  const first = list[0];
  return { ok: true, keys: first?.keys ?? [], fields: first?.fields ?? {}, list };
}

/** Why Gemini CLI refuses a remote agent (its `remoteAgentUrlSchema` / `remoteAgentJsonSchema`), or `undefined`. */
function remoteProblem(fields: Record<string, unknown>): FieldProblem {
  const local = LOCAL_ONLY_KEYS.find((key) => fields[key] !== undefined);
  if (local)
    return {
      code: "tool/unknown-key",
      field: local,
      message: `rejects it because of key \`${local}\` (a remote agent accepts only ${GEMINI_REMOTE_AGENT_KEYS.join(", ")})`,
    };
  const bad = (field: string, what: string): FieldProblem => ({
    code: "tool/bad-field",
    field,
    message: `rejects it: a remote agent's \`${field}\` must be ${what}`,
  });
  for (const key of ["description", "display_name"])
    if (fields[key] !== undefined && typeof fields[key] !== "string") return bad(key, "text");
  const url = fields.agent_card_url;
  const json = fields.agent_card_json;
  if ((url === undefined) === (json === undefined))
    return bad("agent_card_url", "set, or else `agent_card_json` (exactly one of the two)");
  if (url !== undefined && (typeof url !== "string" || !URL.canParse(url)))
    return bad("agent_card_url", "a URL");
  if (json !== undefined) {
    if (typeof json !== "string") return bad("agent_card_json", "JSON text");
    try {
      JSON.parse(json);
    } catch {
      return bad("agent_card_json", "JSON text");
    }
  }
  if (fields.auth !== undefined && (typeof fields.auth !== "object" || fields.auth === null))
    return bad("auth", "a mapping");
  return undefined;
}

const positiveInteger = (value: unknown) => typeof value === "number" && Number.isInteger(value) && value > 0;

/**
 * Why Gemini CLI refuses the value of one of a local agent's keys (`tools`, `kind`,
 * `max_turns`, `timeout_mins`, `temperature`), or `undefined`: what a writer checks a key it
 * writes against, whatever the rest of the file holds.
 */
export function geminiValueProblem(fields: Record<string, unknown>): FieldProblem {
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
}

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
  // `description` is required of a local agent only (checkFields).
  requiredKeys: ["name"],
  requiredMayBeSpaces: true,
  unknownKeys: "reject",
  knownKeys: [...new Set([...GEMINI_AGENT_KEYS, ...GEMINI_REMOTE_AGENT_KEYS])],
  // A local agent is told the keys a local agent takes; a remote one, a remote agent's.
  knownKeysFor: (fields) => (isRemote(fields) ? GEMINI_REMOTE_AGENT_KEYS : GEMINI_AGENT_KEYS),
  nameProblem: (name) => (/^[a-z0-9-_]+$/.test(name) ? undefined : "is not a slug of a-z, 0-9, - and _"),
  checkFields(fields) {
    if (isRemote(fields)) return remoteProblem(fields);
    const remoteKey = GEMINI_REMOTE_AGENT_KEYS.find(
      (key) => !(GEMINI_AGENT_KEYS as readonly string[]).includes(key) && fields[key] !== undefined,
    );
    if (remoteKey)
      return {
        code: "tool/unknown-key",
        field: remoteKey,
        message: `rejects it because of key \`${remoteKey}\` (a local agent accepts only ${GEMINI_AGENT_KEYS.join(", ")})`,
      };
    // A description of spaces is accepted; a missing or empty one is not.
    if (typeof fields.description !== "string" || fields.description === "")
      return {
        code: "tool/missing-key",
        field: "description",
        message: `skips it: \`description\` is ${fields.description === undefined ? "missing" : "empty or not text"}`,
      };
    return geminiValueProblem(fields);
  },
  builtins: ["codebase_investigator", "cli_help", "generalist"],
  filesOverrideBuiltins: false,
  projectNeedsTrust: true,
  // Its trusted folders and the user's acknowledgments (read-gemini-trust.ts).
  projectGate: geminiProjectGate,
  // "Missing mandatory YAML frontmatter" is an agent loading error in Gemini CLI.
  reportsNoFrontmatter: true,
});
