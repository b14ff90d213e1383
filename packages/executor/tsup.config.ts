import { defineConfig } from "tsup";
import { baseConfig } from "../../tsup.base.ts";

// `./default-settings`, `./check-schema-shape` and `./session-env` are entries of their own:
// the CLI's config needs only the default limits, the host definitions check a schema's
// shape, and doctor reads the session's variables, without loading the rest of the executor
// (its runners, Ajv).
export default defineConfig({
  ...baseConfig,
  entry: ["src/index.ts", "src/default-settings.ts", "src/check-schema-shape.ts", "src/session-env.ts"],
});
