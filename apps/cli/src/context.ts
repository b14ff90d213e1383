import { statSync } from "node:fs";
import { homedir } from "node:os";
import { resolve } from "node:path";
import { DiscoveryCache, type DiscoveryContext } from "@roster/core";
import { type LoadConfigOptions, type LoadedConfig, loadConfig } from "./config.js";
import { UsageError } from "./errors.js";
import { createOutput, line, type Output, showPath } from "./output.js";
import { createDefaultRegistry } from "./registry.js";

/** The global flags every sub-command takes. */
export interface GlobalFlags {
  cwd?: string;
  home?: string;
  json?: boolean;
  project?: boolean;
  config?: string;
  color?: boolean;
  debug?: boolean;
  /** `--no-cache` sets it to false: no stored output is read or written. */
  cache?: boolean;
}

/** Everything a sub-command needs: context, registry, config and output. */
export interface App {
  ctx: DiscoveryContext;
  registry: ReturnType<typeof createDefaultRegistry>;
  loaded: LoadedConfig;
  output: Output;
  cache: DiscoveryCache;
  env: Record<string, string | undefined>;
  /** False with `--no-cache` (`ROSTER_NO_CACHE=1` is read where the cache is opened). */
  useCache: boolean;
}

/** The places and output of a run, from flags and the real environment: the only place that reads them. */
export function resolveBasics(flags: GlobalFlags): {
  cwd: string;
  home: string;
  env: Record<string, string | undefined>;
  output: Output;
} {
  const env = process.env;
  // Relative flag values are read against the shell's directory, as the user typed them.
  const cwd = resolve(flags.cwd ?? process.cwd());
  const home = resolve(flags.home ?? homedir());
  if (flags.cwd !== undefined) mustBeFolder("--cwd", cwd);
  if (flags.home !== undefined) mustBeFolder("--home", home);
  const output = createOutput({
    json: flags.json === true,
    color: flags.color !== false && colorWanted(env, process.stdout.isTTY === true),
    cwd,
    home,
    ...(process.stdout.isTTY && process.stdout.columns ? { columns: process.stdout.columns } : {}),
    write: (text) => process.stdout.write(text),
    writeErr: (text) => process.stderr.write(text),
  });
  return { cwd, home, env, output };
}

/** Builds the app from flags and the real environment. */
export async function createApp(flags: GlobalFlags): Promise<App> {
  const { cwd, home, env, output } = resolveBasics(flags);
  const options: LoadConfigOptions = { cwd, home, env, project: flags.project !== false };
  if (flags.config) options.configFile = resolve(flags.config);
  const loaded = await loadConfig(options);
  // --no-project wins over the config; otherwise the user's config may turn project data off.
  const trustProject = flags.project === false ? false : (loaded.config.trustProject ?? true);
  const ctx: DiscoveryContext = { cwd, home, env, trustProject };
  const registry = createDefaultRegistry({ extraProviders: loaded.providers });
  return { ctx, registry, loaded, output, cache: new DiscoveryCache(), env, useCache: flags.cache !== false };
}

/**
 * Prints what the config loader refused or skipped (one line each, on stderr) for commands
 * whose output does not carry diagnostics itself.
 */
export function printConfigNotes(app: App): void {
  for (const d of app.loaded.diagnostics) {
    const label = d.severity === "info" ? "note" : d.severity;
    app.output.err(
      line`roster: ${label}: ${d.filePath ? `${showPath(app.output, d.filePath)}: ` : ""}${d.message}`,
    );
  }
}

/** A `--cwd` or `--home` that is not a folder is a usage error, said before anything is read. */
function mustBeFolder(flag: string, path: string): void {
  let isFolder = false;
  try {
    isFolder = statSync(path).isDirectory();
  } catch {
    throw new UsageError(`${flag} ${path} does not exist.`);
  }
  if (!isFolder) throw new UsageError(`${flag} ${path} is not a folder.`);
}

/**
 * Colour: `FORCE_COLOR` (any value but `0`/`false`) turns it on, a non-empty `NO_COLOR`
 * turns it off, otherwise only on a terminal (https://no-color.org, https://force-color.org).
 */
export function colorWanted(env: Record<string, string | undefined>, isTTY: boolean): boolean {
  const force = env.FORCE_COLOR;
  if (force !== undefined && force !== "") return force !== "0" && force !== "false";
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== "") return false;
  return isTTY;
}
