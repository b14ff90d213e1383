export { discoverCommands, expandCommand, getCommand } from "@roster/commands";
export { discoverAgents, explainAgent, getAgent } from "@roster/core";
export {
  type ConfigDiagnosticCode,
  type ConfigLayer,
  type ConfigSource,
  DEFAULT_LIMITS,
  type HostConfig,
  type LoadConfigOptions,
  type LoadedConfig,
  loadConfig,
  type RosterConfig,
} from "./config.js";
export { findProjectConfig, projectConfigDirs, userConfigDir } from "./config-places.js";
export { createDefaultRegistry, type DefaultRegistryOptions } from "./registry.js";
export { readTrustStore, type TrustRecord, trustStorePath } from "./trust-store.js";
