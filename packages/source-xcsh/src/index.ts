export { xcshToolName, xcshWriter } from "./write-xcsh-agent.js";
export { xcshAgentDir, xcshConfigDir } from "./xcsh-paths.js";
export { locateXcsh, xcshProvider } from "./xcsh-provider.js";
