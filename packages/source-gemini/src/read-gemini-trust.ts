import { createHash } from "node:crypto";
import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import type { DiscoveryContext } from "@roster/core";
import { fileSystemOf, isRecord, loadLazily, resolveUserPath } from "@roster/core/provider-kit";
import type { ProjectGate, ToolReason } from "@roster/family";
import type { ParseError } from "jsonc-parser";

/** The most roster reads of one of Gemini CLI's own JSON files. */
const MAX_BYTES = 1024 * 1024;

const TRUST_LEVELS = ["TRUST_FOLDER", "TRUST_PARENT", "DO_NOT_TRUST"] as const;
type TrustLevel = (typeof TRUST_LEVELS)[number];

/**
 * The home Gemini CLI keeps `.gemini` in: `GEMINI_CLI_HOME` when set, else the home
 * (`homedir()` in its bundle).
 */
export function geminiHomeOf(ctx: Pick<DiscoveryContext, "env" | "home" | "cwd">): string {
  const override = ctx.env.GEMINI_CLI_HOME?.trim();
  return override ? resolveUserPath(ctx, override) : ctx.home;
}

type Read = { ok: true; value: unknown } | { ok: false; missing: boolean; why: string };

const jsoncParser = loadLazily<typeof import("jsonc-parser")>({
  url: import.meta.url,
  id: "jsonc-parser",
  bundled: () => require("jsonc-parser"),
});

/**
 * JSON with comments, as the bundle's `parseTrustedFoldersJson` reads `trustedFolders.json`
 * (`JSON.parse(stripJsonComments(content))`: comments allowed, trailing commas not). jsonc-parser
 * is loaded only for a file plain JSON cannot read (a bundler sees the literal require()).
 */
function parseJsonWithComments(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (plain) {
    const jsonc = jsoncParser();
    const errors: ParseError[] = [];
    const value = jsonc.parse(text, errors, { allowTrailingComma: false, disallowComments: false });
    if (errors.length > 0) throw plain;
    return value;
  }
}

/** One JSON file, bounded; never throws. */
function readJson(ctx: DiscoveryContext, path: string, comments = false): Read {
  let text: string;
  try {
    text = fileSystemOf(ctx).readFile(path, MAX_BYTES).toString("utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { ok: false, missing: code === "ENOENT" || code === "ENOTDIR", why: (error as Error).message };
  }
  try {
    return { ok: true, value: comments ? parseJsonWithComments(text) : JSON.parse(text) };
  } catch (error) {
    return { ok: false, missing: false, why: `not valid JSON (${(error as Error).message})` };
  }
}

function realpathOr(ctx: DiscoveryContext, path: string): string {
  try {
    return fileSystemOf(ctx).realpath(path);
  } catch {
    return path;
  }
}

/** `isSubpath` of the bundle: `child` is `parent` or inside it. */
function isInside(parent: string, child: string): boolean {
  const rel = relative(parent, child);
  return !rel.startsWith(`..${sep}`) && rel !== ".." && !isAbsolute(rel);
}

/**
 * Why Gemini CLI reads no project agent in `ctx.cwd`, or `undefined` when it trusts the
 * folder — `checkPathTrust`, `LoadedTrustedFolders.isPathTrusted`, `loadTrustedFolders` and
 * `Config.isTrustedFolder` of @google/gemini-cli 0.61.0: env first
 * (`GEMINI_RESTRICTED_MODE=true` or `GEMINI_CLI_TRUST_WORKSPACE=false` distrust,
 * `GEMINI_CLI_TRUST_WORKSPACE=true` trusts), no gate when `security.folderTrust.enabled` is
 * false in `~/.gemini/settings.json`, else the longest matching rule of `trustedFolders.json`
 * (a `TRUST_PARENT` rule covers its path's parent); no matching rule means not trusted.
 */
function folderReason(ctx: DiscoveryContext, gemini: string): ToolReason | undefined {
  const env = ctx.env;
  if (env.GEMINI_RESTRICTED_MODE === "true" || env.GEMINI_CLI_TRUST_WORKSPACE === "false") {
    const by =
      env.GEMINI_RESTRICTED_MODE === "true"
        ? "GEMINI_RESTRICTED_MODE=true"
        : "GEMINI_CLI_TRUST_WORKSPACE=false";
    return {
      code: "tool/untrusted",
      message: `Gemini CLI does not load project agents: ${by} distrusts every folder`,
    };
  }
  if (env.GEMINI_CLI_TRUST_WORKSPACE === "true") return undefined;
  const settings = readJson(ctx, join(gemini, "settings.json"));
  if (settings.ok && isRecord(settings.value)) {
    const security = settings.value.security;
    const folderTrust = isRecord(security) ? security.folderTrust : undefined;
    if (isRecord(folderTrust) && folderTrust.enabled === false) return undefined;
  }
  const override = env.GEMINI_CLI_TRUSTED_FOLDERS_PATH;
  const file = override ? resolveUserPath(ctx, override) : join(gemini, "trustedFolders.json");
  const read = readJson(ctx, file, true);
  const refused = (why: string): ToolReason => ({
    code: "tool/config-refused",
    message: `Gemini CLI stops at start-up: ${file} ${why}; fix or remove it`,
  });
  const rules: [string, TrustLevel][] = [];
  if (!read.ok && !read.missing) return refused(read.why);
  if (read.ok) {
    if (!isRecord(read.value)) return refused("is not a JSON object");
    for (const [raw, level] of Object.entries(read.value)) {
      if (!TRUST_LEVELS.includes(level as TrustLevel)) {
        return refused(
          `gives "${raw}" the trust level ${JSON.stringify(level)} (${TRUST_LEVELS.join(", ")} only)`,
        );
      }
      rules.push([resolve(ctx.cwd, raw), level as TrustLevel]);
    }
  }
  const location = realpathOr(ctx, resolve(ctx.cwd));
  let longest = -1;
  let match: TrustLevel | undefined;
  for (const [path, level] of rules) {
    const effective = realpathOr(ctx, level === "TRUST_PARENT" ? dirname(path) : path);
    if (isInside(effective, location) && path.length > longest) {
      longest = path.length;
      match = level;
    }
  }
  if (match === "TRUST_FOLDER" || match === "TRUST_PARENT") return undefined;
  const how = `trust it in Gemini CLI's folder-trust dialog (/permissions), or add "${ctx.cwd}": "TRUST_FOLDER" to ${file}`;
  return {
    code: "tool/untrusted",
    message:
      match === "DO_NOT_TRUST"
        ? `Gemini CLI does not load project agents here: ${file} marks this folder DO_NOT_TRUST (${how})`
        : `Gemini CLI does not load project agents in a folder it does not trust: ${how}`,
  };
}

/** Why Gemini CLI does not trust `ctx.cwd` (it then reads no project agent, skill or setting), or `undefined`. */
export function geminiFolderTrust(ctx: DiscoveryContext): ToolReason | undefined {
  return folderReason(ctx, join(geminiHomeOf(ctx), ".gemini"));
}

/**
 * Gemini CLI's own gate on project agents (`AgentRegistry.loadAgents` of
 * @google/gemini-cli 0.61.0): none in a folder it does not trust, and only agents the user
 * acknowledged — `~/.gemini/acknowledgments/agents.json` maps the project root, then the
 * agent's name, to the SHA-256 (hex) of its file's text (`AcknowledgedAgentsService`).
 */
export function geminiProjectGate(ctx: DiscoveryContext): ProjectGate {
  const gemini = join(geminiHomeOf(ctx), ".gemini");
  const folder = folderReason(ctx, gemini);
  if (folder) return { folder };
  const file = join(gemini, "acknowledgments", "agents.json");
  const read = readJson(ctx, file);
  const acks = read.ok && isRecord(read.value) ? read.value[resolve(ctx.cwd)] : undefined;
  const broken =
    !read.ok && !read.missing
      ? ` (${file} is ${read.why.startsWith("not ") ? read.why : `unreadable: ${read.why}`}; Gemini CLI reads it as empty)`
      : "";
  return {
    file({ id, content }) {
      const acked = isRecord(acks) ? acks[id] : undefined;
      const hash = createHash("sha256").update(content).digest("hex");
      if (acked === hash) return undefined;
      const what =
        typeof acked === "string"
          ? "changed since the user acknowledged it"
          : `not acknowledged in ${file} for ${resolve(ctx.cwd)}`;
      return {
        code: "tool/unacknowledged",
        message: `Gemini CLI registers a project agent only once the user acknowledged it, and asks first: "${id}" is ${what}${broken}`,
      };
    },
  };
}
