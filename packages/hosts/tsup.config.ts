import { defineConfig } from "tsup";
import { baseConfig } from "../../tsup.base.ts";

// `./host-ids` and `./host-definitions` are entries of their own: a caller that only checks ids
// (the CLI's config), or a family that only holds its host definition, loads neither the host
// runners nor the executor.
export default defineConfig({
  ...baseConfig,
  entry: ["src/index.ts", "src/host-ids.ts", "src/host-definitions.ts"],
});
