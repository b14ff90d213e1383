import { fileSystemOf } from "./fs.js";
import { Look, type SourcesStat } from "./look.js";
import type { ProviderRegistry } from "./registry.js";
import { runProviders } from "./run-providers.js";
import type { DiscoveryContext, DiscoveryKind, FileSystem, Location } from "./types.js";
import { walkLocation } from "./walk-location.js";

export type { SourcesStat };

/** Asks the providers, then hands each location the caller may look into to `each`. */
async function lookAt(
  registry: ProviderRegistry,
  ctx: DiscoveryContext,
  kind: DiscoveryKind,
  each: (look: Look, fs: FileSystem, location: Location) => void,
): Promise<SourcesStat> {
  ctx.signal?.throwIfAborted();
  const run = await runProviders(registry, ctx, kind);
  const fs = fileSystemOf(ctx);
  const trusted = ctx.trustProject !== false;
  const look = new Look(run, trusted);
  for (const { provider, locations } of run.answers) {
    for (const location of locations) {
      ctx.signal?.throwIfAborted();
      look.location(provider, location);
      if (!trusted && location.scope === "project") continue;
      each(look, fs, location);
    }
  }
  look.items(run, trusted);
  return look.result();
}

/**
 * The same look as {@link readSources} without reading one file: the providers are asked,
 * their folders walked and each file only stat'ed. What a caller keeps for a fingerprint
 * is valid while the fingerprint stays the same; `readSources` with `look: true` gives the
 * fingerprint of the files it read, for storing.
 */
export function statSources(
  registry: ProviderRegistry,
  ctx: DiscoveryContext,
  kind: DiscoveryKind,
): Promise<SourcesStat> {
  return lookAt(registry, ctx, kind, (look, fs, location) => {
    const walk = walkLocation({ fs, location, kind, generation: 0 });
    look.walked(walk);
    // A discovery reads the manifest (its copies) after the walk, before the files.
    if (walk.manifest) {
      try {
        look.file(walk.manifest, fs.stat(walk.manifest));
      } catch {
        // Gone since the listing: a discovery would not have read it either.
      }
    }
    for (const walked of walk.files) {
      if (walked.kind === "skipped") {
        look.skipped(walked.reason);
        continue;
      }
      try {
        look.file(walked.filePath, fs.stat(walked.filePath));
      } catch (error) {
        look.statError(walked.filePath, error);
      }
    }
  });
}

/**
 * The part of {@link statSources} that no folder watch can see: the providers' answers (their
 * locations and items, which read config files such as `installed_plugins.json` or
 * `opencode.json`) and whether each location's folder is there. No folder is listed and no
 * file stat'ed. A long-lived caller that watches the folders a discovery listed
 * (`DiscoveryCache.watchList`) and sees this fingerprint unchanged knows a rediscovery would
 * give the same result.
 */
export function statLocations(
  registry: ProviderRegistry,
  ctx: DiscoveryContext,
  kind: DiscoveryKind,
): Promise<SourcesStat> {
  return lookAt(registry, ctx, kind, (look, fs, location) => {
    try {
      // The folder itself, by inode: a location made, removed or replaced by a link.
      look.file(location.dir, fs.stat(location.dir));
    } catch (error) {
      look.statError(location.dir, error);
    }
  });
}
