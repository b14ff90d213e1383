import { isAbsolute, resolve } from "node:path";
import { type Diagnostic, type DiscoveryContext, fileSystemOf, isDirectory, type Scope } from "@roster/core";
import { readEnabledPlugins } from "./enabled-plugins.js";
import { parseInstalledPlugins } from "./parse-registry.js";
import { claudeRegistryPath, isInside, projectRegistryPath, xcshRegistryPath } from "./plugin-paths.js";
import { readJsonFile } from "./read-json.js";
import type { PluginRoot, RegistryEntry, RegistryPlugin, RegistrySource } from "./types.js";

/** Options of {@link findPluginRoots}. */
export interface FindPluginRootsOptions {
  /** Read Claude Code's registry and `enabledPlugins` settings (default `true`). */
  claude?: boolean;
}

/** The result of {@link findPluginRoots}. */
export interface PluginRootsResult {
  /** Project-scope roots first, then user-scope ones; registry order within each. */
  roots: PluginRoot[];
  /** Registry files that were considered, in reading order, with what became of them. */
  registries: Array<{ source: RegistrySource; path: string; status: "read" | "missing" | "invalid" }>;
  diagnostics: Diagnostic[];
}

interface Loaded {
  source: RegistrySource;
  path: string;
  plugins: RegistryPlugin[];
}

function loadRegistry(
  ctx: DiscoveryContext,
  source: RegistrySource,
  path: string,
  out: PluginRootsResult,
): Loaded {
  const read = readJsonFile(fileSystemOf(ctx), path);
  const empty: Loaded = { source, path, plugins: [] };
  if (read.status === "missing") {
    out.registries.push({ source, path, status: "missing" });
    return empty;
  }
  if (read.status !== "ok") {
    const code = read.status === "invalid" ? "plugins/registry-invalid-json" : "plugins/registry-unreadable";
    const what = read.status === "invalid" ? "is not valid JSON" : "cannot be read";
    out.diagnostics.push({
      severity: "warning",
      code,
      message: `plugin registry ${what} (${read.reason}); no plugins read from it`,
      filePath: path,
    });
    out.registries.push({ source, path, status: "invalid" });
    return empty;
  }
  const parsed = parseInstalledPlugins(read.value, { filePath: path });
  out.diagnostics.push(...parsed.diagnostics);
  out.registries.push({ source, path, status: parsed.valid ? "read" : "invalid" });
  return { source, path, plugins: parsed.plugins };
}

/** True when the cwd is `projectPath` or inside it, comparing real paths too (symlinked temp folders). */
function cwdWithin(ctx: DiscoveryContext, projectPath: string): boolean {
  if (isInside(projectPath, ctx.cwd)) return true;
  const fs = fileSystemOf(ctx);
  try {
    return isInside(fs.realpath(projectPath), fs.realpath(ctx.cwd));
  } catch {
    return false;
  }
}

/** The scope an entry applies with here, or undefined when it does not apply to this cwd. */
function effectiveScope(
  ctx: DiscoveryContext,
  source: RegistrySource,
  entry: RegistryEntry,
  id: string,
  path: string,
  diagnostics: Diagnostic[],
): Scope | undefined {
  const projectish = entry.scope === "project" || entry.scope === "local";
  if (projectish && entry.projectPath !== undefined) {
    if (!isAbsolute(entry.projectPath)) {
      diagnostics.push({
        severity: "warning",
        code: "plugins/invalid-project-path",
        message: `plugin "${id}": projectPath ${JSON.stringify(entry.projectPath)} is not absolute: entry skipped`,
        filePath: path,
      });
      return undefined;
    }
    return cwdWithin(ctx, entry.projectPath) ? "project" : undefined;
  }
  if (source === "project" || projectish) return "project";
  return "user";
}

/**
 * Flags every plugin id the project registry lists with an install folder that the user's
 * registries do not give that id: project entries come first, so the project's folder
 * would answer for the user's plugin (its bare names and its `<plugin>:<name>` ids).
 */
function flagReregistered(project: Loaded, userRegistries: Loaded[], diagnostics: Diagnostic[]): void {
  for (const plugin of project.plugins) {
    const theirs = userRegistries.flatMap((registry) =>
      registry.plugins
        .filter((p) => p.id === plugin.id)
        .flatMap((p) => p.entries.map((e) => ({ registry: registry.path, installPath: e.installPath }))),
    );
    if (theirs.length === 0) continue;
    const known = new Set(theirs.map((t) => resolve(t.installPath)));
    const foreign = plugin.entries.filter((e) => !known.has(resolve(e.installPath)));
    if (foreign.length === 0) continue;
    diagnostics.push({
      severity: "warning",
      code: "plugins/project-reregisters",
      message:
        `plugin "${plugin.id}" is installed for you in ${theirs[0]!.registry} (${theirs[0]!.installPath}); ` +
        `this project registry registers it again at ${foreign.map((e) => e.installPath).join(", ")}, which comes first`,
      filePath: project.path,
    });
  }
}

/**
 * Finds the plugin folders to read (SPEC §4.2), in precedence order. Reads, in order,
 * `<claudeDir>/plugins/installed_plugins.json`, `~/.xcsh/plugins/installed_plugins.json`
 * (whose ids replace Claude's) and, for a trusted project, the project registry; then
 * applies `projectPath`, `enabledPlugins`, de-duplication and the `installPath` checks.
 * Never throws on bad files: every problem is a diagnostic.
 */
export function findPluginRoots(
  ctx: DiscoveryContext,
  options: FindPluginRootsOptions = {},
): PluginRootsResult {
  const out: PluginRootsResult = { roots: [], registries: [], diagnostics: [] };
  const readClaude = options.claude !== false;
  const trusted = ctx.trustProject !== false;

  // 1–3. The registries, in order.
  const claude = readClaude ? loadRegistry(ctx, "claude", claudeRegistryPath(ctx), out) : undefined;
  const xcsh = loadRegistry(ctx, "xcsh", xcshRegistryPath(ctx), out);
  const projectPath = trusted ? projectRegistryPath(ctx) : undefined;
  const project = projectPath ? loadRegistry(ctx, "project", projectPath, out) : undefined;

  // The xcsh registry is authoritative: an id it lists drops every Claude entry of that id.
  const xcshIds = new Set(xcsh.plugins.map((p) => p.id));
  const registries: Loaded[] = [];
  if (claude) registries.push({ ...claude, plugins: claude.plugins.filter((p) => !xcshIds.has(p.id)) });
  registries.push(xcsh);
  if (project) {
    registries.push(project);
    flagReregistered(project, registries.slice(0, -1), out.diagnostics);
  }

  const enabled = readClaude ? readEnabledPlugins(ctx) : undefined;
  if (enabled) out.diagnostics.push(...enabled.diagnostics);

  // 4. Scope each entry; keep registry order within a scope.
  const byScope: Record<
    Scope,
    Array<{ plugin: RegistryPlugin; entry: RegistryEntry; registry: Loaded; scope: Scope }>
  > = {
    project: [],
    user: [],
  };
  for (const registry of registries) {
    for (const plugin of registry.plugins) {
      if (enabled?.enabled.get(plugin.id) === false) continue;
      for (const entry of plugin.entries) {
        const scope = effectiveScope(ctx, registry.source, entry, plugin.id, registry.path, out.diagnostics);
        if (scope) byScope[scope].push({ plugin, entry, registry, scope });
      }
    }
  }

  // 5. Project scope first; the first of an (id, installPath) pair wins; then check the folder.
  const fs = fileSystemOf(ctx);
  const seen = new Set<string>();
  for (const { plugin, entry, registry, scope } of [...byScope.project, ...byScope.user]) {
    const absolute = isAbsolute(entry.installPath);
    const root = absolute ? resolve(entry.installPath) : entry.installPath;
    const key = `${plugin.id}\0${root}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (!absolute) {
      out.diagnostics.push({
        severity: "warning",
        code: "plugins/install-path-not-absolute",
        message: `plugin "${plugin.id}": installPath ${JSON.stringify(entry.installPath)} is not absolute: skipped`,
        filePath: registry.path,
      });
      continue;
    }
    if (!isDirectory(fs, root)) {
      out.diagnostics.push({
        severity: "warning",
        code: "plugins/install-path-not-found",
        message: `plugin "${plugin.id}": installPath ${root} is not an existing folder: skipped`,
        filePath: registry.path,
      });
      continue;
    }
    const found: PluginRoot = {
      id: plugin.id,
      name: plugin.name,
      marketplace: plugin.marketplace,
      scope,
      root,
      registryPath: registry.path,
      source: registry.source,
    };
    if (entry.version !== undefined) found.version = entry.version;
    out.roots.push(found);
  }
  return out;
}
