// What a fetched source holds, found the way discovery finds it (SPEC §20): the app's registry
// runs with the source's folder as the project and an empty temporary home, so every family's
// layout is recognised (`.claude/agents`, `.github/agents/*.agent.md`, `.codex/agents/*.toml`,
// …); a Claude Code plugin or marketplace in it, and a root holding `agents/`, `commands/` or
// `skills/`, are read as plugins through a registry written into that home. Project data only:
// no config of the source is read, no code of it runs. Only files whose real path is inside
// the source count (a link out of it, a walk up past it, the machine's managed folders do not).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { discoverCommands, type WorkflowCommand } from "@roster/commands";
import {
  type AgentDefinition,
  type Diagnostic,
  type DiscoveryContext,
  discoverAgents,
  type FileSystem,
  type ProviderRegistry,
} from "@roster/core";
import { isInside, nodeFileSystem, resolvePath } from "@roster/core/provider-kit";
import type { SkillSource } from "@roster/family";
import { discoverSkills, type Skill } from "@roster/skills";
import { SourceError } from "./errors.js";
import { subPathProblem } from "./source-spec.js";
import type { DefinitionKind, Finding } from "./types.js";

/** The most bytes of a marketplace or plugin manifest read. */
const MAX_MANIFEST_BYTES = 1024 * 1024;
/** The folders that make a plugin root of a folder without a manifest (a plugin's defaults). */
const PLUGIN_FOLDERS = ["agents", "commands", "skills"];
/** Files of a plugin that run code (hooks, MCP servers): roster never installs them. */
const PLUGIN_CODE = ["hooks/hooks.json", ".mcp.json"];
/** Files of a project that run code (hooks and MCP servers in settings): roster never installs them. */
const PROJECT_CODE = [
  ".mcp.json",
  ".claude/settings.json",
  ".claude/settings.local.json",
  ".gemini/settings.json",
];

/** One definition found in a source: what it is, and its file relative to the repository. */
export interface Found<T> {
  value: T;
  /** `/`-separated, relative to the repository's root. */
  file: string;
  /** The name it is written under (a plugin skill's folder name, not `plugin:name`). */
  name: string;
}

/** Everything a source holds. */
export interface SourceDefinitions {
  /** The folder read (the repository, or `--path` below it). */
  root: string;
  agents: Array<Found<AgentDefinition>>;
  skills: Array<Found<Skill>>;
  commands: Array<Found<WorkflowCommand>>;
  /** Duplicate names, files skipped, plugins from elsewhere, files never installed. */
  findings: Finding[];
  /** The repository-relative folders read as Claude Code plugins. */
  plugins: string[];
}

/** Options of {@link findDefinitions}. */
export interface FindDefinitionsOptions {
  /** The checked-out repository (its root holds the `.git` file that ends every walk up). */
  tree: string;
  /** A folder of the repository to read instead of its root (`--path`). */
  path?: string;
  registry: ProviderRegistry;
  skillSources: readonly SkillSource[];
  /** Where a home's installed-plugins registry is (the plugins family's); without it, plugin folders are not read as plugins. */
  pluginRegistry?: (home: string) => string;
  /** The layer the tree is read through (a fetched commit's, see commit-tree.ts); node:fs by default. */
  fs?: FileSystem;
}

/** `/`-separated path of `file` relative to `dir`. */
export function posixRelative(dir: string, file: string): string {
  if (sep === "/") {
    // A file below the folder (the common case): what follows the folder's path.
    const from = resolvePath(dir);
    const to = resolvePath(file);
    if (to === from) return "";
    const start = from === "/" ? 1 : from.length + 1;
    if (to.startsWith(from === "/" ? from : `${from}/`)) return to.slice(start);
  }
  return relative(dir, file).split(sep).join("/");
}

/** The real path, or the path itself when it does not resolve. */
function realOr(fs: FileSystem, path: string): string {
  try {
    return fs.realpath(path);
  } catch {
    return path;
  }
}

function readJson(fs: FileSystem, path: string): { value?: unknown; problem?: string } {
  try {
    return { value: JSON.parse(fs.readFile(path, MAX_MANIFEST_BYTES).toString("utf8")) };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return {};
    return { problem: error instanceof Error ? error.message : String(error) };
  }
}

function exists(fs: FileSystem, path: string): boolean {
  try {
    fs.lstat(path);
    return true;
  } catch {
    return false;
  }
}

function isFolder(fs: FileSystem, path: string): boolean {
  try {
    return fs.lstat(path).isDirectory();
  } catch {
    return false;
  }
}

/** The folder `--path` names, below the repository and through no link; a usage problem otherwise. */
export function sourceRoot(tree: string, path: string | undefined, fs: FileSystem = nodeFileSystem): string {
  if (path === undefined || path === "" || path === ".") return tree;
  // A declaration's path (a config's) is the source's problem here; an add refuses it first.
  const problem = subPathProblem(path);
  if (problem) throw new SourceError("source/bad-path", problem);
  const parts = path.split(/[\\/]+/).filter((p) => p !== "" && p !== ".");
  let at = tree;
  for (const part of parts) {
    at = join(at, part);
    let stats: import("node:fs").Stats;
    try {
      stats = fs.lstat(at);
    } catch {
      throw new SourceError(
        "source/bad-path",
        `the repository has no folder ${JSON.stringify(path)}: check --path`,
      );
    }
    if (stats.isSymbolicLink())
      throw new SourceError(
        "source/bad-path",
        `--path ${JSON.stringify(path)} goes through a link; give the folder itself`,
      );
    if (!stats.isDirectory())
      throw new SourceError(
        "source/bad-path",
        `--path ${JSON.stringify(path)} is not a folder of the repository`,
      );
  }
  return at;
}

interface PluginRootFound {
  id: string;
  root: string;
}

/**
 * The folders of `root` Claude Code would install as plugins: each plugin of a
 * `.claude-plugin/marketplace.json` whose `source` is a folder of the repository, and the root
 * itself when it has a `.claude-plugin/plugin.json` or a plugin's default folders.
 */
function pluginRoots(fs: FileSystem, tree: string, root: string, findings: Finding[]): PluginRootFound[] {
  const found: PluginRootFound[] = [];
  const seen = new Set<string>();
  const realTree = realOr(fs, tree);
  const add = (name: string, dir: string) => {
    const real = realOr(fs, dir);
    if (seen.has(real)) return;
    seen.add(real);
    const id = `${name.replace(/[^A-Za-z0-9._-]+/g, "-") || "plugin"}@source`;
    found.push({ id, root: dir });
  };
  const marketplacePath = join(root, ".claude-plugin", "marketplace.json");
  const marketplace = readJson(fs, marketplacePath);
  const file = posixRelative(tree, marketplacePath);
  if (marketplace.problem)
    findings.push({
      code: "audit/skipped",
      level: "warning",
      message: `the marketplace cannot be read (${marketplace.problem}); its plugins are not read`,
      file,
    });
  const plugins = (marketplace.value as { plugins?: unknown } | undefined)?.plugins;
  if (Array.isArray(plugins)) {
    for (const entry of plugins) {
      if (typeof entry !== "object" || entry === null) continue;
      const { name, source } = entry as { name?: unknown; source?: unknown };
      const label = typeof name === "string" ? name : "(unnamed)";
      if (typeof source !== "string") {
        findings.push({
          code: "audit/not-installed",
          level: "info",
          message: `plugin ${JSON.stringify(label)} comes from another repository; add that repository as its own source`,
          file,
        });
        continue;
      }
      const dir = resolve(root, source);
      if (!isInside(realTree, realOr(fs, dir)) || !isFolder(fs, dir)) {
        findings.push({
          code: "audit/outside-root",
          level: "warning",
          message: `plugin ${JSON.stringify(label)}: ${JSON.stringify(source)} is not a folder of this repository; not read`,
          file,
        });
        continue;
      }
      add(label, dir);
    }
  }
  const hasManifest = readJson(fs, join(root, ".claude-plugin", "plugin.json"));
  if (hasManifest.value !== undefined || PLUGIN_FOLDERS.some((f) => isFolder(fs, join(root, f)))) {
    const name = (hasManifest.value as { name?: unknown } | undefined)?.name;
    add(typeof name === "string" ? name : basename(root), root);
  }
  return found;
}

/** A temporary home whose Claude Code registry lists `plugins`: the plugins provider reads them as installed. */
function homeWithPlugins(
  plugins: readonly PluginRootFound[],
  registryOf: ((home: string) => string) | undefined,
): string {
  const home = mkdtempSync(join(tmpdir(), "roster-source-home-"));
  if (plugins.length > 0 && registryOf) {
    const registry = Object.fromEntries(plugins.map((p) => [p.id, [{ scope: "user", installPath: p.root }]]));
    const registryPath = registryOf(home);
    mkdirSync(dirname(registryPath), { recursive: true });
    writeFileSync(registryPath, JSON.stringify({ version: 2, plugins: registry }));
  }
  return home;
}

/** The name a definition is written under: a plugin's skill `plugin:deploy` is `deploy`. */
function bareName(name: string, plugin: { name: string } | undefined): string {
  return plugin && name.startsWith(`${plugin.name}:`) ? name.slice(plugin.name.length + 1) : name;
}

/**
 * Finds every agent, skill and command of a fetched source, with what the walk found on the
 * way (duplicate names, files skipped and why). Throws `source/bad-path` for a `--path` that
 * is not a folder of the repository.
 */
export async function findDefinitions(options: FindDefinitionsOptions): Promise<SourceDefinitions> {
  const { tree } = options;
  const fs = options.fs ?? nodeFileSystem;
  const root = sourceRoot(tree, options.path, fs);
  const realRoot = realOr(fs, root);
  const findings: Finding[] = [];
  const plugins = pluginRoots(fs, tree, root, findings);
  const home = homeWithPlugins(plugins, options.pluginRegistry);
  try {
    // The source's folder is the project; the home is empty but for the plugins' registry;
    // no environment variable points anywhere else.
    const ctx: DiscoveryContext = {
      cwd: root,
      home,
      env: {},
      trustProject: true,
      ...(options.fs ? { fs: options.fs } : {}),
    };
    const inside = (filePath: string | undefined): filePath is string =>
      filePath !== undefined && isAbsolute(filePath) && isInside(realRoot, realOr(fs, filePath));
    // As found (a link on the way stays in the path: the audit looks for links there).
    const fileOf = (filePath: string) => posixRelative(tree, filePath);

    const discovery = await discoverAgents(options.registry, ctx);
    const agents: Array<Found<AgentDefinition>> = [];
    for (const agent of discovery.agents)
      if (inside(agent.filePath))
        agents.push({ value: agent, file: fileOf(agent.filePath), name: agent.name });
    for (const { agent, shadowedBy } of discovery.shadowed)
      if (inside(agent.filePath))
        findings.push(duplicate("agent", agent.name, fileOf(agent.filePath), shadowedBy, tree));

    const skillDiscovery = discoverSkills(ctx, { sources: options.skillSources });
    const skills = skillDiscovery.skills
      .filter((s) => inside(s.filePath))
      .map((skill) => ({
        value: skill,
        file: fileOf(skill.filePath),
        name: bareName(skill.name, skill.plugin),
      }));
    for (const { skill, shadowedBy } of skillDiscovery.shadowed)
      if (inside(skill.filePath))
        findings.push(
          duplicate("skill", bareName(skill.name, skill.plugin), fileOf(skill.filePath), shadowedBy, tree),
        );

    const commandDiscovery = await discoverCommands(options.registry, ctx);
    const commands = commandDiscovery.commands
      .filter((c) => inside(c.filePath))
      .map((command) => ({ value: command, file: fileOf(command.filePath), name: command.name }));
    for (const { command, shadowedBy } of commandDiscovery.shadowed)
      if (inside(command.filePath))
        findings.push(duplicate("command", command.name, fileOf(command.filePath), shadowedBy, tree));

    const seen = new Set<string>();
    for (const d of [
      ...discovery.diagnostics,
      ...skillDiscovery.diagnostics,
      ...commandDiscovery.diagnostics,
    ]) {
      if (!d.filePath || !isAbsolute(d.filePath) || !isInside(root, d.filePath)) continue;
      const finding = fromDiagnostic(d, posixRelative(tree, d.filePath), tree);
      const id = `${finding.code}\0${finding.file}\0${finding.message}`;
      if (!seen.has(id)) {
        seen.add(id);
        findings.push(finding);
      }
    }
    const notInstalled = new Set<string>();
    for (const plugin of plugins) for (const rel of PLUGIN_CODE) notInstalled.add(join(plugin.root, rel));
    for (const rel of PROJECT_CODE) notInstalled.add(join(root, rel));
    for (const path of notInstalled)
      if (exists(fs, path))
        findings.push({
          code: "audit/not-installed",
          level: "info",
          message: `${basename(path)} (hooks, MCP servers or settings) is not installed: roster writes agents, skills and commands only`,
          file: posixRelative(tree, path),
        });
    return {
      root,
      agents,
      skills,
      commands,
      findings,
      plugins: plugins.map((p) => posixRelative(tree, p.root) || "."),
    };
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

function duplicate(kind: DefinitionKind, name: string, file: string, winner: string, tree: string): Finding {
  const by = isAbsolute(winner) ? posixRelative(tree, winner) : winner;
  return {
    code: "audit/duplicate-name",
    level: "info",
    message: `another ${kind} named ${JSON.stringify(name)} comes first (${by}); this one is not taken`,
    file,
    kind,
    name,
  };
}

/**
 * A discovery diagnostic about a file of the source, as a finding. Paths below the folder the
 * source was read in are said from the source's root: that folder is roster's own, gone when
 * the operation ends.
 */
function fromDiagnostic(d: Diagnostic, file: string, tree: string): Finding {
  const level = d.severity === "info" ? "info" : "warning";
  const message = d.message.split(`${tree}${sep}`).join("").split(tree).join("the source's root");
  if (d.code === "load/file-too-large")
    return { code: "audit/too-large", level: "warning", message, file, cause: d.code };
  if (d.code === "load/outside-root" || d.code.endsWith("-escapes"))
    return { code: "audit/outside-root", level: "warning", message, file, cause: d.code };
  return { code: "audit/skipped", level, message, file, cause: d.code };
}
