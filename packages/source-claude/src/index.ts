export { claudeConfigDir } from "./claude-paths.js";
export { claudeMarkdownFormat, claudeProvider, locateClaude } from "./claude-provider.js";
