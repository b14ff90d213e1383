import type { Scope } from "@roster/core";

/** A command's name and namespace label, as derived from its path. */
export interface CommandName {
  name: string;
  namespace?: string;
}

/** Drops the longest of `extensions` that ends `fileName`. */
function stripExtension(fileName: string, extensions: readonly string[]): string {
  let longest = "";
  for (const extension of extensions) {
    if (fileName.endsWith(extension) && extension.length > longest.length) longest = extension;
  }
  return fileName.slice(0, fileName.length - longest.length);
}

/**
 * Names a command from its `/`-separated path relative to its location (SPEC §7).
 * `"stem"`: `frontend/component.md` → `component`, namespace `"<scope>:frontend"`;
 * `"path"`: `git/commit.toml` → `git:commit`.
 */
export function commandNameFromPath(
  relativePath: string,
  extensions: readonly string[],
  location: { scope: Scope; naming: "stem" | "path" },
): CommandName {
  const parts = relativePath.split("/");
  const stem = stripExtension(parts.pop() ?? "", extensions);
  if (location.naming === "path") return { name: [...parts, stem].join(":") };
  if (parts.length === 0) return { name: stem };
  return { name: stem, namespace: `${location.scope}:${parts.join(":")}` };
}
