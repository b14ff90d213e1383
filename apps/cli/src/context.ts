import { isCodeFile, type LoadConfigOptions, type LoadedConfig, loadConfig } from "@roster/config";
import type { ProviderRegistry } from "@roster/core";
import { DiscoveryCache, type DiscoveryContext } from "@roster/core";
import { setRegistry } from "@roster/family";
import { ReadRecorder } from "@roster/index";
import { fromShell, type GlobalFlags, resolveBasics } from "./basics.js";
import { type AppFamilies, checkConfigHosts, familySetOf } from "./families.js";
import { type Output, printNotes } from "./output.js";

/** Everything a sub-command needs: context, registry, config and output. */
export interface App {
  ctx: DiscoveryContext;
  /** The providers of `families`, in their order. */
  registry: ProviderRegistry;
  /**
   * The app's one family set, the trusted config's families among them (families.ts): every
   * part of the app reads its families' profiles, writers, skill sources and hosts here.
   */
  families: AppFamilies;
  loaded: LoadedConfig;
  output: Output;
  cache: DiscoveryCache;
  env: Record<string, string | undefined>;
  /** The global flags the run was given. */
  flags: GlobalFlags;
  /** False with `--no-cache` (`ROSTER_NO_CACHE=1` is read where the cache is opened). */
  useCache: boolean;
  /**
   * With `record`: what config loading read (and `env` is its recording environment), for a
   * `list` to add its look to and store as the shortcut (see list-cache.ts).
   */
  recorder?: ReadRecorder;
}

/**
 * Builds the app from flags and the real environment. With `record`, config loading reads
 * through a {@link ReadRecorder} (`app.recorder`, also `app.env`), which a `list` goes on
 * with; its record is spoiled when config code runs (an `.mjs` config or a provider module
 * reads what no recorder sees).
 */
export async function createApp(flags: GlobalFlags, options: { record?: boolean } = {}): Promise<App> {
  const { cwd, home, output } = resolveBasics(flags);
  const recorder = options.record ? new ReadRecorder(process.env) : undefined;
  const env = recorder?.env ?? process.env;
  const configOptions: LoadConfigOptions = { cwd, home, env, project: flags.project !== false };
  if (recorder) configOptions.fs = recorder.fs;
  if (flags.config) configOptions.configFile = fromShell(flags.config);
  const loaded = await loadConfig(configOptions);
  if (loaded.providers.length > 0) recorder?.spoil("the config loads provider modules");
  if (loaded.layers.some((l) => l.trusted && isCodeFile(l.filePath))) recorder?.spoil("the config is code");
  // --no-project wins over the config; otherwise the user's config may turn project data off.
  const trustProject = flags.project === false ? false : (loaded.config.trustProject ?? true);
  // Discovery itself reads unrecorded: a `list` records only its stat-only look (list-cache.ts).
  const ctx: DiscoveryContext = { cwd, home, env: process.env, trustProject };
  const families = familySetOf(loaded.families);
  const registry = setRegistry(families);
  checkConfigHosts(loaded, families);
  return {
    ctx,
    registry,
    families,
    loaded,
    output,
    cache: new DiscoveryCache(),
    env,
    flags,
    useCache: flags.cache !== false,
    ...(recorder ? { recorder } : {}),
  };
}

/**
 * Prints what the config loader refused or skipped (one line each, on stderr) for commands
 * whose output does not carry diagnostics itself.
 */
export function printConfigNotes(app: App): void {
  printNotes(app.output, app.loaded.diagnostics);
}
