export { OPENCODE_DIAGNOSTIC_CODES, type OpencodeDiagnosticCode } from "./codes.js";
export { opencodeAgentFormat } from "./opencode-agent-format.js";
export { loadOpencodeConfigAgents, OPENCODE_CONFIG_FILES, opencodeConfigFiles } from "./opencode-config.js";
export { opencodeFamily } from "./opencode-family.js";
export { type MappedOpencodeAgent, mapOpencodeAgent, PERMISSION_TOOLS } from "./opencode-fields.js";
export {
  type OpencodeToolFields,
  opencodeConfigText,
  opencodeHost,
  opencodePermission,
} from "./opencode-host.js";
export { opencodeConfigDirOverride, opencodeGlobalDir, opencodeUserDir } from "./opencode-paths.js";
export { OPENCODE_AGENT_KEYS, opencodeProfile } from "./opencode-profile.js";
export { locateOpencode, opencodeProvider } from "./opencode-provider.js";
export { opencodeSkills } from "./opencode-skills.js";
export { opencodeVocabulary } from "./opencode-vocabulary.js";
export { opencodeWriter } from "./write-opencode-agent.js";
