export { xcshToolName, xcshWriter } from "./write-xcsh-agent.js";
export { xcshFamily } from "./xcsh-family.js";
export { xcshAgentDir, xcshConfigDir } from "./xcsh-paths.js";
export { xcshProfile } from "./xcsh-profile.js";
export { locateXcsh, xcshProvider } from "./xcsh-provider.js";
