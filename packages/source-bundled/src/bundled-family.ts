import { defineFamily, ROSTER_VOCABULARY } from "@roster/family";
import { bundledProvider } from "./bundled-provider.js";

/** roster's built-in agents as a family: written in roster's own words, run on `defaultHost`. */
export const bundledFamily = defineFamily({
  id: "bundled",
  displayName: "Bundled",
  provider: bundledProvider,
  vocabulary: ROSTER_VOCABULARY,
  enforce: "post",
});
