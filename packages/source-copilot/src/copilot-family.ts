import { defineFamily } from "@roster/family";
import { copilotHost } from "./copilot-host.js";
import { copilotProfile } from "./copilot-profile.js";
import { copilotProvider } from "./copilot-provider.js";
import { copilotSkills } from "./copilot-skills.js";
import { copilotVocabulary } from "./copilot-vocabulary.js";
import { copilotWriter } from "./write-copilot-agent.js";

/**
 * The GitHub Copilot family as one value: its provider, its tool profile (`--as copilot`), its writer
 * (`export`/`sync --to copilot`), its host (`run --host copilot`) and its vocabulary.
 */
export const copilotFamily = defineFamily({
  id: "copilot",
  displayName: "GitHub Copilot",
  provider: copilotProvider,
  profile: copilotProfile,
  writer: copilotWriter,
  host: copilotHost,
  vocabulary: copilotVocabulary,
  skills: copilotSkills,
});
