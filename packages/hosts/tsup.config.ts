import { defineConfig } from "tsup";
import { baseConfig } from "../../tsup.base.ts";

// `./host-ids` is its own entry: a caller that only checks ids (the CLI's config) loads
// neither the host runners nor the executor.
export default defineConfig({ ...baseConfig, entry: ["src/index.ts", "src/host-ids.ts"] });
