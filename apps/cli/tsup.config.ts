import { defineConfig } from "tsup";
import { baseConfig } from "../../tsup.base.ts";

export default defineConfig({
  ...baseConfig,
  entry: ["src/index.ts", "src/roster.ts"],
  // The bin bundles roster's own packages and its argument and config parsers, so
  // start-up resolves and reads a few files, not dozens (CommonJS ones need `require`).
  noExternal: [/^@roster\//, "commander", "import-meta-resolve"],
  banner: {
    js: 'import { createRequire as __rosterRequire } from "node:module"; const require = __rosterRequire(import.meta.url);',
  },
  splitting: true,
});
