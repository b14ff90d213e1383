import { defineConfig } from "tsup";
import { baseConfig } from "../../tsup.base.ts";

// `./check-schema-shape` is its own entry: the host definitions check a schema's shape without
// loading the executor (its runners, Ajv).
export default defineConfig({ ...baseConfig, entry: ["src/index.ts", "src/check-schema-shape.ts"] });
