export { readEnabledPlugins, settingsPaths, type EnabledPlugins } from "./enabled-plugins.js";
export {
  findPluginRoots,
  type FindPluginRootsOptions,
  type PluginRootsResult,
} from "./find-plugin-roots.js";
export { parseInstalledPlugins, splitPluginId, type ParseRegistryOptions } from "./parse-registry.js";
export {
  MANIFEST_PATH,
  pluginLocations,
  readPluginManifest,
  type PluginLocationsOptions,
} from "./plugin-manifest.js";
export {
  claudeDir,
  claudeRegistryPath,
  projectClaudeDir,
  projectRegistryPath,
  xcshRegistryPath,
} from "./plugin-paths.js";
export { createPluginsProvider, locatePlugins, pluginsProvider, UNKNOWN_VERSION } from "./plugins-provider.js";
export type {
  ParsedRegistry,
  PluginManifest,
  PluginRoot,
  PluginsProviderOptions,
  RegistryEntry,
  RegistryPlugin,
  RegistrySource,
} from "./types.js";
