import { defineFamily, ROSTER_VOCABULARY } from "@roster/family";
import { xcshWriter } from "./write-xcsh-agent.js";
import { xcshProfile } from "./xcsh-profile.js";
import { xcshProvider } from "./xcsh-provider.js";

/**
 * The xcsh family as one value: its provider, its tool profile (`--as xcsh`), its writer
 * (`export`/`sync --to xcsh`) and its vocabulary (roster's own words).
 */
export const xcshFamily = defineFamily({
  id: "xcsh",
  displayName: "xcsh",
  provider: xcshProvider,
  profile: xcshProfile,
  writer: xcshWriter,
  vocabulary: ROSTER_VOCABULARY,
});
