export { claudeConfigDir } from "./claude-paths.js";
export { claudeProvider, locateClaude } from "./claude-provider.js";
