import { statSync } from "node:fs";
import { basename, dirname, isAbsolute, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Diagnostic, FileSystem, SourceProvider } from "@roster/core";
import { nodeFileSystem } from "@roster/core/provider-kit";
import { DEFAULT_SETTINGS } from "@roster/executor/default-settings";
import { type FamilyDefinition, familyProblem, ROSTER_VOCABULARY } from "@roster/family";
import type { HostId } from "@roster/hosts";
import { ConfigError } from "./config-error.js";
import {
  type ConfigWhere,
  configIn,
  type FoundConfig,
  findProjectConfig,
  hashConfig,
  isCodeFile,
  readConfigBytes,
  realOr,
  USER_CONFIG_NAMES,
  userConfigDir,
} from "./config-places.js";
import { changedCodeFile, folderWithoutConfig, trustedCodeFiles } from "./project-trust.js";
import { readTrustStore } from "./trust-store.js";

/** A host binary roster may run agents on (`hosts` in a config). */
export interface HostConfig {
  command: string;
  args?: string[];
}

/** What a config file may hold (`config.{json,mjs}`, `roster.config.{json,mjs}`, `--config`). */
export interface RosterConfig {
  providers?: string[];
  disabledAgents?: string[];
  maxRecursionDepth?: number;
  maxConcurrency?: number;
  agentModelOverrides?: Record<string, string | string[]>;
  trustProject?: boolean;
  /**
   * Where each agent host's program is: `{ claude: { command, args } }`. Checked here for its
   * shape only; the app checks each name against its families' hosts (a config family's too).
   */
  hosts?: Partial<Record<HostId, HostConfig>>;
  /**
   * The host `roster run --host auto` uses for agents of a family without one (xcsh, bundled,
   * third-party): a built-in host or a config family's. Checked here for its shape only; the
   * app checks the name against its families (`unknown host … for "defaultHost"`).
   */
  defaultHost?: HostId;
  /**
   * Where agents, skills and commands are brought in from (`roster add`, SPEC §20), pinned in
   * the `roster.lock` beside the config. Read by `@roster/sources` from the config file itself;
   * checked here for its shape only.
   */
  sources?: SourceEntry[];
}

/** One entry of `sources`: a git remote, what to take from it and the tools it is written for. */
export interface SourceEntry {
  url: string;
  ref?: string;
  path?: string;
  agents?: string[];
  skills?: string[];
  commands?: string[];
  to: string[];
}

/**
 * The runner's settings a config gives (SPEC §6): its limits (the executor's defaults where it
 * sets none), disabled agents and model overrides. `maxDepth` (`--max-depth`) wins over the
 * config's depth. `roster run`, `roster mcp` and the spawn graph all take them from here.
 */
export function runnerSettings(config: RosterConfig, maxDepth?: number) {
  return {
    maxRecursionDepth: maxDepth ?? config.maxRecursionDepth ?? DEFAULT_SETTINGS.maxRecursionDepth,
    maxConcurrency: config.maxConcurrency ?? DEFAULT_SETTINGS.maxConcurrency,
    disabledAgents: config.disabledAgents ?? [],
    agentModelOverrides: config.agentModelOverrides ?? {},
  };
}

/** Where a config layer came from, in precedence order: `--config`, the user's, the project's. */
export type ConfigSource = "explicit" | "user" | "project";

/** One config file that was looked at, and what roster took from it. */
export interface ConfigLayer {
  source: ConfigSource;
  filePath: string;
  /** Code from this file may run: always for `explicit` and `user`; for `project` after `roster trust`. */
  trusted: boolean;
  /** The keys that reached the merged config. */
  applied: Array<keyof RosterConfig>;
}

/** What loading the configuration reports (see {@link ConfigDiagnosticCode}). */
export const CONFIG_DIAGNOSTIC_CODES = [
  "config/untrusted-code",
  "config/trust-stale",
  "config/limit-not-tightened",
  "config/user-only-key",
  "config/ignored-file",
] as const;

/** Stable codes of the config diagnostics. */
export type ConfigDiagnosticCode = (typeof CONFIG_DIAGNOSTIC_CODES)[number];

/** The merged config, the layers it came from, the extra providers and what was refused. */
export interface LoadedConfig {
  config: RosterConfig;
  /** The file of the highest-precedence layer read, or null. */
  filePath: string | null;
  layers: ConfigLayer[];
  /** The providers of `families`, in order. */
  providers: SourceProvider[];
  /** The families the config's `providers` name (a module exporting only a provider is a family of that provider). */
  families: FamilyDefinition[];
  diagnostics: Diagnostic[];
  /**
   * The project of the cwd and whether the user trusted it with `roster trust` (its config and
   * the code it names unchanged); null with `--no-project` or `trustProject: false`. Hosts get
   * a project's raised permissions and load its own settings only when it is trusted.
   */
  project: { folder: string; trusted: boolean } | null;
}

/** Options of {@link loadConfig}. */
export interface LoadConfigOptions extends ConfigWhere {
  cwd: string;
  /** `--config FILE`: trusted, and read instead of searching for a project config. */
  configFile?: string;
  /** `false` (`--no-project`): no project config is even looked at. */
  project?: boolean;
}

const KEYS: ReadonlyArray<keyof RosterConfig> = [
  "providers",
  "disabledAgents",
  "maxRecursionDepth",
  "maxConcurrency",
  "agentModelOverrides",
  "trustProject",
  "hosts",
  "defaultHost",
  "sources",
];
/** Keys that make roster run something, or choose a model: a project's only after `roster trust`. */
const CODE_KEYS: ReadonlyArray<keyof RosterConfig> = ["providers", "hosts", "agentModelOverrides"];
/** Keys only the user decides (`--config` or the user config), never a project. */
const USER_ONLY_KEYS: ReadonlyArray<keyof RosterConfig> = ["trustProject", "defaultHost"];

/** Checks the shape of a config value; a problem is a usage error naming the file. */
export function checkConfig(config: unknown, filePath: string): RosterConfig {
  const fail = (what: string): never => {
    throw new ConfigError(`${filePath}: ${what}.`);
  };
  if (config === undefined) return {};
  if (config === null || typeof config !== "object" || Array.isArray(config))
    fail("the config must be an object");
  const c = config as Record<string, unknown>;
  for (const key of Object.keys(c))
    if (!(KEYS as readonly string[]).includes(key)) fail(`unknown key "${key}" (known: ${KEYS.join(", ")})`);
  const strings = (key: string, v: unknown = c[key]) => {
    if (v !== undefined && (!Array.isArray(v) || v.some((x) => typeof x !== "string")))
      fail(`"${key}" must be a list of strings`);
  };
  strings("providers");
  strings("disabledAgents");
  for (const key of ["maxRecursionDepth", "maxConcurrency"]) {
    const v = c[key];
    if (v !== undefined && !Number.isSafeInteger(v)) fail(`"${key}" must be an integer`);
  }
  if (c.maxRecursionDepth !== undefined && (c.maxRecursionDepth as number) < -1)
    fail(`"maxRecursionDepth" must be -1 (no limit) or more`);
  if (c.maxConcurrency !== undefined && (c.maxConcurrency as number) < 1)
    fail(`"maxConcurrency" must be at least 1`);
  if (c.trustProject !== undefined && typeof c.trustProject !== "boolean")
    fail(`"trustProject" must be true or false`);
  // Only the shape here: the name is checked by the app against its families' hosts, the
  // config's own families among them (a config family's host may be the default).
  if (c.defaultHost !== undefined && (typeof c.defaultHost !== "string" || c.defaultHost.trim() === ""))
    fail(`"defaultHost" must be a host's name`);
  const record = (key: string) => {
    const v = c[key];
    if (v !== undefined && (v === null || typeof v !== "object" || Array.isArray(v)))
      fail(`"${key}" must be an object`);
    return Object.entries((v ?? {}) as Record<string, unknown>);
  };
  for (const [name, model] of record("agentModelOverrides")) {
    const ok =
      typeof model === "string" || (Array.isArray(model) && model.every((m) => typeof m === "string"));
    if (!ok) fail(`"agentModelOverrides.${name}" must be a model or a list of models`);
  }
  if (c.sources !== undefined) {
    if (!Array.isArray(c.sources)) fail(`"sources" must be a list of sources ({ "url": …, "to": [ … ] })`);
    (c.sources as unknown[]).forEach((entry, i) => {
      const at = `sources[${i}]`;
      if (entry === null || typeof entry !== "object" || Array.isArray(entry))
        fail(`"${at}" must be an object`);
      const e = entry as Record<string, unknown>;
      if (typeof e.url !== "string" || e.url.trim() === "") fail(`"${at}.url" must be a git URL`);
      for (const key of ["ref", "path"])
        if (e[key] !== undefined && typeof e[key] !== "string") fail(`"${at}.${key}" must be a string`);
      for (const key of ["agents", "skills", "commands", "to"]) strings(`${at}.${key}`, e[key]);
      if (!Array.isArray(e.to) || e.to.length === 0) fail(`"${at}.to" must name the tools written for`);
    });
  }
  for (const [name, host] of record("hosts")) {
    if (name.trim() === "") fail(`"hosts" has an empty host name`);
    const h = host as Record<string, unknown> | null;
    if (h === null || typeof h !== "object" || typeof h.command !== "string")
      fail(`"hosts.${name}" must be an object with a "command" string`);
    strings(`hosts.${name}.args`, h?.args);
  }
  return c as RosterConfig;
}

/** Imports an ES module config (its default export, else the module object). */
async function importConfig(file: string): Promise<unknown> {
  try {
    const mod = (await import(pathToFileURL(file).href)) as { default?: unknown };
    return mod.default ?? mod;
  } catch (error) {
    throw new ConfigError(
      `cannot load config ${file}: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
}

/** Reads one trusted config file: JSON through the bounded reader; an `.mjs` checked, then imported. */
async function readTrusted(file: string, fs: FileSystem, bytes?: Buffer): Promise<RosterConfig> {
  const content = bytes ?? readConfigBytes(file, fs);
  if (isCodeFile(file)) return checkConfig(await importConfig(file), file);
  return checkConfig(parseJson(content, file), file);
}

function parseJson(bytes: Buffer, file: string): unknown {
  const text = bytes.toString("utf8").replace(/^\uFEFF/, "");
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new ConfigError(
      `cannot read config ${file}: not valid JSON (${error instanceof Error ? error.message : String(error)}).`,
      { cause: error },
    );
  }
}

/** Layers merge key by key: a later layer's value wins; lists add up; maps merge. */
function mergeInto(target: RosterConfig, layer: RosterConfig): Array<keyof RosterConfig> {
  const applied: Array<keyof RosterConfig> = [];
  for (const key of KEYS) {
    if (layer[key] === undefined) continue;
    applied.push(key);
    if (key === "providers") target.providers = [...(target.providers ?? []), ...layer.providers!];
    else if (key === "disabledAgents")
      target.disabledAgents = [...new Set([...(target.disabledAgents ?? []), ...layer.disabledAgents!])];
    else if (key === "agentModelOverrides" || key === "hosts")
      (target as Record<string, unknown>)[key] = { ...target[key], ...layer[key] };
    else (target as Record<string, unknown>)[key] = layer[key];
  }
  return applied;
}

/** How `roster trust` would be typed for a folder (quoted for a POSIX shell when needed). */
export function trustCommand(dir: string): string {
  const quoted = /^[\w./@%+=:,-]+$/.test(dir) ? dir : `'${dir.replaceAll("'", `'\\''`)}'`;
  return `roster trust ${quoted}`;
}

interface ProjectVerdict {
  trusted: boolean;
  bytes?: Buffer;
}

/**
 * Is the folder of a project config trusted, for this exact config and the code it names
 * (providers, hosts, imports: see project-trust.ts)? Untrusted code is never read as code.
 */
async function judgeProject(
  found: FoundConfig,
  where: ConfigWhere,
  diagnostics: Diagnostic[],
): Promise<ProjectVerdict> {
  const folder = realOr(found.dir, where.fs);
  const record = readTrustStore(where).find((r) => r.folder === folder);
  if (!record) return { trusted: false };
  const bytes = readConfigBytes(found.file, where.fs);
  const stale = (why: string): ProjectVerdict => {
    diagnostics.push({
      severity: "warning",
      code: "config/trust-stale",
      message: `${why}: its code is not run. Review it, then run \`${trustCommand(found.dir)}\` again.`,
      filePath: found.file,
    });
    return { trusted: false, bytes };
  };
  if (record.configFile === null)
    return stale(
      `you trusted ${found.dir} when it had no roster config (${record.trustedAt}), not this config`,
    );
  if (record.configFile !== basename(found.file))
    return stale(`you trusted ${found.dir} for ${record.configFile}, not this config`);
  if (record.sha256 !== hashConfig(bytes))
    return stale(`this config changed after you trusted ${found.dir} (${record.trustedAt})`);
  const changed = changedCodeFile(record.files ?? {}, await trustedCodeFiles(found, where.home, where.fs));
  if (changed !== undefined)
    return stale(
      `${changed}, code this config runs, changed after you trusted ${found.dir} (${record.trustedAt})`,
    );
  return { trusted: true, bytes };
}

/**
 * Whether the user trusted the project of `cwd`, which has no config (`roster trust`): a
 * record for its folder made without one. (With a config, {@link judgeProject} decides.)
 */
function judgeFolder(cwd: string, where: ConfigWhere): { folder: string; trusted: boolean } {
  const folder = folderWithoutConfig(cwd, where.home, where.fs);
  const real = realOr(folder, where.fs);
  const record = readTrustStore(where).find((r) => r.folder === real);
  return { folder, trusted: record !== undefined && record.configFile === null };
}

/**
 * What a project config may change: limits only downwards, `disabledAgents` only added to,
 * code keys only when trusted, user-only keys never. Returns the part that applies.
 */
function restrictProject(
  config: RosterConfig,
  base: RosterConfig,
  found: FoundConfig,
  trusted: boolean,
  diagnostics: Diagnostic[],
): RosterConfig {
  const out: RosterConfig = {};
  const filePath = found.file;
  const depth = base.maxRecursionDepth ?? DEFAULT_SETTINGS.maxRecursionDepth;
  if (config.maxRecursionDepth !== undefined) {
    const v = config.maxRecursionDepth;
    // -1 is "no limit": only a base that is already unlimited may stay so.
    const lower = depth === -1 || (v !== -1 && v <= depth);
    if (lower) out.maxRecursionDepth = v;
    else
      diagnostics.push({
        severity: "warning",
        code: "config/limit-not-tightened",
        message: `"maxRecursionDepth": ${v} would raise the limit of ${depth}; a project config may only lower it: ignored.`,
        filePath,
      });
  }
  const concurrency = base.maxConcurrency ?? DEFAULT_SETTINGS.maxConcurrency;
  if (config.maxConcurrency !== undefined) {
    if (config.maxConcurrency <= concurrency) out.maxConcurrency = config.maxConcurrency;
    else
      diagnostics.push({
        severity: "warning",
        code: "config/limit-not-tightened",
        message: `"maxConcurrency": ${config.maxConcurrency} would raise the limit of ${concurrency}; a project config may only lower it: ignored.`,
        filePath,
      });
  }
  if (config.disabledAgents !== undefined) out.disabledAgents = config.disabledAgents;
  const userOnly = USER_ONLY_KEYS.filter((key) => config[key] !== undefined);
  if (userOnly.length > 0)
    diagnostics.push({
      severity: "warning",
      code: "config/user-only-key",
      message: `${userOnly.map((k) => `"${k}"`).join(" and ")} may be set only in your own config or with --config, not by a project: ignored.`,
      filePath,
    });
  const code = CODE_KEYS.filter((key) => config[key] !== undefined);
  if (trusted) for (const key of code) (out as Record<string, unknown>)[key] = config[key];
  else if (code.length > 0)
    diagnostics.push({
      severity: "info",
      code: "config/untrusted-code",
      message:
        `${code.map((k) => `"${k}"`).join(", ")} in this project config run code or choose models, and ${found.dir} is not trusted: skipped. ` +
        `Review it, then run \`${trustCommand(found.dir)}\` to use them.`,
      filePath,
    });
  return out;
}

const URL_SCHEME = /^([a-z][a-z\d+.-]*):/i;

/** Where a provider specifier points: a file path (relative to the config) or a package name. */
type ProviderTarget = { kind: "path"; path: string } | { kind: "package"; name: string };

/** Checks a provider specifier without touching the file system; a URL is a usage error. */
function providerTarget(specifier: string, configPath: string): ProviderTarget {
  if (isAbsolute(specifier)) return { kind: "path", path: resolve(specifier) };
  if (specifier === "." || specifier === ".." || /^\.\.?[\\/]/.test(specifier))
    return { kind: "path", path: resolve(dirname(configPath), specifier) };
  const scheme = URL_SCHEME.exec(specifier)?.[1];
  if (scheme !== undefined || specifier === "")
    throw new ConfigError(
      `${configPath}: provider ${JSON.stringify(specifier)}: ` +
        (scheme !== undefined ? `a URL (${scheme.toLowerCase()}:) is not allowed` : "an empty name") +
        "; name a file path (relative to this config) or a package name.",
    );
  return { kind: "package", name: specifier };
}

function isProvider(value: unknown): value is SourceProvider {
  if (value === null || typeof value !== "object") return false;
  const p = value as Partial<SourceProvider>;
  return typeof p.id === "string" && (typeof p.locate === "function" || typeof p.load === "function");
}

/** Imports one provider module named in a trusted config: its family (`defineFamily`), else its provider. */
async function loadProvider(specifier: string, configPath: string): Promise<FamilyDefinition> {
  const target = providerTarget(specifier, configPath);
  const fail = (why: string, cause?: unknown): never => {
    throw new ConfigError(`${configPath}: cannot load provider ${JSON.stringify(specifier)}: ${why}`, {
      cause,
    });
  };
  let path: string;
  if (target.kind === "path") path = target.path;
  else {
    // Node's own ESM resolution, from the config file's folder (not from roster's).
    const { resolve: resolveModule } = await import("import-meta-resolve");
    let url = "";
    try {
      url = resolveModule(target.name, pathToFileURL(configPath).href);
    } catch (error) {
      fail(error instanceof Error ? error.message : String(error), error);
    }
    if (!url.startsWith("file:")) fail(`it resolves to ${url}, not to a module file`);
    path = fileURLToPath(url);
  }
  // import() of a FIFO or device would block: only a regular file is imported.
  try {
    if (!statSync(path).isFile()) fail(`${path} is not a regular file`);
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    fail(`${path} does not exist`, error);
  }
  let mod: Record<string, unknown> = {};
  try {
    mod = (await import(pathToFileURL(path).href)) as Record<string, unknown>;
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error), error);
  }
  const exported = [mod.default, ...Object.values(mod)];
  const family = exported.find((value) => familyProblem(value) === undefined) as FamilyDefinition | undefined;
  if (family) return family;
  const provider = exported.find(isProvider);
  if (!provider)
    fail(
      "the module exports no family (defineFamily) or provider (an object with an id and locate or load).",
    );
  // A bare provider is a family of that provider alone, in roster's own words.
  return {
    id: provider!.id,
    displayName: provider!.displayName ?? provider!.id,
    provider: provider!,
    vocabulary: ROSTER_VOCABULARY,
  };
}

/**
 * Loads the configuration (SPEC §5.3), in precedence order `--config FILE`, the user config
 * (`$XDG_CONFIG_HOME/roster/config.{json,mjs}`), the project config
 * (`roster.config.{json,mjs}` from the cwd up to the git root or home). Code — an `.mjs`
 * config, `providers`, `hosts` — runs only from the first two and from a project folder the
 * user trusted with `roster trust`; untrusted project code is never opened. A project may
 * only tighten limits. Problems of the user's own files are usage errors; what a project may
 * not do is a diagnostic.
 */
export async function loadConfig(options: LoadConfigOptions): Promise<LoadedConfig> {
  const fs = options.fs ?? nodeFileSystem;
  const where: ConfigWhere = { home: options.home, env: options.env, fs };
  const diagnostics: Diagnostic[] = [];
  const layers: ConfigLayer[] = [];
  const config: RosterConfig = {};
  const sources: Array<{ config: RosterConfig; filePath: string }> = [];
  const noteIgnored = (found: FoundConfig) => {
    for (const file of found.ignored)
      diagnostics.push({
        severity: "info",
        code: "config/ignored-file",
        message: `not read: ${basename(found.file)} in the same folder comes first.`,
        filePath: file,
      });
  };

  // 1. The user's config, then --config: trusted, every key applies (--config wins).
  const user = configIn(userConfigDir(where), USER_CONFIG_NAMES, fs);
  if (user) noteIgnored(user);
  const explicit = options.configFile ? resolve(options.cwd, options.configFile) : undefined;
  for (const [source, file] of [
    ["user", user?.file],
    ["explicit", explicit],
  ] as const) {
    if (file === undefined) continue;
    const layer = await readTrusted(file, fs);
    layers.push({ source, filePath: file, trusted: true, applied: mergeInto(config, layer) });
    sources.push({ config: layer, filePath: file });
  }

  // 2. The project's config: not with --no-project, --config, or trustProject: false.
  let project: LoadedConfig["project"] = null;
  const projectAllowed = options.project !== false && config.trustProject !== false;
  if (projectAllowed && explicit !== undefined) {
    // --config replaces the project's config, yet whether its folder is trusted still decides what hosts may load.
    const found = findProjectConfig(options.cwd, options.home, fs);
    project = found
      ? { folder: found.dir, trusted: (await judgeProject(found, where, [])).trusted }
      : judgeFolder(options.cwd, where);
  } else if (projectAllowed) {
    const found = findProjectConfig(options.cwd, options.home, fs);
    if (!found) project = judgeFolder(options.cwd, where);
    if (found) {
      noteIgnored(found);
      const verdict = await judgeProject(found, where, diagnostics);
      project = { folder: found.dir, trusted: verdict.trusted };
      let layer: RosterConfig | undefined;
      if (verdict.trusted) layer = await readTrusted(found.file, fs, verdict.bytes);
      else if (!isCodeFile(found.file))
        layer = checkConfig(
          parseJson(verdict.bytes ?? readConfigBytes(found.file, fs), found.file),
          found.file,
        );
      else if (!diagnostics.some((d) => d.code === "config/trust-stale"))
        diagnostics.push({
          severity: "info",
          code: "config/untrusted-code",
          message: `this config is code and ${found.dir} is not trusted: not run. Review it, then run \`${trustCommand(found.dir)}\` to let roster run it.`,
          filePath: found.file,
        });
      if (layer) {
        const allowed = restrictProject(layer, config, found, verdict.trusted, diagnostics);
        layers.push({
          source: "project",
          filePath: found.file,
          trusted: verdict.trusted,
          applied: mergeInto(config, allowed),
        });
        sources.push({ config: allowed, filePath: found.file });
      } else layers.push({ source: "project", filePath: found.file, trusted: false, applied: [] });
    }
  }

  // 3. Providers: every specifier is checked before any module is imported.
  const specifiers = sources.flatMap((s) =>
    (s.config.providers ?? []).map((specifier) => ({ specifier, filePath: s.filePath })),
  );
  for (const { specifier, filePath } of specifiers) providerTarget(specifier, filePath);
  const families: FamilyDefinition[] = [];
  for (const { specifier, filePath } of specifiers) families.push(await loadProvider(specifier, filePath));
  const providers = families.map((f) => f.provider);

  const filePath = explicit ?? layers.find((l) => l.source === "project")?.filePath ?? user?.file ?? null;
  return { config, filePath, layers, providers, families, diagnostics, project };
}
