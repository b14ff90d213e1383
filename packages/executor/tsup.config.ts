import { defineConfig } from "tsup";
import { baseConfig } from "../../tsup.base.ts";

// `./default-settings` is its own entry: a caller that needs only the default limits (the
// CLI's config) loads nothing else of the executor.
export default defineConfig({ ...baseConfig, entry: ["src/index.ts", "src/default-settings.ts"] });
