import { createRequire } from "node:module";

/** Options of {@link loadLazily}. */
export interface LoadLazilyOptions {
  /** The importing module's `import.meta.url`: the module is resolved from its package. */
  url: string;
  /** The module's name, as `bundled` requires it. */
  id: string;
  /** A literal `require("<id>")`: a bundler (the CLI's bin) sees it and bundles the module. */
  bundled: () => unknown;
}

/**
 * A library loaded on first use, once: start-ups that never need it never pay for it. Where
 * `require` exists (a bundle, whose `require` loads its own copy) `bundled` loads it; elsewhere
 * (the ESM dist, tests) node's `createRequire(url)` loads it from node_modules.
 *
 * @example const smolToml = loadLazily<SmolToml>({ url: import.meta.url, id: "smol-toml", bundled: () => require("smol-toml") });
 */
export function loadLazily<T>(options: LoadLazilyOptions): () => T {
  let loaded: { module: T } | undefined;
  return () => {
    loaded ??= {
      module: (typeof require === "function"
        ? options.bundled()
        : createRequire(options.url)(options.id)) as T,
    };
    return loaded.module;
  };
}
