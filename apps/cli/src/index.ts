export { discoverCommands, expandCommand, getCommand } from "@roster/commands";
export { discoverAgents, explainAgent, getAgent } from "@roster/core";
export { DOCTOR_DIAGNOSTIC_CODES, type DoctorDiagnosticCode } from "./codes.js";
export { type LoadedConfig, loadConfig, type RosterConfig } from "./config.js";
export { createDefaultRegistry, type DefaultRegistryOptions } from "./registry.js";
