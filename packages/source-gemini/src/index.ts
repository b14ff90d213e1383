export { GEMINI_DIAGNOSTIC_CODES, type GeminiDiagnosticCode } from "./codes.js";
export { GeminiTomlError } from "./errors.js";
export { geminiAgentFormat } from "./gemini-agent-format.js";
export { geminiCommandFormat } from "./gemini-command-format.js";
export { geminiFamily } from "./gemini-family.js";
export { geminiHost } from "./gemini-host.js";
export { geminiDir } from "./gemini-paths.js";
export { GEMINI_AGENT_KEYS, GEMINI_REMOTE_AGENT_KEYS, geminiProfile } from "./gemini-profile.js";
export { geminiProvider, locateGemini } from "./gemini-provider.js";
export { geminiSkills } from "./gemini-skills.js";
export {
  GEMINI_BUILTIN_TOOLS,
  GEMINI_LEGACY_TOOLS,
  GEMINI_TO_ROSTER,
  isGeminiToolName,
  mapGeminiTools,
} from "./gemini-tools.js";
export { geminiVocabulary } from "./gemini-vocabulary.js";
export { geminiToolName, geminiWriter } from "./write-gemini-agent.js";
