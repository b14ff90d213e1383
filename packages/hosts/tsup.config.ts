import { defineConfig } from "tsup";
import { baseConfig } from "../../tsup.base.ts";

// `./plan-kit` is an entry of its own: a family that holds its host plan
// loads neither the host runner nor the executor.
export default defineConfig({
  ...baseConfig,
  entry: ["src/index.ts", "src/plan-kit.ts"],
});
