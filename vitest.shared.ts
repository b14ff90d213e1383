import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { defineProject } from "vitest/config";

const root = dirname(fileURLToPath(import.meta.url));

/**
 * Maps every workspace package name (and each subpath its `exports` names, like
 * `@roster/core/provider-kit`) to its TypeScript source, so tests need no build.
 */
function sourceAliases(): Array<{ find: RegExp; replacement: string }> {
  const aliases: Array<{ find: RegExp; replacement: string }> = [];
  for (const group of ["packages", "apps", "examples"]) {
    const dir = join(root, group);
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir)) {
      const manifest = join(dir, name, "package.json");
      const entry = join(dir, name, "src", "index.ts");
      if (!existsSync(manifest) || !existsSync(entry)) continue;
      const pkg = JSON.parse(readFileSync(manifest, "utf8")) as {
        name: string;
        exports?: Record<string, unknown>;
      };
      const escaped = pkg.name.replace(/[/.]/g, "\\$&");
      aliases.push({ find: new RegExp(`^${escaped}$`), replacement: entry });
      for (const subpath of Object.keys(pkg.exports ?? {})) {
        const source = join(dir, name, "src", `${subpath.slice(2)}.ts`);
        if (subpath.startsWith("./") && existsSync(source)) {
          aliases.push({ find: new RegExp(`^${escaped}/${subpath.slice(2)}$`), replacement: source });
        }
      }
    }
  }
  return aliases;
}

/** The vitest project config every package re-exports. */
export function rosterProject(name: string) {
  return defineProject({
    resolve: { alias: sourceAliases() },
    test: { name, include: ["src/**/*.test.ts", "test/**/*.test.ts", "*.test.ts"], testTimeout: 20_000 },
  });
}
