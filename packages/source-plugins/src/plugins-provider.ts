import {
  type DiscoveryContext,
  type DiscoveryKind,
  defineProvider,
  fileSystemOf,
  type Location,
  type PluginInfo,
} from "@roster/core";
import { findPluginRoots } from "./find-plugin-roots.js";
import { pluginAgentFormat } from "./plugin-agent-format.js";
import { pluginLocations, readPluginManifest } from "./plugin-manifest.js";
import type { PluginLocations, PluginsProvider, PluginsProviderOptions } from "./types.js";

/** The version a plugin reports when neither its registry entry nor its manifest gives one. */
export const UNKNOWN_VERSION = "unknown";

/**
 * The plugin folders' locations for `kind`, project-scope plugins first, each carrying
 * its `plugin` info and scope, with every problem found on the way.
 *
 * @example const { locations, diagnostics } = locatePlugins(ctx, "agents");
 */
export function locatePlugins(
  ctx: DiscoveryContext,
  kind: DiscoveryKind,
  options: Pick<PluginsProviderOptions, "claude"> = {},
): PluginLocations {
  const fs = fileSystemOf(ctx);
  const found = findPluginRoots(ctx, options);
  const diagnostics = [...found.diagnostics];
  const locations: Location[] = [];
  for (const root of found.roots) {
    const { manifest, diagnostics: manifestProblems } = readPluginManifest(fs, root.root, root.id);
    diagnostics.push(...manifestProblems);
    const plugin: PluginInfo = {
      id: root.id,
      name: root.name,
      marketplace: root.marketplace,
      version: root.version ?? manifest.version ?? UNKNOWN_VERSION,
    };
    const result = pluginLocations({
      fs,
      root: root.root,
      kind,
      manifest,
      base: { scope: root.scope, plugin, ...(kind === "agents" ? { formats: [pluginAgentFormat] } : {}) },
      pluginId: root.id,
    });
    diagnostics.push(...result.diagnostics);
    locations.push(...result.locations);
  }
  return { locations, diagnostics };
}

/**
 * Makes a plugins provider (SPEC §4.2). Options change its id or read only the xcsh
 * registries.
 *
 * @example createRegistry([claudeProvider, createPluginsProvider({ claude: false })])
 */
export function createPluginsProvider(options: PluginsProviderOptions = {}): PluginsProvider {
  const readOptions = options.claude === undefined ? {} : { claude: options.claude };
  return defineProvider({
    id: options.id ?? "plugins",
    displayName: options.displayName ?? "Claude Code plugins",
    locate: (ctx: DiscoveryContext, kind: DiscoveryKind) => locatePlugins(ctx, kind, readOptions),
  });
}

/** The plugins provider with default options: id `"plugins"`. */
export const pluginsProvider: PluginsProvider = createPluginsProvider();
