import { defineConfig } from "tsup";
import { baseConfig } from "../../tsup.base.ts";

// `./default-settings` and `./check-schema-shape` are entries of their own: the CLI's config
// needs only the default limits, and the host definitions check a schema's shape, without
// loading the rest of the executor (its runners, Ajv).
export default defineConfig({
  ...baseConfig,
  entry: ["src/index.ts", "src/default-settings.ts", "src/check-schema-shape.ts"],
});
