import { defineFamily, ROSTER_VOCABULARY } from "@roster/family";
import { cursorProfile } from "./cursor-profile.js";
import { cursorProvider } from "./cursor-provider.js";
import { cursorWriter } from "./write-cursor-agent.js";

/**
 * The Cursor family as one value: its provider, its tool profile (`--as cursor`), its writer
 * (`export`/`sync --to cursor`) and its vocabulary (roster's own words).
 */
export const cursorFamily = defineFamily({
  id: "cursor",
  displayName: "Cursor",
  provider: cursorProvider,
  profile: cursorProfile,
  writer: cursorWriter,
  vocabulary: ROSTER_VOCABULARY,
});
