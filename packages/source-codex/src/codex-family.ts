import { defineFamily } from "@roster/family";
import { codexHost } from "./codex-host.js";
import { codexProfile } from "./codex-profile.js";
import { codexProvider } from "./codex-provider.js";
import { codexSkills } from "./codex-skills.js";
import { codexVocabulary } from "./codex-vocabulary.js";
import { codexWriter } from "./write-codex-agent.js";

/**
 * The Codex family as one value: its provider, its tool profile (`--as codex`), its writer
 * (`export`/`sync --to codex`), its host (`run --host codex`) and its vocabulary.
 */
export const codexFamily = defineFamily({
  id: "codex",
  displayName: "Codex",
  provider: codexProvider,
  profile: codexProfile,
  writer: codexWriter,
  host: codexHost,
  vocabulary: codexVocabulary,
  skills: codexSkills,
});
