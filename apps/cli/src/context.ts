import { homedir } from "node:os";
import { resolve } from "node:path";
import { DiscoveryCache, type DiscoveryContext } from "@roster/core";
import { type LoadedConfig, loadConfig } from "./config.js";
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
}

/** Everything a sub-command needs: context, registry, config and output. */
export interface App {
  ctx: DiscoveryContext;
  registry: ReturnType<typeof createDefaultRegistry>;
  loaded: LoadedConfig;
  output: Output;
  cache: DiscoveryCache;
  env: Record<string, string | undefined>;
}

/** Builds the app from flags and the real environment: the only place that reads them. */
export async function createApp(flags: GlobalFlags): Promise<App> {
  const env = process.env;
  // Relative flag values are read against the shell's directory, as the user typed them.
  const cwd = resolve(flags.cwd ?? process.cwd());
  const home = resolve(flags.home ?? homedir());
  const loaded = await loadConfig(cwd, flags.config && resolve(flags.config));
  // --no-project wins over the config; otherwise the config may turn trust off.
  const trustProject = flags.project === false ? false : (loaded.config.trustProject ?? true);
  const ctx: DiscoveryContext = { cwd, home, env, trustProject };
  const color = flags.color !== false && !("NO_COLOR" in env) && process.stdout.isTTY === true;
  const output: Output = {
    json: flags.json === true,
    color,
    cwd,
    out: (text) => process.stdout.write(`${text}\n`),
    err: (text) => process.stderr.write(`${text}\n`),
  };
  const registry = createDefaultRegistry({ extraProviders: loaded.providers });
  return { ctx, registry, loaded, output, cache: new DiscoveryCache(), env };
}
