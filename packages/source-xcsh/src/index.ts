export { xcshAgentDir, xcshConfigDir } from "./xcsh-paths.js";
export { locateXcsh, xcshProvider } from "./xcsh-provider.js";
