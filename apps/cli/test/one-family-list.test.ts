// Issue #28 / SPEC §14: the app holds one ordered list of families (src/families.ts); nothing
// else in the app, the hosts or the MCP server names a family package. A family's special
// case belongs in its own package (a profile hook, its host, its vocabulary), not in the app.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";

const repo = fileURLToPath(new URL("../../..", import.meta.url));
const FAMILY_IMPORT = /(?:from\s*|import\s*\(\s*)["'](@roster\/source-[\w-]+)/g;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.[cm]?ts$/.test(e.name) && !/\.test\.ts$/.test(e.name))
    .map((e) => join(e.parentPath, e.name));
}

test("outside apps/cli/src/families.ts, no app, hosts or MCP source imports a family package", () => {
  const found = ["apps/cli/src", "packages/hosts/src", "packages/mcp/src"]
    .flatMap((dir) => sources(join(repo, dir)))
    .flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(FAMILY_IMPORT)].map((m) => `${relative(repo, file)}: ${m[1]}`),
    );
  const outside = found.filter((f) => !f.startsWith("apps/cli/src/families.ts:"));
  expect(outside).toEqual([]);
  // The list itself is seen: the check reads what it means to.
  expect(found.filter((f) => f.startsWith("apps/cli/src/families.ts:")).length).toBeGreaterThanOrEqual(9);
});

test("the hosts and the MCP server do not depend on a family package", () => {
  for (const pkg of ["packages/hosts", "packages/mcp"]) {
    const manifest = JSON.parse(readFileSync(join(repo, pkg, "package.json"), "utf8")) as {
      dependencies?: Record<string, string>;
    };
    expect(Object.keys(manifest.dependencies ?? {}).filter((d) => d.startsWith("@roster/source-"))).toEqual(
      [],
    );
  }
});
