// The bin's build: the app (ES modules, split) plus, after it, the CommonJS files the bin
// loads on its own (see "The build" in README.md for why each exists).
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, type Options } from "tsup";
import { baseConfig } from "../../tsup.base.ts";

const cliDir = dirname(fileURLToPath(import.meta.url));
const root = join(cliDir, "../..");

type EsbuildPlugin = NonNullable<Options["esbuildPlugins"]>[number];
type Esbuild = Parameters<EsbuildPlugin["setup"]>[0]["esbuild"];

/**
 * Every roster package's TypeScript entries, so the bin builds from sources with nothing
 * built first: `@roster/core` → `src/index.ts`, and each subpath export
 * (`@roster/core/provider-kit`) → `src/provider-kit.ts`.
 */
export function rosterSources(): Map<string, string> {
  const sources = new Map<string, string>();
  for (const dir of readdirSync(join(root, "packages"))) {
    const src = join(root, "packages", dir, "src");
    const manifest = join(root, "packages", dir, "package.json");
    if (!existsSync(manifest) || !existsSync(join(src, "index.ts"))) continue;
    const { name, exports = {} } = JSON.parse(readFileSync(manifest, "utf8")) as {
      name: string;
      exports?: Record<string, unknown>;
    };
    sources.set(name, join(src, "index.ts"));
    for (const key of Object.keys(exports).filter((k) => k !== "." && k.startsWith("./"))) {
      if (existsSync(join(src, `${key.slice(2)}.ts`)))
        sources.set(`${name}/${key.slice(2)}`, join(src, `${key.slice(2)}.ts`));
    }
  }
  return sources;
}

/**
 * Libraries loaded on first need with a literal `require("<name>")`: the YAML engines for
 * frontmatter the fast path declines, TOML for Codex agents, JSONC for opencode config
 * files and string-width for table cells that are not plain ASCII. Each is bundled into a
 * CommonJS file of its own (`dist/engines/<name>.cjs`) that the `require` loads,
 * synchronously, the first time it runs; a start-up that never needs one never reads it.
 */
export const LAZY_ENGINES = ["gray-matter", "yaml", "smol-toml", "jsonc-parser", "string-width"] as const;

/**
 * Engines the build generates instead of bundling, required by a literal
 * `require("#roster/<name>")`: Ajv's JTD meta-schema validator as standalone code (see
 * `precompiledMetaValidator` in @roster/executor), so that the first output schema a run or
 * `doctor` checks does not first compile the meta-schema (about 260 ms in a fresh process).
 */
export const GENERATED_ENGINES: Readonly<Record<string, () => string>> = {
  "ajv-jtd-meta": () => {
    const requireHere = createRequire(join(root, "packages/executor/package.json"));
    const { Ajv } = requireHere("ajv/dist/jtd.js") as typeof import("ajv/dist/jtd.js");
    const standalone = (
      requireHere("ajv/dist/standalone/index.js") as { default: (a: unknown, v: unknown) => string }
    ).default;
    const ajv = new Ajv({ allErrors: true, code: { source: true } });
    return standalone(ajv, ajv.getSchema("JTD-meta-schema"));
  },
};

/** The plugins every bundle of the bin shares: `@roster/*` from sources, lazy and generated engines as `./engines/<name>.cjs`. */
const SHARED_PLUGINS: EsbuildPlugin[] = [
  {
    name: "roster-sources",
    setup(build) {
      const sources = rosterSources();
      build.onResolve({ filter: /^@roster\// }, (args) => {
        const path = sources.get(args.path);
        return path ? { path } : undefined;
      });
    },
  },
  {
    name: "roster-lazy-requires",
    setup(build) {
      const names = [...LAZY_ENGINES, ...Object.keys(GENERATED_ENGINES).map((n) => `#roster/${n}`)];
      build.onResolve({ filter: new RegExp(`^(${names.join("|")})$`) }, (args) =>
        args.kind === "require-call"
          ? { path: `./engines/${args.path.replace("#roster/", "")}.cjs`, external: true }
          : undefined,
      );
    },
  },
];

/** One CommonJS bundle for Node 20, next to the app in dist/. */
function bundleCjs(esbuild: Esbuild, options: Parameters<Esbuild["build"]>[0]) {
  return esbuild.build({
    bundle: true,
    format: "cjs",
    platform: "node",
    target: "node20",
    logLevel: "warning",
    ...options,
  });
}

/**
 * After the app: the files the bin loads beside it. @roster/config's code-guard hooks (registered
 * by URL from beside the module that holds them), the generated engines, each lazy engine, the
 * module resolver a config's provider packages need, and the bin's own `list` — its shortcut
 * (`list-fast.cjs`, required before anything else) and the list the shortcut could not print
 * (`list-run.cjs`, without the app's command table): CommonJS starts a few milliseconds sooner.
 */
const binFiles: EsbuildPlugin = {
  name: "roster-bin-files",
  setup(build) {
    build.onEnd(async (result) => {
      if (result.errors.length > 0) return;
      const outDir = resolve(cliDir, build.initialOptions.outdir ?? "dist");
      mkdirSync(join(outDir, "engines"), { recursive: true });
      copyFileSync(
        join(root, "packages/config/src/code-guard-hooks.mjs"),
        join(outDir, "code-guard-hooks.mjs"),
      );
      for (const [name, source] of Object.entries(GENERATED_ENGINES)) {
        const options = { minify: true, format: "cjs", platform: "node", target: "node20" } as const;
        writeFileSync(
          join(outDir, "engines", `${name}.cjs`),
          (await build.esbuild.transform(source(), options)).code,
        );
      }
      const engine = (name: string, contents: string, extra: object = {}) =>
        bundleCjs(build.esbuild, {
          stdin: { contents, resolveDir: cliDir },
          outfile: join(outDir, "engines", `${name}.cjs`),
          ...extra,
        });
      // The bin's own list takes the module resolver from its engine file, on that need only.
      const lazyResolver: EsbuildPlugin = {
        name: "roster-lazy-resolver",
        setup(cjs) {
          cjs.onResolve({ filter: /^import-meta-resolve$/ }, (args) =>
            args.kind === "dynamic-import"
              ? { path: "./engines/import-meta-resolve.cjs", external: true }
              : undefined,
          );
        },
      };
      await Promise.all([
        // An ES module in, so that esbuild names the exports for Node's `import()` of CommonJS.
        engine("import-meta-resolve", 'export { resolve } from "import-meta-resolve";'),
        // jsonc-parser's `main` is a UMD build whose inner requires no bundler follows.
        ...LAZY_ENGINES.map((name) =>
          engine(name, `module.exports = require(${JSON.stringify(name)});`, {
            mainFields: ["module", "main"],
          }),
        ),
        ...["list-fast", "list-run"].map((name) =>
          bundleCjs(build.esbuild, {
            entryPoints: [join(cliDir, `src/commands/agents/${name}.ts`)],
            outfile: join(outDir, `${name}.cjs`),
            plugins: [...SHARED_PLUGINS, lazyResolver],
            banner: { js: 'const __rosterMetaUrl = require("node:url").pathToFileURL(__filename).href;' },
            define: { "import.meta.url": "__rosterMetaUrl" },
            minifyWhitespace: true,
            minifySyntax: true,
            sourcemap: true,
          }),
        ),
      ]);
    });
  },
};

/**
 * commander requires child_process (and with it net, dgram and their bindings) at load, for
 * executable sub-commands roster never declares: it gets a stand-in that loads the real
 * module on the first spawn.
 */
const commanderSpawn: EsbuildPlugin = {
  name: "roster-commander-spawn",
  setup(build) {
    build.onResolve({ filter: /^(node:)?child_process$/ }, (args) =>
      /[\\/]node_modules[\\/]commander[\\/]/.test(args.importer)
        ? { path: "commander-spawn", namespace: "roster-commander-spawn" }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: "roster-commander-spawn" }, () => ({
      contents: 'exports.spawn = (...args) => require("node:child_process").spawn(...args);',
      loader: "js",
    }));
  },
};

export default defineConfig((cli) => ({
  ...baseConfig,
  entry: ["src/index.ts", "src/roster.ts"],
  // Self-contained: roster's packages and every third-party module are bundled, so the
  // published package has no dependencies and installs from its tarball alone.
  noExternal: [/.*/],
  esbuildPlugins: [...SHARED_PLUGINS, binFiles, commanderSpawn],
  splitting: true,
  // White space and syntax minified, names kept: less for Node to read and pre-parse at every
  // start. `--debug` turns source maps on, so its stack traces name the TypeScript sources.
  minifyWhitespace: true,
  minifySyntax: true,
  // Keep `node:` specifiers: the commander stand-in above needs to see `node:child_process`.
  removeNodeProtocol: false,
  // Declarations only for the library entry (hosts import it); `tsup --no-dts` skips them.
  dts: cli.dts === false ? false : { entry: "src/index.ts" },
}));
