import { defineFamily } from "@roster/family";
import { opencodeHost } from "./opencode-host.js";
import { opencodeProfile } from "./opencode-profile.js";
import { opencodeProvider } from "./opencode-provider.js";
import { opencodeSkills } from "./opencode-skills.js";
import { opencodeVocabulary } from "./opencode-vocabulary.js";
import { opencodeWriter } from "./write-opencode-agent.js";

/**
 * The opencode family as one value: its provider, its tool profile (`--as opencode`), its writer
 * (`export`/`sync --to opencode`), its host (`run --host opencode`) and its vocabulary.
 */
export const opencodeFamily = defineFamily({
  id: "opencode",
  displayName: "opencode",
  provider: opencodeProvider,
  profile: opencodeProfile,
  writer: opencodeWriter,
  host: opencodeHost,
  vocabulary: opencodeVocabulary,
  skills: opencodeSkills,
});
