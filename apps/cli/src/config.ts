import { createRequire } from "node:module";
import { dirname, isAbsolute, parse, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { SourceProvider } from "@roster/core";
import { HOST_IDS, type HostId, isHostId } from "@roster/hosts";
import { lilconfig } from "lilconfig";
import { UsageError } from "./errors.js";

/** What `roster.config.{json,mjs}` may hold. */
export interface RosterConfig {
  providers?: string[];
  disabledAgents?: string[];
  maxRecursionDepth?: number;
  maxConcurrency?: number;
  agentModelOverrides?: Record<string, string | string[]>;
  trustProject?: boolean;
  /** Where each agent host's program is: `{ claude: { command, args } }`. */
  hosts?: Partial<Record<HostId, { command?: string; args?: string[] }>>;
  /** The host `roster run --host auto` uses for agents of a family without a host (xcsh, bundled, third-party). */
  defaultHost?: HostId;
}

/** A loaded config and where it came from. */
export interface LoadedConfig {
  config: RosterConfig;
  filePath: string | null;
  providers: SourceProvider[];
}

const SEARCH_PLACES = ["roster.config.json", "roster.config.mjs"];

const importDefault = async (filePath: string) => {
  const mod = (await import(pathToFileURL(filePath).href)) as { default?: unknown };
  return mod.default ?? mod;
};

function check(config: unknown, filePath: string): RosterConfig {
  const fail = (what: string): never => {
    throw new UsageError(`${filePath}: ${what}.`);
  };
  if (config === null || typeof config !== "object" || Array.isArray(config))
    fail("the config must be an object");
  const c = config as Record<string, unknown>;
  const known = new Set([
    "providers",
    "disabledAgents",
    "maxRecursionDepth",
    "maxConcurrency",
    "agentModelOverrides",
    "trustProject",
    "hosts",
    "defaultHost",
  ]);
  for (const key of Object.keys(c))
    if (!known.has(key)) fail(`unknown key "${key}" (known: ${[...known].join(", ")})`);
  const strings = (key: string) => {
    const v = c[key];
    if (v !== undefined && (!Array.isArray(v) || v.some((x) => typeof x !== "string")))
      fail(`"${key}" must be a list of strings`);
  };
  strings("providers");
  strings("disabledAgents");
  for (const key of ["maxRecursionDepth", "maxConcurrency"]) {
    const v = c[key];
    if (v !== undefined && !Number.isInteger(v)) fail(`"${key}" must be an integer`);
  }
  if (c.maxConcurrency !== undefined && (c.maxConcurrency as number) < 1)
    fail(`"maxConcurrency" must be at least 1`);
  if (c.trustProject !== undefined && typeof c.trustProject !== "boolean")
    fail(`"trustProject" must be true or false`);
  if (c.defaultHost !== undefined && !isHostId(c.defaultHost))
    fail(`"defaultHost" must be one of ${HOST_IDS.join(", ")}`);
  const hosts = c.hosts;
  if (hosts !== undefined) {
    if (hosts === null || typeof hosts !== "object" || Array.isArray(hosts))
      fail(`"hosts" must map host names to { command, args }`);
    for (const [name, entry] of Object.entries(hosts as Record<string, unknown>)) {
      if (!isHostId(name)) fail(`"hosts.${name}" is not a host (known: ${HOST_IDS.join(", ")})`);
      const e = entry as { command?: unknown; args?: unknown } | null;
      if (e === null || typeof e !== "object" || Array.isArray(e))
        fail(`"hosts.${name}" must be { command, args }`);
      if (e!.command !== undefined && (typeof e!.command !== "string" || e!.command === ""))
        fail(`"hosts.${name}.command" must be a non-empty string`);
      if (e!.args !== undefined && (!Array.isArray(e!.args) || e!.args.some((a) => typeof a !== "string")))
        fail(`"hosts.${name}.args" must be a list of strings`);
    }
  }
  const overrides = c.agentModelOverrides;
  if (overrides !== undefined) {
    if (overrides === null || typeof overrides !== "object" || Array.isArray(overrides))
      fail(`"agentModelOverrides" must map agent names to a model or a list of models`);
    for (const [name, model] of Object.entries(overrides as Record<string, unknown>)) {
      const ok =
        typeof model === "string" || (Array.isArray(model) && model.every((m) => typeof m === "string"));
      if (!ok) fail(`"agentModelOverrides.${name}" must be a model or a list of models`);
    }
  }
  return c as RosterConfig;
}

function isProvider(value: unknown): value is SourceProvider {
  if (value === null || typeof value !== "object") return false;
  const p = value as Partial<SourceProvider>;
  return typeof p.id === "string" && (typeof p.locate === "function" || typeof p.load === "function");
}

/** Imports one provider module named in a config: a path relative to the config, or a package. */
async function loadProvider(specifier: string, configPath: string): Promise<SourceProvider> {
  const base = dirname(configPath);
  let url: string;
  if (specifier.startsWith(".") || isAbsolute(specifier)) {
    url = pathToFileURL(resolve(base, specifier)).href;
  } else {
    try {
      url = pathToFileURL(createRequire(configPath).resolve(specifier)).href;
    } catch {
      // An ESM-only package has no "require" condition: let import() resolve it.
      url = specifier;
    }
  }
  let mod: Record<string, unknown>;
  try {
    mod = (await import(url)) as Record<string, unknown>;
  } catch (error) {
    throw new UsageError(
      `${configPath}: cannot load provider "${specifier}": ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const candidates = [mod.default, ...Object.values(mod)];
  const provider = candidates.find(isProvider);
  if (!provider) {
    throw new UsageError(
      `${configPath}: provider module "${specifier}" exports no provider (an object with an id and locate or load).`,
    );
  }
  return provider;
}

/**
 * Finds and loads the config: `--config FILE`, else `roster.config.json` / `.mjs` walking
 * up from the cwd. No config is an empty one.
 */
export async function loadConfig(cwd: string, explicit?: string): Promise<LoadedConfig> {
  const explorer = lilconfig("roster", {
    searchPlaces: SEARCH_PLACES,
    loaders: { ".mjs": importDefault, ".js": importDefault },
    stopDir: parse(cwd).root,
  });
  let found: { config: unknown; filepath: string } | null;
  try {
    found = explicit ? await explorer.load(resolve(cwd, explicit)) : await explorer.search(cwd);
  } catch (error) {
    const where = explicit ? resolve(cwd, explicit) : "roster.config";
    throw new UsageError(
      `cannot read config ${where}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (!found) return { config: {}, filePath: null, providers: [] };
  const config = check(found.config, found.filepath);
  // A project must not choose which program roster starts (SPEC §5.3): only a config the user
  // named may say where hosts are.
  if (!explicit && (config.hosts !== undefined || config.defaultHost !== undefined))
    throw new UsageError(
      `${found.filepath}: "hosts" and "defaultHost" are read only from a config named with --config FILE (or the user config), never from a project's roster.config.`,
    );
  const providers: SourceProvider[] = [];
  for (const specifier of config.providers ?? [])
    providers.push(await loadProvider(specifier, found.filepath));
  return { config, filePath: found.filepath, providers };
}
