import { defineProvider } from "@roster/core";
import { bundledItems } from "./load-bundled.js";

/**
 * The provider of the built-in agents and commands. It has no locations, only `load`,
 * so the merge puts its definitions after every other source (SPEC §5: bundled last).
 *
 * @example createRegistry([xcsh, claude, codex, gemini, plugins, bundledProvider])
 */
export const bundledProvider = defineProvider({
  id: "bundled",
  displayName: "Bundled",
  // The context is unused: bundled definitions do not depend on cwd, home or env.
  load: (_ctx, kind) => bundledItems(kind),
});
