import { defineFamily } from "@roster/family";
import { claudeHost } from "./claude-host.js";
import { claudeProfile } from "./claude-profile.js";
import { claudeProvider } from "./claude-provider.js";
import { claudeSkills } from "./claude-skills.js";
import { claudeVocabulary } from "./claude-vocabulary.js";
import { claudeWriter } from "./write-claude-agent.js";

/**
 * The Claude Code family as one value: its provider, its tool profile (`--as claude`), its writer
 * (`export`/`sync --to claude`), its host (`run --host claude`) and its vocabulary.
 */
export const claudeFamily = defineFamily({
  id: "claude",
  displayName: "Claude Code",
  provider: claudeProvider,
  profile: claudeProfile,
  writer: claudeWriter,
  host: claudeHost,
  vocabulary: claudeVocabulary,
  skills: claudeSkills,
});
