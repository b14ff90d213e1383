import { defineFamily } from "@roster/family";
import { geminiHost } from "./gemini-host.js";
import { geminiProfile } from "./gemini-profile.js";
import { geminiProvider } from "./gemini-provider.js";
import { geminiSkills } from "./gemini-skills.js";
import { geminiVocabulary } from "./gemini-vocabulary.js";
import { geminiWriter } from "./write-gemini-agent.js";

/**
 * The Gemini CLI family as one value: its provider, its tool profile (`--as gemini`), its writer
 * (`export`/`sync --to gemini`), its host (`run --host gemini`) and its vocabulary.
 */
export const geminiFamily = defineFamily({
  id: "gemini",
  displayName: "Gemini CLI",
  provider: geminiProvider,
  profile: geminiProfile,
  writer: geminiWriter,
  host: geminiHost,
  vocabulary: geminiVocabulary,
  skills: geminiSkills,
});
