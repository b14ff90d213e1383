// The install script builds the bin with `tsup --no-dts` in a fresh clone where no package
// has a dist/: every `@roster/…` specifier the bundled sources import must resolve to a
// source file through the build's resolver, or the build fails on a fresh machine.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";
import { rosterSources } from "../tsup.config.ts";

const root = fileURLToPath(new URL("../../..", import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith(".ts") && !e.name.endsWith(".test.ts"))
    .map((e) => join(e.parentPath, e.name));
}

test("every @roster/… import of the bundled sources resolves to a source file", () => {
  const sources = rosterSources();
  const dirs = [
    join(root, "apps/cli/src"),
    ...readdirSync(join(root, "packages")).map((d) => join(root, "packages", d, "src")),
  ];
  const specifiers = new Set<string>();
  for (const dir of dirs) {
    let files: string[];
    try {
      files = sourceFiles(dir);
    } catch {
      continue;
    }
    for (const file of files) {
      for (const m of readFileSync(file, "utf8").matchAll(/from "(@roster\/[^"]+)"/g)) specifiers.add(m[1]!);
    }
  }
  expect(specifiers.size).toBeGreaterThan(5);
  expect(specifiers).toContain("@roster/core/provider-kit");
  const missing = [...specifiers].filter((s) => !sources.has(s) && s !== "@roster/testkit");
  expect(missing).toEqual([]);
});
