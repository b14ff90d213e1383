// `roster install --check`: where the config and the lock disagree, and which pinned files are
// edited or missing. Reads only, and loads nothing of the writers or the views: it runs on
// every commit of a project that pins sources.
import { join } from "node:path";
import type { DiscoveryContext } from "@roster/core";
import { nodeFileSystem } from "@roster/core/provider-kit";
import { sameDeclaration } from "./declarations.js";
import { sha256 } from "./lock.js";
import { keyOf, openScope } from "./scope.js";
import type { SourceScope } from "./types.js";

/** One place the files on disk, the config or the lock differ from what they should be (`install --check`). */
export interface Drift {
  code:
    | "drift/edited"
    | "drift/missing"
    | "drift/not-locked"
    | "drift/not-declared"
    | "drift/declaration-changed";
  url: string;
  message: string;
  /** The file, when it is about one (absolute). */
  path?: string;
}

/** Where the config and the lock disagree, and files on disk differ from the lock. Reads only. */
export function checkSources(
  env: { ctx: DiscoveryContext },
  options: { scope?: SourceScope } = {},
): {
  report: { scope: SourceScope; configFile: string; lockFile: string };
  drift: Drift[];
} {
  const scope = openScope(env, options.scope);
  const drift: Drift[] = [];
  const lockName = "roster.lock";
  for (const d of scope.declared.sources) {
    const locked = scope.lock.sources.find((s) => keyOf(scope, s.url) === keyOf(scope, d.url));
    if (!locked)
      drift.push({
        code: "drift/not-locked",
        url: d.url,
        message: `declared but not in ${lockName}: run roster install`,
      });
    else if (!sameDeclaration(d, locked))
      drift.push({
        code: "drift/declaration-changed",
        url: d.url,
        message: `the config and ${lockName} differ (ref, path, names or tools): run roster install`,
      });
  }
  for (const s of scope.lock.sources) {
    if (!scope.declared.sources.some((d) => keyOf(scope, d.url) === keyOf(scope, s.url)))
      drift.push({
        code: "drift/not-declared",
        url: s.url,
        message: `in ${lockName} but not declared: run roster install`,
      });
    for (const f of s.files) {
      const path = join(scope.places.root, ...f.path.split("/"));
      let bytes: Buffer | undefined;
      try {
        bytes = nodeFileSystem.readFile(path, 64 * 1024 * 1024);
      } catch {
        bytes = undefined;
      }
      if (bytes === undefined)
        drift.push({
          code: "drift/missing",
          url: s.url,
          path,
          message: "pinned but missing: run roster install",
        });
      else if (sha256(bytes) !== f.sha256)
        drift.push({
          code: "drift/edited",
          url: s.url,
          path,
          message: "edited since roster wrote it (delete it and run roster install to get the source's)",
        });
    }
  }
  return {
    report: {
      scope: scope.places.scope,
      configFile: scope.places.configFile,
      lockFile: scope.places.lockFile,
    },
    drift,
  };
}
