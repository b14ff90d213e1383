import { defineFamily } from "@roster/family";
import { claudeHost, claudeVocabulary } from "@roster/source-claude";
import { pluginSkills } from "./plugin-skills.js";
import { pluginsProvider } from "./plugins-provider.js";

/**
 * Claude Code plugins as a family: their agents are Claude Code agents, so they run on
 * Claude Code's host in Claude Code's words. No profile or writer of their own: `--as claude`
 * shows plugin agents as Claude Code loads them.
 */
export const pluginsFamily = defineFamily({
  id: "plugins",
  displayName: "Claude Code plugins",
  provider: pluginsProvider,
  host: claudeHost,
  vocabulary: claudeVocabulary,
  skills: pluginSkills,
  enforce: "post",
});
