// An app over a test's context and output, with the built-in families, no config, no cache.
import { DiscoveryCache, type DiscoveryContext } from "@roster/core";
import type { App } from "../src/context.js";
import { familySetOf } from "../src/families.js";
import type { Output } from "../src/output.js";
import { createDefaultRegistry } from "../src/registry.js";

/** The app a command runs on, over `ctx` and `output`, as `roster` with no config file builds it. */
export function testApp(options: {
  ctx: DiscoveryContext;
  output: Output;
  env?: Record<string, string | undefined>;
}): App {
  return {
    ctx: options.ctx,
    registry: createDefaultRegistry(),
    families: familySetOf(),
    loaded: {
      config: {},
      filePath: null,
      layers: [],
      providers: [],
      families: [],
      diagnostics: [],
      project: null,
    },
    flags: {},
    output: options.output,
    cache: new DiscoveryCache(),
    useCache: false,
    env: options.env ?? {},
  };
}
