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
};

export default defineConfig(baseConfig);
