import { defineConfig, type Options } from "tsup";

/** The shared build of every roster package: ESM, declarations, Node 20. */
export const baseConfig: Options = {
  entry: ["src/index.ts"],
  format: ["esm"],
  dts: true,
  sourcemap: true,
  clean: true,
  target: "node20",
  platform: "node",
  // A module-level `require` in every ESM file, so the libraries' lazy `require("yaml")`
  // (written as a literal call so the CLI's bundle can include the module) works in dist too.
  banner: {
    js: 'import { createRequire as __rosterRequire } from "node:module"; const require = __rosterRequire(import.meta.url);',
  },
};

export default defineConfig(baseConfig);
