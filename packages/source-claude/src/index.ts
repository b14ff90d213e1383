export { claudeFamily } from "./claude-family.js";
export { claudeHost } from "./claude-host.js";
export { claudeConfigDir } from "./claude-paths.js";
export { CLAUDE_AGENT_KEYS, CLAUDE_MANAGED_DIR, claudeProfile, quoteLikeClaude } from "./claude-profile.js";
export { claudeMarkdownFormat, claudeProvider, locateClaude, withClaudeToolList } from "./claude-provider.js";
export { CLAUDE_SKILL_KEYS, claudeSkills } from "./claude-skills.js";
export { claudeVocabulary } from "./claude-vocabulary.js";
export { CLAUDE_TOOLS, claudeToolName, claudeWriter } from "./write-claude-agent.js";
