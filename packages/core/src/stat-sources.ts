import { Fingerprint } from "./fingerprint.js";
import { fileSystemOf } from "./fs.js";
import type { ProviderRegistry } from "./registry.js";
import { runProviders } from "./run-providers.js";
import type { DiscoveryContext, DiscoveryKind } from "./types.js";
import { walkLocation } from "./walk-location.js";

/** The result of {@link statSources}. */
export interface SourcesStat {
  /**
   * Digest of every place searched (provider, scope, folder and the rest of its location),
   * every file's stat (size, mtime, ctime, inode), every provider item and every problem the
   * look met. Equal fingerprints mean the same files, unchanged, in the same places.
   */
  fingerprint: string;
  /** The latest mtime or ctime of any file looked at (ms): a caller refuses a racy look. */
  newestChangeMs: number;
}

/**
 * The same look as {@link readSources} without reading one file: the providers are asked,
 * their folders walked and each file only stat'ed. What a caller keeps for a fingerprint
 * is valid while the fingerprint stays the same.
 */
export async function statSources(
  registry: ProviderRegistry,
  ctx: DiscoveryContext,
  kind: DiscoveryKind,
): Promise<SourcesStat> {
  ctx.signal?.throwIfAborted();
  const run = await runProviders(registry, ctx, kind);
  const fs = fileSystemOf(ctx);
  const fingerprint = new Fingerprint();
  const trusted = ctx.trustProject !== false;
  fingerprint.trust(trusted);
  for (const diagnostic of run.diagnostics) fingerprint.problem(diagnostic);
  let newestChangeMs = 0;
  for (const { provider, locations } of run.answers) {
    for (const location of locations) {
      ctx.signal?.throwIfAborted();
      fingerprint.location(provider, location);
      // A plugin's name and version, a recursive or narrowed location: what the listing shows.
      fingerprint.problem({
        code: "location",
        severity: "info",
        message: JSON.stringify([
          location.plugin ?? null,
          location.recursive ?? false,
          location.only ?? null,
          location.root ?? null,
          (location.formats ?? []).map((f) => f.id),
          location.options ?? null,
        ]),
      });
      if (!trusted && location.scope === "project") continue;
      const walk = walkLocation({ fs, location, kind, generation: 0 });
      fingerprint.problem({ code: "status", severity: "info", message: walk.status });
      for (const note of walk.notes) fingerprint.problem(note);
      for (const walked of walk.files) {
        if (walked.kind === "skipped") {
          fingerprint.problem(walked.reason);
          continue;
        }
        try {
          const stats = fs.stat(walked.filePath);
          fingerprint.file(walked.filePath, stats);
          newestChangeMs = Math.max(newestChangeMs, stats.mtimeMs, stats.ctimeMs);
        } catch (error) {
          fingerprint.problem({
            code: "stat",
            severity: "info",
            message: String(error),
            filePath: walked.filePath,
          });
        }
      }
    }
  }
  for (const { provider, items } of run.answers) {
    for (const item of items) {
      if (!trusted && item.source === "project") continue;
      fingerprint.item(provider, item);
    }
  }
  return { fingerprint: fingerprint.digest(), newestChangeMs };
}
