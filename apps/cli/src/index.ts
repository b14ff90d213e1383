export { discoverCommands, expandCommand, getCommand } from "@roster/commands";
export {
  type ConfigDiagnosticCode,
  type ConfigLayer,
  type ConfigSource,
  findProjectConfig,
  type HostConfig,
  type LoadConfigOptions,
  type LoadedConfig,
  loadConfig,
  projectConfigDirs,
  type RosterConfig,
  readTrustStore,
  type TrustRecord,
  trustStorePath,
  userConfigDir,
} from "@roster/config";
export { discoverAgents, getAgent } from "@roster/core";
export { explainAgent } from "@roster/profiles";
export {
  CLI_DIAGNOSTIC_CODES,
  CONFIG_DIAGNOSTIC_CODES,
  DOCTOR_DIAGNOSTIC_CODES,
  type DoctorDiagnosticCode,
} from "./codes.js";
export { createDefaultRegistry, type DefaultRegistryOptions } from "./registry.js";
