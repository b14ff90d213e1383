import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, type Options } from "tsup";
import { baseConfig } from "../../tsup.base.ts";

const cliDir = dirname(fileURLToPath(import.meta.url));
const root = join(cliDir, "../..");

/**
 * Every roster package's TypeScript entries, so the bin builds from sources with nothing
 * built first: `@roster/core` → `src/index.ts`, and each subpath export
 * (`@roster/core/provider-kit`) → `src/provider-kit.ts`.
 */
export function rosterSources(): Map<string, string> {
  const sources = new Map<string, string>();
  for (const dir of readdirSync(join(root, "packages"))) {
    const manifest = join(root, "packages", dir, "package.json");
    const entry = join(root, "packages", dir, "src", "index.ts");
    if (!existsSync(manifest) || !existsSync(entry)) continue;
    const { name, exports } = JSON.parse(readFileSync(manifest, "utf8")) as {
      name: string;
      exports?: Record<string, unknown>;
    };
    sources.set(name, entry);
    for (const key of Object.keys(exports ?? {})) {
      if (key === "." || !key.startsWith("./")) continue;
      const sub = join(root, "packages", dir, "src", `${key.slice(2)}.ts`);
      if (existsSync(sub)) sources.set(`${name}/${key.slice(2)}`, sub);
    }
  }
  return sources;
}

/**
 * Libraries loaded on first need with a literal `require("<name>")`: the YAML engines for
 * frontmatter the fast path declines, TOML for Codex agents, JSONC for opencode config
 * files and string-width for table cells that are not plain ASCII. Each is
 * bundled into a CommonJS file of its own (`dist/engines/<name>.cjs`) that the `require`
 * loads, synchronously, the first time it runs; a start-up that never needs one never
 * reads or compiles it.
 */
export const LAZY_ENGINES = ["gray-matter", "yaml", "smol-toml", "jsonc-parser", "string-width"] as const;

const LAZY_ENGINE = new RegExp(`^(${LAZY_ENGINES.join("|")})$`);

/**
 * Engines the build generates instead of bundling, required by a literal
 * `require("#roster/<name>")`: Ajv's JTD meta-schema validator as standalone code (see
 * `precompiledMetaValidator` in @roster/executor), so that the first output schema a run or
 * `doctor` checks does not first compile the meta-schema (about 260 ms in a fresh process).
 */
export const GENERATED_ENGINES: Readonly<Record<string, () => string>> = {
  "ajv-jtd-meta": jtdMetaValidatorSource,
};

const GENERATED_ENGINE = new RegExp(`^#roster/(${Object.keys(GENERATED_ENGINES).join("|")})$`);

/** Ajv's validator of the JTD meta-schema, as the code Ajv itself would compile (`allErrors`, as the executor's Ajv). */
function jtdMetaValidatorSource(): string {
  const requireHere = createRequire(join(root, "packages/executor/package.json"));
  const { Ajv } = requireHere("ajv/dist/jtd.js") as typeof import("ajv/dist/jtd.js");
  const standalone = (
    requireHere("ajv/dist/standalone/index.js") as { default: (ajv: unknown, validate: unknown) => string }
  ).default;
  const ajv = new Ajv({ allErrors: true, code: { source: true } });
  return standalone(ajv, ajv.getSchema("JTD-meta-schema"));
}

type EsbuildPlugin = NonNullable<Options["esbuildPlugins"]>[number];

/** `@roster/<name>` imports resolve to the package's TypeScript sources (see {@link rosterSources}). */
function rosterSourcesPlugin(): EsbuildPlugin {
  return {
    name: "roster-sources",
    setup(build) {
      const sources = rosterSources();
      build.onResolve({ filter: /^@roster\// }, (args) => {
        const path = sources.get(args.path);
        return path ? { path } : undefined;
      });
    },
  };
}

/**
 * `require("yaml")` becomes `require("./engines/yaml.cjs")` (and `require("#roster/<name>")`
 * a generated engine): every bundle sits in dist/, and its `require` resolves against its own
 * file.
 */
function lazyRequiresPlugin(): EsbuildPlugin {
  return {
    name: "roster-lazy-requires",
    setup(build) {
      build.onResolve({ filter: LAZY_ENGINE }, (args) =>
        args.kind === "require-call" ? { path: `./engines/${args.path}.cjs`, external: true } : undefined,
      );
      build.onResolve({ filter: GENERATED_ENGINE }, (args) =>
        args.kind === "require-call"
          ? { path: `./engines/${args.path.slice("#roster/".length)}.cjs`, external: true }
          : undefined,
      );
    },
  };
}

export default defineConfig((cli) => ({
  ...baseConfig,
  entry: ["src/index.ts", "src/roster.ts"],
  // Self-contained: roster's packages and every third-party module are bundled, so the
  // published package has no dependencies and installs from its tarball alone.
  noExternal: [/.*/],
  esbuildPlugins: [
    rosterSourcesPlugin(),
    lazyRequiresPlugin(),
    {
      name: "roster-lazy-engines",
      setup(build) {
        build.onEnd(async (result) => {
          if (result.errors.length > 0) return;
          const outDir = resolve(cliDir, build.initialOptions.outdir ?? "dist");
          mkdirSync(join(outDir, "engines"), { recursive: true });
          // @roster/config's code guard registers its module hooks by URL from beside the
          // module that holds it: every bundle of the bin sits in dist/.
          copyFileSync(
            join(root, "packages/config/src/code-guard-hooks.mjs"),
            join(outDir, "code-guard-hooks.mjs"),
          );
          for (const [name, source] of Object.entries(GENERATED_ENGINES)) {
            const generated = await build.esbuild.transform(source(), {
              minify: true,
              format: "cjs",
              platform: "node",
              target: "node20",
            });
            writeFileSync(join(outDir, "engines", `${name}.cjs`), generated.code);
          }
          // The module resolver for the bin's own list (below): an ES module in, so that
          // esbuild names the exports for Node's `import()` of CommonJS.
          const resolver = build.esbuild.build({
            stdin: { contents: 'export { resolve } from "import-meta-resolve";', resolveDir: cliDir },
            bundle: true,
            format: "cjs",
            platform: "node",
            target: "node20",
            outfile: join(outDir, "engines", "import-meta-resolve.cjs"),
            logLevel: "warning",
          });
          await Promise.all([
            resolver,
            ...LAZY_ENGINES.map((name) =>
              build.esbuild.build({
                stdin: { contents: `module.exports = require(${JSON.stringify(name)});`, resolveDir: cliDir },
                bundle: true,
                format: "cjs",
                platform: "node",
                target: "node20",
                // jsonc-parser's `main` is a UMD build whose inner requires no bundler follows.
                mainFields: ["module", "main"],
                outfile: join(outDir, "engines", `${name}.cjs`),
                logLevel: "warning",
              }),
            ),
          ]);
        });
      },
    },
    {
      name: "roster-list-fast",
      setup(build) {
        // The bin's own `list`, two CommonJS files: the shortcut for a stored `list`
        // (src/list-fast.ts), which the bin requires before anything else, and the list the
        // shortcut could not print (src/list-run.ts), without the app's command table. A
        // CommonJS file starts a few milliseconds sooner than an ES module (no module loader to
        // set up). `import.meta.url` is the file's URL.
        build.onEnd(async (result) => {
          if (result.errors.length > 0) return;
          const outDir = resolve(cliDir, build.initialOptions.outdir ?? "dist");
          // The bin's own list imports the module resolver a config's provider packages need
          // from its engine file (dist/engines/import-meta-resolve.cjs, built with the engines),
          // on that need only; the app's build keeps it in a chunk of its own.
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
          const lists = ["list-fast", "list-run"].map((name) =>
            build.esbuild.build({
              entryPoints: [join(cliDir, `src/${name}.ts`)],
              outfile: join(outDir, `${name}.cjs`),
              bundle: true,
              format: "cjs",
              platform: "node",
              target: "node20",
              plugins: [rosterSourcesPlugin(), lazyRequiresPlugin(), lazyResolver],
              banner: { js: 'const __rosterMetaUrl = require("node:url").pathToFileURL(__filename).href;' },
              define: { "import.meta.url": "__rosterMetaUrl" },
              minifyWhitespace: true,
              minifySyntax: true,
              sourcemap: true,
              logLevel: "warning",
            }),
          );
          await Promise.all(lists);
        });
      },
    },
    {
      name: "roster-commander-spawn",
      setup(build) {
        // commander requires child_process (and with it net, dgram and their bindings) at
        // load, for executable sub-commands roster never declares: it gets a stand-in that
        // loads the real module on the first spawn.
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
    },
  ],
  banner: {
    js: 'import { createRequire as __rosterRequire } from "node:module"; const require = __rosterRequire(import.meta.url);',
  },
  splitting: true,
  // White space and syntax minified, names kept: less for Node to read and pre-parse at every
  // start (a first `list` of 10,000 files about 2% faster). `--debug` turns source maps on,
  // so its stack traces name the TypeScript sources and lines.
  minifyWhitespace: true,
  minifySyntax: true,
  // Keep `node:` specifiers (tsup would strip them and mark the modules external before any
  // plugin of ours sees them: the commander stand-in above needs to see `node:child_process`).
  removeNodeProtocol: false,
  // Declarations only for the library entry (hosts import it); `tsup --no-dts`
  // (`pnpm build:bin`) skips them for a bin-only build.
  dts: cli.dts === false ? false : { entry: "src/index.ts" },
}));
