import { statSync } from "node:fs";
import { basename, dirname, isAbsolute, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Diagnostic, FileSystem, SourceProvider } from "@roster/core";
import { nodeFileSystem } from "@roster/core/provider-kit";
import { DEFAULT_SETTINGS } from "@roster/executor/default-settings";
import { type FamilyDefinition, familyProblem, ROSTER_VOCABULARY } from "@roster/family";
import type { HostId } from "@roster/hosts";
import { finishRecording, guardEntry, startGuard, untrustedCodeOf } from "./code-guard.js";
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
import {
  changedCodeFile,
  folderWithoutConfig,
  MISSING,
  relativeTo,
  trustedCodeFiles,
} from "./project-trust.js";
import { trustCommand } from "./trust-command.js";
import { readTrustStore, type TrustRecord } from "./trust-store.js";

export { trustCommand };

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
  "config/invalid",
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

/** What {@link validateConfig} found: the keys whose values hold, and a sentence per problem. */
export interface ValidatedConfig {
  /** The keys that passed (a key with a problem is left out). */
  config: RosterConfig;
  /** Keys roster does not know, one sentence each. */
  unknown: string[];
  /** Values of the wrong shape (or a config that is not an object), one sentence each. */
  invalid: string[];
}

/**
 * Checks the shape of a config value key by key: what holds is kept, what does not is named
 * (an unknown key, a value of the wrong shape) and left out, so that one bad key never takes
 * the rest of the config with it.
 */
export function validateConfig(config: unknown): ValidatedConfig {
  const out: ValidatedConfig = { config: {}, unknown: [], invalid: [] };
  if (config === undefined) return out;
  if (config === null || typeof config !== "object" || Array.isArray(config)) {
    out.invalid.push("the config must be an object");
    return out;
  }
  const c = config as Record<string, unknown>;
  const keep = (key: keyof RosterConfig, problem: string | undefined) => {
    if (c[key] === undefined) return;
    if (problem === undefined) (out.config as Record<string, unknown>)[key] = c[key];
    else out.invalid.push(problem);
  };
  for (const key of Object.keys(c))
    if (!(KEYS as readonly string[]).includes(key))
      out.unknown.push(`unknown key "${key}" (known: ${KEYS.join(", ")})`);
  const strings = (key: string, v: unknown = c[key]) =>
    v !== undefined && (!Array.isArray(v) || v.some((x) => typeof x !== "string"))
      ? `"${key}" must be a list of strings`
      : undefined;
  keep("providers", strings("providers"));
  keep("disabledAgents", strings("disabledAgents"));
  const integer = (key: "maxRecursionDepth" | "maxConcurrency", min: number, rule: string) => {
    const v = c[key];
    if (!Number.isSafeInteger(v)) return `"${key}" must be an integer`;
    return (v as number) < min ? `"${key}" must be ${rule}` : undefined;
  };
  keep("maxRecursionDepth", integer("maxRecursionDepth", -1, "-1 (no limit) or more"));
  keep("maxConcurrency", integer("maxConcurrency", 1, "at least 1"));
  keep(
    "trustProject",
    typeof c.trustProject === "boolean" ? undefined : `"trustProject" must be true or false`,
  );
  // Only the shape here: the name is checked by the app against its families' hosts, the
  // config's own families among them (a config family's host may be the default).
  keep(
    "defaultHost",
    typeof c.defaultHost === "string" && c.defaultHost.trim() !== ""
      ? undefined
      : `"defaultHost" must be a host's name`,
  );
  const record = (key: string): Array<[string, unknown]> | string => {
    const v = c[key];
    if (v === null || typeof v !== "object" || Array.isArray(v)) return `"${key}" must be an object`;
    return Object.entries(v as Record<string, unknown>);
  };
  const overrides = c.agentModelOverrides === undefined ? [] : record("agentModelOverrides");
  keep(
    "agentModelOverrides",
    typeof overrides === "string"
      ? overrides
      : overrides
          .filter(
            ([, model]) =>
              !(
                typeof model === "string" ||
                (Array.isArray(model) && model.every((m) => typeof m === "string"))
              ),
          )
          .map(([name]) => `"agentModelOverrides.${name}" must be a model or a list of models`)[0],
  );
  const hosts = c.hosts === undefined ? [] : record("hosts");
  let hostProblem: string | undefined = typeof hosts === "string" ? hosts : undefined;
  for (const [name, host] of typeof hosts === "string" ? [] : hosts) {
    if (hostProblem !== undefined) break;
    const h = host as Record<string, unknown> | null;
    if (name.trim() === "") hostProblem = `"hosts" has an empty host name`;
    else if (h === null || typeof h !== "object" || typeof h.command !== "string")
      hostProblem = `"hosts.${name}" must be an object with a "command" string`;
    else hostProblem = strings(`hosts.${name}.args`, h.args);
  }
  keep("hosts", hostProblem);
  keep("sources", sourcesProblem(c.sources, strings));
  return out;
}

/** The first problem of a config's `sources` list (`roster add` writes it), if any. */
function sourcesProblem(
  sources: unknown,
  strings: (key: string, v: unknown) => string | undefined,
): string | undefined {
  if (sources === undefined) return undefined;
  if (!Array.isArray(sources)) return `"sources" must be a list of sources ({ "url": …, "to": [ … ] })`;
  for (const [i, entry] of sources.entries()) {
    const at = `sources[${i}]`;
    if (entry === null || typeof entry !== "object" || Array.isArray(entry))
      return `"${at}" must be an object`;
    const e = entry as Record<string, unknown>;
    if (typeof e.url !== "string" || e.url.trim() === "") return `"${at}.url" must be a git URL`;
    for (const key of ["ref", "path"])
      if (e[key] !== undefined && typeof e[key] !== "string") return `"${at}.${key}" must be a string`;
    for (const key of ["agents", "skills", "commands", "to"]) {
      const problem = strings(`${at}.${key}`, e[key]);
      if (problem !== undefined) return problem;
    }
    if (!Array.isArray(e.to) || e.to.length === 0) return `"${at}.to" must name the tools written for`;
  }
  return undefined;
}

/** Checks the shape of a config value; any problem is a usage error naming the file. */
export function checkConfig(config: unknown, filePath: string): RosterConfig {
  const checked = validateConfig(config);
  const problem = checked.invalid[0] ?? checked.unknown[0];
  if (problem !== undefined) throw new ConfigError(`${filePath}: ${problem}.`);
  return checked.config;
}

/** Imports an ES module config (its default export, else the module object); a project's under the code guard. */
async function importConfig(file: string, project = false): Promise<unknown> {
  try {
    if (project) await guardEntry(file);
    const mod = (await import(pathToFileURL(file).href)) as { default?: unknown };
    return mod.default ?? mod;
  } catch (error) {
    throw new ConfigError(
      `cannot load config ${file}: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
}

/**
 * Reads one of the user's config files (the user config, `--config`): JSON through the bounded
 * reader, an `.mjs` imported. A value of the wrong shape is a usage error naming the file (a
 * setting of the user's own that roster cannot honour is never silently dropped); an unknown
 * key is a warning, and the rest of the file applies.
 */
async function readUserConfig(
  file: string,
  fs: FileSystem,
  diagnostics: Diagnostic[],
): Promise<RosterConfig> {
  const raw = isCodeFile(file) ? await importConfig(file) : parseJson(readConfigBytes(file, fs), file);
  const checked = validateConfig(raw);
  if (checked.invalid.length > 0) throw new ConfigError(`${file}: ${checked.invalid[0]}.`);
  for (const problem of checked.unknown)
    diagnostics.push({
      severity: "warning",
      code: "config/invalid",
      message: `${problem}: ignored.`,
      filePath: file,
    });
  return checked.config;
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

interface ProjectVerdict {
  trusted: boolean;
  /** The config's bytes, when they were read (a trusted folder's config, or a JSON config). */
  bytes?: Buffer;
  /** Every file the trust covers, by absolute path, with its SHA-256 (the config itself too). */
  files?: Record<string, string>;
  /** The config could not be read: a diagnostic said why. */
  unreadable?: boolean;
}

/** A project config's problem: a diagnostic, never the end of the command (SPEC §17). */
function configProblem(file: string, message: string): Diagnostic {
  return { severity: "warning", code: "config/invalid", message, filePath: file };
}

/** Reads a project config's bytes; a file that cannot be read is a diagnostic and undefined. */
function readProjectBytes(found: FoundConfig, fs: FileSystem, diagnostics: Diagnostic[]): Buffer | undefined {
  try {
    return readConfigBytes(found.file, fs);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    diagnostics.push(
      configProblem(found.file, `${error.message.replace(/\.$/, "")}: the project config is not used.`),
    );
    return undefined;
  }
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
  const fs = where.fs ?? nodeFileSystem;
  const folder = realOr(found.dir, fs);
  const record = readTrustStore(where).find((r) => r.folder === folder);
  if (!record) return { trusted: false };
  const bytes = readProjectBytes(found, fs, diagnostics);
  if (bytes === undefined) return { trusted: false, unreadable: true };
  const stale = (why: string): ProjectVerdict => {
    diagnostics.push(staleDiagnostic(found, why));
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
  const changed = changedCodeFile(record.files ?? {}, folder);
  if (changed !== undefined)
    return stale(
      `${changed}, code this config runs, changed after you trusted ${found.dir} (${record.trustedAt})`,
    );
  const files: Record<string, string> = { [realOr(found.file, fs)]: record.sha256 };
  for (const [name, hash] of Object.entries(record.files ?? {}))
    if (hash !== MISSING) files[resolve(folder, name)] = hash;
  return { trusted: true, bytes, files };
}

function staleDiagnostic(found: FoundConfig, why: string): Diagnostic {
  return {
    severity: "warning",
    code: "config/trust-stale",
    message: `${why}: its code is not run. Review it, then run \`${trustCommand(found.dir)}\` again.`,
    filePath: found.file,
  };
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

/** Imports one provider module named in a config: its family (`defineFamily`), else its provider. A project's is imported under the code guard. */
async function loadProvider(
  specifier: string,
  configPath: string,
  project = false,
): Promise<FamilyDefinition> {
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
    if (project) await guardEntry(path);
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

/** What `roster trust` records: the trust record of a project config, and why loading it stopped early, if it did. */
export interface RecordedTrust {
  record: TrustRecord;
  /** Loading the config or a provider failed (the record holds what loaded until then). */
  problem?: string;
}

/**
 * The trust record of a project config, for `roster trust` (SPEC §17): the config's hash, and
 * every other file of code it makes Node load with its hash. Those are what the config names
 * and what they import or `require` with a literal name (found without running anything,
 * {@link trustedCodeFiles}), and what loading them actually loads: the project's `.mjs` config
 * and the providers its config names are imported here, once, with the code guard noting
 * every file (a `require` of a computed name, a package's own requires). Nothing else of the
 * providers runs (no discovery).
 */
export async function recordTrust(found: FoundConfig, where: ConfigWhere): Promise<RecordedTrust> {
  const fs = where.fs ?? nodeFileSystem;
  const folder = realOr(found.dir, fs);
  const bytes = readConfigBytes(found.file, fs);
  const named = await trustedCodeFiles(found, fs);
  await startGuard({ mode: "record", folder: found.dir });
  let problem: string | undefined;
  try {
    const raw = isCodeFile(found.file) ? await importConfig(found.file, true) : parseJson(bytes, found.file);
    const specifiers = validateConfig(raw).config.providers ?? [];
    for (const specifier of specifiers) providerTarget(specifier, found.file);
    for (const specifier of specifiers) await loadProvider(specifier, found.file, true);
  } catch (error) {
    problem = error instanceof Error ? error.message : String(error);
  }
  const loaded = new Map(Object.entries(await finishRecording()));
  loaded.delete(realOr(found.file, fs));
  const files = { ...named, ...relativeTo(folder, loaded) };
  return {
    record: {
      folder,
      configFile: basename(found.file),
      sha256: hashConfig(bytes),
      files: Object.fromEntries(Object.entries(files).sort(([a], [b]) => (a < b ? -1 : 1))),
      trustedAt: new Date().toISOString(),
    },
    ...(problem !== undefined ? { problem } : {}),
  };
}

/**
 * Whether a trusted folder's config and every code file it loads are still what was trusted
 * (`roster trust --list`): `changed` names the first file that is not.
 */
export function trustStatus(record: TrustRecord, fs: FileSystem = nodeFileSystem): string | undefined {
  if (record.configFile === null) return undefined;
  const bytes = readConfigBytes(join(record.folder, record.configFile), fs);
  if (hashConfig(bytes) !== record.sha256) return record.configFile;
  return changedCodeFile(record.files ?? {}, record.folder);
}

/**
 * Loads the configuration (SPEC §5.3), in precedence order `--config FILE`, the user config
 * (`$XDG_CONFIG_HOME/roster/config.{json,mjs}`), the project config
 * (`roster.config.{json,mjs}` from the cwd up to the git root or home). Code — an `.mjs`
 * config, `providers`, `hosts` — runs only from the first two and from a project folder the
 * user trusted with `roster trust`; untrusted project code is never opened, and trusted
 * project code runs under the code guard (code-guard.ts): a file it loads that is not what
 * was trusted is refused, and the project counts as untrusted. A project may only tighten
 * limits. Problems of a project's config are diagnostics (the rest of it applies); a user's
 * own file of the wrong shape is a usage error.
 */
export async function loadConfig(options: LoadConfigOptions): Promise<LoadedConfig> {
  const fs = options.fs ?? nodeFileSystem;
  const where: ConfigWhere = { home: options.home, env: options.env, fs };
  const diagnostics: Diagnostic[] = [];
  const layers: ConfigLayer[] = [];
  const config: RosterConfig = {};
  const sources: Array<{ config: RosterConfig; filePath: string; project: boolean }> = [];
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
    const layer = await readUserConfig(file, fs, diagnostics);
    layers.push({ source, filePath: file, trusted: true, applied: mergeInto(config, layer) });
    sources.push({ config: layer, filePath: file, project: false });
  }

  // 2. The project's config: not with --no-project, --config, or trustProject: false.
  let project: LoadedConfig["project"] = null;
  let projectLayer:
    | { found: FoundConfig; value: RosterConfig | undefined; verdict: ProjectVerdict }
    | undefined;
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
      let raw: unknown;
      if (verdict.trusted) {
        // From here on every file the project's code loads is checked against what was trusted.
        await startGuard({ mode: "enforce", folder: found.dir, trusted: verdict.files ?? {} });
        if (isCodeFile(found.file)) {
          try {
            raw = await importConfig(found.file, true);
          } catch (error) {
            const refused = untrustedCodeOf(error);
            if (!refused) throw error;
            diagnostics.push(staleDiagnostic(found, refused.message.replace(/: not run\..*$/s, "")));
            verdict.trusted = false;
          }
        } else raw = parseProjectJson(found, verdict.bytes!, diagnostics);
      } else if (!isCodeFile(found.file) && !verdict.unreadable) {
        const bytes = verdict.bytes ?? readProjectBytes(found, fs, diagnostics);
        if (bytes !== undefined) raw = parseProjectJson(found, bytes, diagnostics);
      } else if (!verdict.unreadable && !diagnostics.some((d) => d.code === "config/trust-stale"))
        diagnostics.push({
          severity: "info",
          code: "config/untrusted-code",
          message: `this config is code and ${found.dir} is not trusted: not run. Review it, then run \`${trustCommand(found.dir)}\` to let roster run it.`,
          filePath: found.file,
        });
      const value =
        raw === undefined && (verdict.unreadable || (isCodeFile(found.file) && !verdict.trusted))
          ? undefined
          : checkProjectValue(raw, found.file, diagnostics);
      projectLayer = { found, value, verdict };
    }
  }

  // 3. Providers: every specifier is checked before any module is imported; a project's only
  // when it is trusted, and under the code guard.
  const projectSpecifiers = projectLayer?.verdict.trusted ? (projectLayer.value?.providers ?? []) : [];
  const specifiers = [
    ...sources.flatMap((s) =>
      (s.config.providers ?? []).map((specifier) => ({ specifier, filePath: s.filePath, project: false })),
    ),
    ...projectSpecifiers.map((specifier) => ({
      specifier,
      filePath: projectLayer!.found.file,
      project: true,
    })),
  ];
  for (const { specifier, filePath } of specifiers) providerTarget(specifier, filePath);
  const families: FamilyDefinition[] = [];
  let fromProjectCount = 0;
  for (const { specifier, filePath, project: fromProject } of specifiers) {
    if (fromProject && !projectLayer!.verdict.trusted) break;
    try {
      families.push(await loadProvider(specifier, filePath, fromProject));
      if (fromProject) fromProjectCount++;
    } catch (error) {
      const refused = fromProject ? untrustedCodeOf(error) : undefined;
      if (!refused) throw error;
      // What the project's code loads is not what was trusted: none of its code applies.
      diagnostics.push(staleDiagnostic(projectLayer!.found, refused.message.replace(/: not run\..*$/s, "")));
      projectLayer!.verdict.trusted = false;
      families.splice(families.length - fromProjectCount);
    }
  }

  // 4. The project's layer, now that its trust is settled.
  if (projectLayer) {
    const { found, value, verdict } = projectLayer;
    project = { folder: found.dir, trusted: verdict.trusted };
    if (value) {
      const allowed = restrictProject(value, config, found, verdict.trusted, diagnostics);
      layers.push({
        source: "project",
        filePath: found.file,
        trusted: verdict.trusted,
        applied: mergeInto(config, allowed),
      });
    } else layers.push({ source: "project", filePath: found.file, trusted: false, applied: [] });
  }
  const providers = families.map((f) => f.provider);

  const filePath = explicit ?? layers.find((l) => l.source === "project")?.filePath ?? user?.file ?? null;
  return { config, filePath, layers, providers, families, diagnostics, project };
}

/** A project config's JSON: not JSON at all is a diagnostic (nothing of it applies). */
function parseProjectJson(found: FoundConfig, bytes: Buffer, diagnostics: Diagnostic[]): unknown {
  try {
    return parseJson(bytes, found.file);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    diagnostics.push(
      configProblem(found.file, `${error.message.replace(/\.$/, "")}: the project config is not used.`),
    );
    return undefined;
  }
}

/** A project config's value, key by key: each problem a diagnostic, the rest applies. */
function checkProjectValue(raw: unknown, file: string, diagnostics: Diagnostic[]): RosterConfig {
  const checked = validateConfig(raw);
  for (const problem of [...checked.invalid, ...checked.unknown])
    diagnostics.push(configProblem(file, `${problem}: ignored; the rest of this config applies.`));
  return checked.config;
}
