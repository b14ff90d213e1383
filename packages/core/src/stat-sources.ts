import { fileSystemOf } from "./fs.js";
import { Look, type SourcesStat } from "./look.js";
import type { ProviderRegistry } from "./registry.js";
import { runProviders } from "./run-providers.js";
import type { DiscoveryContext, DiscoveryKind } from "./types.js";
import { walkLocation } from "./walk-location.js";

export type { SourcesStat };

/**
 * The same look as {@link readSources} without reading one file: the providers are asked,
 * their folders walked and each file only stat'ed. What a caller keeps for a fingerprint
 * is valid while the fingerprint stays the same; `readSources` with `look: true` gives the
 * fingerprint of the files it read, for storing.
 */
export async function statSources(
  registry: ProviderRegistry,
  ctx: DiscoveryContext,
  kind: DiscoveryKind,
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
    }
  }
  look.items(run, trusted);
  return look.result();
}

/**
 * The part of {@link statSources} that no folder watch can see: the providers' answers (their
 * locations and items, which read config files such as `installed_plugins.json` or
 * `opencode.json`) and whether each location's folder is there. No folder is listed and no
 * file stat'ed. A long-lived caller that watches the folders a discovery listed
 * (`DiscoveryCache.watchList`) and sees this fingerprint unchanged knows a rediscovery would
 * give the same result.
 */
export async function statLocations(
  registry: ProviderRegistry,
  ctx: DiscoveryContext,
  kind: DiscoveryKind,
): Promise<SourcesStat> {
  ctx.signal?.throwIfAborted();
  const run = await runProviders(registry, ctx, kind);
  const fs = fileSystemOf(ctx);
  const trusted = ctx.trustProject !== false;
  const look = new Look(run, trusted);
  for (const { provider, locations } of run.answers) {
    for (const location of locations) {
      look.location(provider, location);
      if (!trusted && location.scope === "project") continue;
      try {
        // The folder itself, by inode: a location made, removed or replaced by a link.
        look.file(location.dir, fs.stat(location.dir));
      } catch (error) {
        look.statError(location.dir, error);
      }
    }
  }
  look.items(run, trusted);
  return look.result();
}
