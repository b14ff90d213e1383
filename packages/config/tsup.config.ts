import { copyFileSync } from "node:fs";
import { defineConfig } from "tsup";
import { baseConfig } from "../../tsup.base.ts";

export default defineConfig({
  ...baseConfig,
  // The code guard's module hooks run in Node's loader thread, loaded by URL from beside the
  // module that registers them (src/code-guard.ts): a file of its own in dist/.
  async onSuccess() {
    copyFileSync("src/code-guard-hooks.mjs", "dist/code-guard-hooks.mjs");
  },
});
