import type { DiscoveryContext, ProviderRegistry } from "@roster/core";
import { type FamilyDefinition, toolTable } from "@roster/family";
import { SourceUsageError } from "./errors.js";
import { gitOptionsOf } from "./git.js";
import type { SourcesEnvironment } from "./types.js";

/** What {@link sourcesEnvironment} builds an environment from: the app's parts and the scope asked for. */
export interface SourcesEnvironmentOptions {
  ctx: DiscoveryContext;
  families: readonly FamilyDefinition[];
  registry: ProviderRegistry;
  /** roster's cache folder (`cacheDirOf`). */
  cacheDir: string;
  /** The user trusted the project (`roster trust`). */
  projectTrusted: boolean;
  /** The scope the operation works on. */
  scope: "project" | "user";
  /** Where `ROSTER_GIT_TIMEOUT` is read. */
  env: Record<string, string | undefined>;
  /** Where a home's installed-plugins registry is (the plugins family's). */
  pluginRegistry?: (home: string) => string;
}

/**
 * The environment of an operation on sources: every family's skill source (registry order),
 * their vocabularies' tool names as one table, git's timeout from the environment. The project scope with the project left alone
 * (`--no-project`) is a {@link SourceUsageError} naming `--scope user`.
 */
export function sourcesEnvironment(options: SourcesEnvironmentOptions): SourcesEnvironment {
  if (options.scope === "project" && options.ctx.trustProject === false)
    throw new SourceUsageError(
      "--no-project leaves the project alone: give --scope user to work on your own sources",
    );
  const git = gitOptionsOf(options.env);
  return {
    ctx: options.ctx,
    families: options.families,
    registry: options.registry,
    skillSources: options.families.flatMap((f) => (f.skills ? [f.skills] : [])),
    tools: toolTable(options.families.map((f) => f.vocabulary)),
    cacheDir: options.cacheDir,
    projectTrusted: options.projectTrusted,
    git,
    ...(options.pluginRegistry ? { pluginRegistry: options.pluginRegistry } : {}),
  };
}
