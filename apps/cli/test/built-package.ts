// A copy of the built package (bin, dist and package.json, not dist/.compile-cache) in a folder
// of the test's own: what a test may change (a stand-in for the app, a compile cache) stays there.
import { cpSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const cliDir = fileURLToPath(new URL("..", import.meta.url));

/** Copies the built package to `to` and returns `to`. */
export function copyBuiltPackage(to: string): string {
  cpSync(join(cliDir, "bin"), join(to, "bin"), { recursive: true });
  cpSync(join(cliDir, "dist"), join(to, "dist"), {
    recursive: true,
    filter: (from) => !from.includes(".compile-cache"),
  });
  cpSync(join(cliDir, "package.json"), join(to, "package.json"));
  return to;
}
