export { PLUGINS_DIAGNOSTIC_CODES, type PluginsDiagnosticCode } from "./codes.js";
export { type EnabledPlugins, readEnabledPlugins, settingsPaths } from "./enabled-plugins.js";
export {
  type FindPluginRootsOptions,
  findPluginRoots,
  type PluginRootsResult,
} from "./find-plugin-roots.js";
export { type ParseRegistryOptions, parseInstalledPlugins, splitPluginId } from "./parse-registry.js";
export { PLUGIN_IGNORED_KEYS, pluginAgentFormat, pluginMarkdownFormat } from "./plugin-agent-format.js";
export {
  MANIFEST_PATH,
  type PluginLocationsOptions,
  pluginLocations,
  readPluginManifest,
} from "./plugin-manifest.js";
export {
  claudeDir,
  claudeRegistryPath,
  projectClaudeDir,
  projectRegistryPath,
  xcshRegistryPath,
} from "./plugin-paths.js";
export { pluginSkills } from "./plugin-skills.js";
export { pluginsFamily } from "./plugins-family.js";
export {
  createPluginsProvider,
  locatePlugins,
  pluginsProvider,
  UNKNOWN_VERSION,
} from "./plugins-provider.js";
export type {
  ParsedRegistry,
  PluginLocations,
  PluginManifest,
  PluginRoot,
  PluginsProvider,
  PluginsProviderOptions,
  RegistryEntry,
  RegistryPlugin,
  RegistrySource,
} from "./types.js";
