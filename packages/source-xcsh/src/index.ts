export { xcshAgentDir, xcshConfigDir } from "./xcsh-paths.js";
export { locateXcsh, xcshProvider } from "./xcsh-provider.js";
export { xcshToolName, xcshWriter } from "./write-xcsh-agent.js";
