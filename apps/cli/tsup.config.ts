import { defineConfig } from "tsup";
import { baseConfig } from "../../tsup.base.ts";

export default defineConfig({
  ...baseConfig,
  entry: ["src/index.ts", "src/roster.ts"],
  // The bin bundles roster's own packages so start-up reads a few files, not dozens.
  noExternal: [/^@roster\//],
  splitting: true,
});
