export { CODEX_DIAGNOSTIC_CODES, type CodexDiagnosticCode } from "./codes.js";
export { codexAgentFormat, mapCodexAgent } from "./codex-agent-format.js";
export {
  type CodexAgentLimits,
  codexConfigFiles,
  codexProjectGate,
  loadCodexConfigAgents,
  readCodexLimits,
} from "./codex-config.js";
export { codexFamily } from "./codex-family.js";
export { codexHost } from "./codex-host.js";
export { CODEX_CONFIG_KEYS } from "./codex-keys.js";
export { codexHome } from "./codex-paths.js";
export { codexProfile } from "./codex-profile.js";
export { codexProvider, createCodexProvider } from "./codex-provider.js";
export { codexSkills } from "./codex-skills.js";
export { codexVocabulary } from "./codex-vocabulary.js";
export { CodexTomlError } from "./errors.js";
export type { CodexProviderOptions } from "./types.js";
export { codexWriter } from "./write-codex-agent.js";
