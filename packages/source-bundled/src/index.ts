export { bundledFamily } from "./bundled-family.js";
export { bundledProvider } from "./bundled-provider.js";
export {
  AGENT_FILES,
  BUNDLED_AGENT_NAMES,
  buildBundledAgents,
  buildBundledCommands,
  clearBundledAgentsCache,
  loadBundledAgents,
  loadBundledCommands,
} from "./load-bundled.js";
export {
  agentFromBundled,
  BundledDefinitionError,
  bundledFilePath,
  commandFromBundled,
  parseBundledAgent,
  parseBundledCommand,
  parseBundledFile,
} from "./parse-bundled.js";
export { TASK_BODY_FILE, TASK_VARIANTS } from "./task-variants.js";
export type { BundledBuild, BundledCommand, InjectedAgent } from "./types.js";
