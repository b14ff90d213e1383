export { discoverCommands, expandCommand, getCommand } from "@roster/commands";
export { discoverAgents, explainAgent, getAgent } from "@roster/core";
export {
  CLI_DIAGNOSTIC_CODES,
  CONFIG_DIAGNOSTIC_CODES,
  DOCTOR_DIAGNOSTIC_CODES,
  type DoctorDiagnosticCode,
} from "./codes.js";
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
