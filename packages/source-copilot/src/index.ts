export { copilotMcpServersProblem } from "./check-copilot-mcp-servers.js";
export {
  COPILOT_AGENT_EXTENSION,
  COPILOT_AGENT_KEYS,
  copilotAgentFormat,
  copilotAgentId,
} from "./copilot-agent-format.js";
export { copilotFamily } from "./copilot-family.js";
export { copilotHost } from "./copilot-host.js";
export { copilotHome } from "./copilot-paths.js";
export { copilotProfile } from "./copilot-profile.js";
export { copilotProvider, locateCopilot } from "./copilot-provider.js";
export { copilotSkills } from "./copilot-skills.js";
export { COPILOT_TOOL_IDS } from "./copilot-tool-ids.js";
export { COPILOT_TOOL_ALIASES, mapCopilotTools } from "./copilot-tools.js";
export { copilotVocabulary } from "./copilot-vocabulary.js";
export { copilotToolName, copilotWriter } from "./write-copilot-agent.js";
