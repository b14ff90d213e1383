import { homedir } from "node:os";
import { resolve } from "node:path";
import { DiscoveryCache, type DiscoveryContext } from "@roster/core";
import { indexDisabledBy } from "@roster/index";
import { type LoadConfigOptions, type LoadedConfig, loadConfig } from "./config.js";
import type { Output } from "./output.js";
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
  /** `--no-cache` sets it false: no persistent index is read or written. */
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
  /** Whether a persistent index may be used (not with `--no-cache` or `ROSTER_NO_CACHE=1`). */
  useIndex: boolean;
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
  const color = flags.color !== false && !("NO_COLOR" in env) && process.stdout.isTTY === true;
  const output: Output = {
    json: flags.json === true,
    color,
    cwd,
    out: (text) => process.stdout.write(`${text}\n`),
    write: (chunk) => process.stdout.write(chunk),
    err: (text) => process.stderr.write(`${text}\n`),
  };
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
  const useIndex = flags.cache !== false && !indexDisabledBy(env);
  return { ctx, registry, loaded, output, cache: new DiscoveryCache(), env, useIndex };
}

/**
 * Prints what the config loader refused or skipped (one line each, on stderr) for commands
 * whose output does not carry diagnostics itself.
 */
export function printConfigNotes(app: App): void {
  for (const d of app.loaded.diagnostics) {
    const label = d.severity === "info" ? "note" : d.severity;
    app.output.err(`roster: ${label}: ${d.filePath ? `${d.filePath}: ` : ""}${d.message}`);
  }
}
