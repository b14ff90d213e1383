import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "tsup";
import { baseConfig } from "../../tsup.base.ts";

const root = join(dirname(fileURLToPath(import.meta.url)), "../..");

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

export default defineConfig((cli) => ({
  ...baseConfig,
  entry: ["src/index.ts", "src/roster.ts"],
  // Self-contained: roster's packages and every third-party module are bundled, so the
  // published package has no dependencies and installs from its tarball alone.
  noExternal: [/.*/],
  esbuildPlugins: [
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
  ],
  banner: {
    js: 'import { createRequire as __rosterRequire } from "node:module"; const require = __rosterRequire(import.meta.url);',
  },
  splitting: true,
  // Declarations only for the library entry (hosts import it); `tsup --no-dts`
  // (`pnpm build:bin`) skips them for a bin-only build.
  dts: cli.dts === false ? false : { entry: "src/index.ts" },
}));
