// What `doctor` and `sync` need to know of sources: which files came from which source (and
// whether each is still as written), and which files `sync` must leave to their source. Read
// through the context's file system, so a recorded `doctor` notices a changed lock.
import { join } from "node:path";
import type { Diagnostic, DiscoveryContext } from "@roster/core";
import { fileSystemOf } from "@roster/core/provider-kit";
import { placesOf, readDeclarations, type SourcePlaces } from "./declarations.js";
import { readLock, sha256 } from "./lock.js";
import { parseSourceSpec } from "./source-spec.js";
import type { SourceLock, SourceScope } from "./types.js";

/** The most bytes of a pinned file hashed. */
const MAX_PINNED_BYTES = 64 * 1024 * 1024;

interface ScopeLock {
  places: SourcePlaces;
  lock?: SourceLock;
  problem?: Diagnostic;
}

function scopeLocks(ctx: DiscoveryContext): ScopeLock[] {
  const fs = fileSystemOf(ctx);
  const scopes: SourceScope[] = ctx.trustProject === false ? ["user"] : ["project", "user"];
  const out: ScopeLock[] = [];
  for (const scope of scopes) {
    let places: SourcePlaces;
    try {
      places = placesOf(ctx, scope, fs);
    } catch {
      continue;
    }
    try {
      const { lock, exists } = readLock(places.lockFile, fs);
      out.push(exists ? { places, lock } : { places });
    } catch (error) {
      out.push({
        places,
        problem: {
          severity: "warning",
          code: "source/lock-invalid",
          message: error instanceof Error ? error.message : String(error),
          filePath: places.lockFile,
        },
      });
    }
  }
  return out;
}

/**
 * `doctor`'s findings about sources: per source, where its files came from (info); a pinned
 * file edited or missing (warning); a declared source not pinned (warning); a lock roster
 * cannot read (warning).
 */
export function sourceDiagnostics(ctx: DiscoveryContext): Diagnostic[] {
  const fs = fileSystemOf(ctx);
  const out: Diagnostic[] = [];
  for (const { places, lock, problem } of scopeLocks(ctx)) {
    if (problem) out.push(problem);
    const key = (url: string) => {
      try {
        return parseSourceSpec(url, { cwd: places.root, home: ctx.home }).key;
      } catch {
        return url;
      }
    };
    let declared: string[] = [];
    try {
      declared = readDeclarations(places.configFile, fs).sources.map((d) => d.url);
    } catch {
      // The config's own problem is the config loader's to report.
    }
    for (const url of declared)
      if (lock && !lock.sources.some((s) => key(s.url) === key(url)))
        out.push({
          severity: "warning",
          code: "source/not-locked",
          message: `${url} is declared but not pinned in roster.lock: run roster install`,
          filePath: places.configFile,
        });
    for (const source of lock?.sources ?? []) {
      const names = [...new Set(source.files.map((f) => `${f.kind} ${f.name}`))];
      out.push({
        severity: "info",
        code: "source/files",
        message: `${source.files.length} files came from ${source.url} at ${source.commit.slice(0, 12)} (${names.slice(0, 5).join(", ")}${names.length > 5 ? ", …" : ""}): roster sources`,
        filePath: places.lockFile,
      });
      for (const file of source.files) {
        const path = join(places.root, ...file.path.split("/"));
        let hash: string | undefined;
        try {
          hash = sha256(fs.readFile(path, MAX_PINNED_BYTES));
        } catch {
          hash = undefined;
        }
        if (hash === undefined)
          out.push({
            severity: "warning",
            code: "source/missing",
            message: `pinned in roster.lock (${file.kind} ${file.name} from ${source.url}) but missing: roster install puts it back`,
            filePath: path,
          });
        else if (hash !== file.sha256)
          out.push({
            severity: "warning",
            code: "source/edited",
            message: `${file.kind} ${file.name} from ${source.url}, edited since roster wrote it: roster update and install keep it as it is`,
            filePath: path,
          });
      }
    }
  }
  return out;
}

/**
 * Every file a source pinned, as absolute paths (`sync` neither writes over nor removes them),
 * and the locks that could not be read (then `sync` removes nothing it cannot tell apart).
 */
export function pinnedPaths(ctx: DiscoveryContext): { paths: Set<string>; problems: Diagnostic[] } {
  const paths = new Set<string>();
  const problems: Diagnostic[] = [];
  for (const { places, lock, problem } of scopeLocks(ctx)) {
    if (problem) problems.push(problem);
    for (const source of lock?.sources ?? [])
      for (const file of source.files) paths.add(join(places.root, ...file.path.split("/")));
  }
  return { paths, problems };
}
