import { dirname, isAbsolute, join, relative, resolve } from "node:path";
import { type Diagnostic, type DiscoveryContext, findProjectDirs, type LoadedItem } from "@roster/core";
import { errorCode, fileSystemOf, isRecord } from "@roster/core/provider-kit";
import { ancestorsToRepoRoot, type ProfilePlace, type ProjectGate } from "@roster/family";
import { readTomlFile } from "@roster/toml";
import { mapCodexAgent } from "./codex-agent-format.js";
import { codexHome } from "./codex-paths.js";

/** A config.toml is a few KiB; larger ones are not read. */
const MAX_CONFIG_BYTES = 1024 * 1024;

/** Codex's own limits on sub-agents, from `[agents]` in `config.toml`. */
export interface CodexAgentLimits {
  /** `[agents] max_depth`: how deep agents may spawn agents. */
  maxDepth?: number;
  /** `[agents] max_threads`: how many agents may run at once. */
  maxThreads?: number;
  /** The config file they came from. */
  filePath: string;
}

function inside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel));
}

/** The config files roster reads, highest precedence first: the nearest project `.codex/config.toml`, then `$CODEX_HOME/config.toml`. */
export function codexConfigFiles(ctx: DiscoveryContext): Array<{ path: string; scope: "project" | "user" }> {
  const home = codexHome(ctx);
  const files: Array<{ path: string; scope: "project" | "user" }> = [];
  if (ctx.trustProject !== false) {
    for (const dir of findProjectDirs(ctx, ".codex", { mode: "nearest", exclude: home })) {
      files.push({ path: join(dir, "config.toml"), scope: "project" });
    }
  }
  files.push({ path: join(home, "config.toml"), scope: "user" });
  return files;
}

function readToml(
  ctx: DiscoveryContext,
  path: string,
  what: string,
  diagnostics: Diagnostic[],
): Record<string, unknown> | undefined {
  const fs = fileSystemOf(ctx);
  let content: string;
  try {
    if (!fs.stat(path).isFile()) return undefined;
    const buffer = fs.readFile(path, MAX_CONFIG_BYTES);
    if (buffer.length > MAX_CONFIG_BYTES) throw new Error(`over the ${MAX_CONFIG_BYTES}-byte limit`);
    content = buffer.toString("utf8");
  } catch (error) {
    const code = errorCode(error);
    if (code !== "ENOENT" && code !== "ENOTDIR") {
      diagnostics.push({
        severity: "warning",
        code: "codex/config-unreadable",
        message: `cannot read ${what}: ${error instanceof Error ? error.message : String(error)}`,
        filePath: path,
      });
    }
    return undefined;
  }
  const read = readTomlFile(
    { filePath: path, relativePath: path, content, level: "warn" },
    { code: "codex/toml-error", what },
  );
  if (!read.ok) {
    diagnostics.push(read.reason);
    return undefined;
  }
  return read.data;
}

/**
 * Codex's own sub-agent limits (`[agents] max_depth`, `max_threads`), from the first
 * config file that sets any, for `roster doctor --as codex`.
 */
export function readCodexLimits(ctx: DiscoveryContext): {
  limits?: CodexAgentLimits;
  diagnostics: Diagnostic[];
} {
  const diagnostics: Diagnostic[] = [];
  for (const { path } of codexConfigFiles(ctx)) {
    const config = readToml(ctx, path, "Codex config", diagnostics);
    const agents = config?.agents;
    if (!isRecord(agents)) continue;
    const limits: CodexAgentLimits = { filePath: path };
    if (typeof agents.max_depth === "number") limits.maxDepth = agents.max_depth;
    if (typeof agents.max_threads === "number") limits.maxThreads = agents.max_threads;
    if (limits.maxDepth !== undefined || limits.maxThreads !== undefined) return { limits, diagnostics };
  }
  return { diagnostics };
}

/**
 * What Codex's own `[agents]` limits mean for roster: one info finding naming the file, or
 * none (the `--as codex` view's setup notes).
 */
export function codexSetupNotes(ctx: DiscoveryContext): Diagnostic[] {
  const { limits } = readCodexLimits(ctx);
  if (!limits) return [];
  const parts = [
    limits.maxDepth !== undefined ? `max_depth = ${limits.maxDepth}` : "",
    limits.maxThreads !== undefined ? `max_threads = ${limits.maxThreads}` : "",
  ].filter(Boolean);
  return [
    {
      severity: "info",
      code: "tool/host-limits",
      message: `Codex's own sub-agent limits: ${parts.join(", ")} ([agents] in config.toml); roster's maxRecursionDepth and maxConcurrency apply on top`,
      filePath: limits.filePath,
    },
  ];
}

/**
 * Agent roles declared in `config.toml` as `[agents.<name>]` tables with a `config_file`
 * (a Codex agent TOML, relative to the config's folder): loaded items named by the table
 * key, its `description` winning over the file's. A `config_file` outside the config's
 * folder is refused; one inside an agents folder roster already reads is left to that
 * folder; a table without `config_file` only tunes a built-in role and is not an agent.
 */
export function loadCodexConfigAgents(ctx: DiscoveryContext): {
  items: LoadedItem[];
  diagnostics: Diagnostic[];
} {
  const items: LoadedItem[] = [];
  const diagnostics: Diagnostic[] = [];
  const fs = fileSystemOf(ctx);
  for (const { path, scope } of codexConfigFiles(ctx)) {
    const config = readToml(ctx, path, "Codex config", diagnostics);
    const agents = config?.agents;
    if (!isRecord(agents)) continue;
    const root = dirname(path);
    for (const [name, role] of Object.entries(agents)) {
      if (!isRecord(role) || typeof role.config_file !== "string") continue;
      const target = resolve(root, role.config_file);
      let real = target;
      try {
        real = fs.realpath(target);
      } catch {
        // Missing: reported below when it is read.
      }
      if (!inside(root, target) || !inside(fs.realpath(root), real)) {
        diagnostics.push({
          severity: "warning",
          code: "codex/config-path-escapes",
          message: `[agents.${name}] config_file ${JSON.stringify(role.config_file)} leads outside ${root}: refused`,
          filePath: path,
        });
        continue;
      }
      if (inside(join(root, "agents"), target)) continue;
      const data = readToml(ctx, target, "Codex agent", diagnostics);
      if (!data) {
        diagnostics.push({
          severity: "warning",
          code: "codex/config-file-missing",
          message: `[agents.${name}] config_file ${JSON.stringify(role.config_file)} cannot be read: skipped`,
          filePath: path,
        });
        continue;
      }
      const mapped = mapCodexAgent(data, target);
      if (mapped.kind === "unusable") {
        diagnostics.push(mapped.reason);
        continue;
      }
      const frontmatter: Record<string, unknown> = { ...mapped.frontmatter, name };
      if (typeof role.description === "string") frontmatter.description = role.description;
      items.push({ filePath: `${path}#agents.${name}`, source: scope, frontmatter, body: mapped.body });
    }
  }
  return { items, diagnostics };
}

/**
 * Marks the fields of a role a `[agents.<key>]` table declares by its `description` alone:
 * it has no `developer_instructions` to require (a symbol, so no key of the file).
 */
export const DESCRIBED_ROLE: unique symbol = Symbol("codex described role");

/** The fields of a role `[agents.<key>] description = "…"` declares without a `config_file`. */
function describedRole(key: string, description: string): Record<string, unknown> {
  return { name: key, description, [DESCRIBED_ROLE]: true };
}

/**
 * The roles `[agents.<key>]` tables define, as Codex itself loads them (@openai/codex 0.171.0,
 * `codex debug prompt-input`; issue 52): one place per config file. A table with a
 * `config_file` is the role of that file, named by its `name`, else the table key, described
 * by its `description`, else the table's; the same files as {@link loadCodexConfigAgents}
 * reads (a path leaving the config's folder refused, one inside its `agents` folder left to
 * that folder). A table with a non-blank `description` and no `config_file` is a role of the
 * table key with that description and no instructions ({@link DESCRIBED_ROLE}): over a
 * built-in of that name, it replaces only the description Codex shows.
 */
export function codexConfigRolePlaces(ctx: DiscoveryContext): ProfilePlace[] {
  const fs = fileSystemOf(ctx);
  const diagnostics: Diagnostic[] = [];
  return codexConfigFiles(ctx).map(({ path, scope }) => {
    const agents = readToml(ctx, path, "Codex config", diagnostics)?.agents;
    const root = dirname(path);
    const entries = Object.entries(isRecord(agents) ? agents : {}).flatMap(([key, role]) => {
      if (!isRecord(role)) return [];
      // A table with a description and no file: a role of that name with that description
      // (a built-in's description replaced), no instructions of its own; blank, no role.
      if (role.config_file === undefined) {
        const { description } = role;
        if (typeof description !== "string" || description.trim() === "") return [];
        return [
          { filePath: `${path}#agents.${key}`, relativePath: key, fields: describedRole(key, description) },
        ];
      }
      if (typeof role.config_file !== "string") return [];
      const target = resolve(root, role.config_file);
      let real = target;
      try {
        real = fs.realpath(target);
      } catch {
        return [];
      }
      if (!inside(root, target) || !inside(fs.realpath(root), real) || inside(join(root, "agents"), target))
        return [];
      const data = readToml(ctx, target, "Codex agent", diagnostics);
      if (!data) return [];
      const fields: Record<string, unknown> = { ...data, name: data.name ?? key };
      if (data.description === undefined && role.description !== undefined)
        fields.description = role.description;
      return [{ filePath: target, relativePath: key, fields }];
    });
    return { dir: path, scope, entries };
  });
}

/**
 * Codex's own gate on project agents (checked against @openai/codex 0.171.0 with `codex
 * debug prompt-input` and the app server's `config/read`): a project's `.codex` folders (and
 * so their `agents`) load only when `$CODEX_HOME/config.toml` has `[projects."<root>"]
 * trust_level = "trusted"`, where `<root>` is the repository root (the cwd outside a
 * repository) written exactly: an entry for the cwd below the root, a parent folder or a
 * path with a trailing `/` does not count. The user's agents load either way.
 */
export function codexProjectGate(ctx: DiscoveryContext): ProjectGate {
  const dirs = ancestorsToRepoRoot(ctx);
  const root = dirs[dirs.length - 1] ?? resolve(ctx.cwd);
  const file = join(codexHome(ctx), "config.toml");
  const config = readToml(ctx, file, "Codex config", []);
  const projects = config?.projects;
  const entry = isRecord(projects) ? projects[root] : undefined;
  const level = isRecord(entry) ? entry.trust_level : undefined;
  if (level === "trusted") return {};
  const how = `add [projects."${root}"] trust_level = "trusted" to ${file} (Codex asks on its first run in a project)`;
  return {
    folder: {
      code: "tool/untrusted",
      message:
        level === "untrusted"
          ? `Codex does not load project agents here: ${file} marks ${root} untrusted (${how.replace("add", "set")})`
          : `Codex loads project agents only in a trusted project: ${how}`,
    },
  };
}
