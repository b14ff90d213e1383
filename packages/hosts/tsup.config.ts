import { defineConfig } from "tsup";
import { baseConfig } from "../../tsup.base.ts";

// `./host-definitions` is an entry of its own: a family that only holds its host definition
// loads neither the host runners nor the executor.
export default defineConfig({
  ...baseConfig,
  entry: ["src/index.ts", "src/host-definitions.ts"],
});
