import { createHash } from "node:crypto";
import { statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { type SourcesStat, statSources } from "@roster/core";
import { indexDisabledBy, openIndex, type PersistentIndex } from "@roster/index";
import pkg from "../package.json" with { type: "json" };
import type { App } from "./context.js";

/** The name `list --json`'s whole output is stored under. */
const LIST_JSON = "list-json";

/** Files changed this close to the look are not vouched for (core's racy-window rule). */
const RACY_MS = 20;

/**
 * The build that writes the stored output: roster's version and when this very file was
 * written, so an upgrade, a reinstall or a rebuild never reads another build's output.
 */
function buildVersion(): string {
  let built = "unknown";
  try {
    built = String(statSync(fileURLToPath(import.meta.url)).mtimeMs);
  } catch {
    // An unbundled run: the version alone.
  }
  return `${pkg.version} built ${built}`;
}

/** Whether this run may use the stored output: not with `--no-cache` or `ROSTER_NO_CACHE=1`. */
export function cacheWanted(app: App): boolean {
  return app.useCache && !indexDisabledBy(app.env);
}

/** What a plain `list --json` found in the cache: the bytes to print, and the index to store new ones in. */
export interface StoredListing {
  bytes?: Buffer;
  index: PersistentIndex<never>;
}

function openListIndex(app: App): PersistentIndex<never> {
  const { index } = openIndex<never>({
    key: {
      kind: "agents-output",
      cwd: app.ctx.cwd,
      home: app.ctx.home,
      trust: app.ctx.trustProject !== false,
      providers: app.registry.list().map((p) => p.id),
    },
    env: app.env,
    home: app.ctx.home,
    version: buildVersion(),
    isData: (_value: unknown): _value is never => false,
  });
  return index;
}

/** The key an output is stored under: the look's fingerprint, the config's diagnostics and disabled agents. */
function keyOf(app: App, look: SourcesStat): string {
  return createHash("sha256")
    .update(look.fingerprint)
    .update(JSON.stringify(app.loaded.diagnostics))
    .update(JSON.stringify(app.loaded.config.disabledAgents ?? []))
    .digest("hex");
}

/**
 * The output an earlier plain `list --json` stored for exactly this look at the files. When
 * an output is stored, a stat-only look at every place and file discovery would read
 * (nothing is read or parsed) decides whether it still holds; when none is, no look is taken
 * (the discovery that follows gives its own). The index itself is per cwd, home, trust and
 * provider set, per build.
 */
export async function storedListing(app: App): Promise<StoredListing> {
  const index = openListIndex(app);
  if (!index.hasOutput(LIST_JSON)) return { index };
  const seenAt = Date.now();
  const look = await statSources(app.registry, app.ctx, "agents");
  if (seenAt - look.newestChangeMs <= RACY_MS) return { index };
  const bytes = index.readOutput(LIST_JSON, keyOf(app, look));
  return bytes ? { bytes, index } : { index };
}

/**
 * Stores the output of a plain `list --json` under the look its discovery took (`look`,
 * begun at `seenAt`); a look too recent to vouch for stores nothing, and a folder that
 * cannot be written warns once.
 */
export function storeListing(
  app: App,
  stored: StoredListing,
  look: { stat: SourcesStat | undefined; seenAt: number },
  chunks: readonly Uint8Array[],
): void {
  if (!look.stat || look.seenAt - look.stat.newestChangeMs <= RACY_MS) return;
  for (const d of stored.index.writeOutput(LIST_JSON, keyOf(app, look.stat), chunks))
    if (d.severity === "warning") app.output.err(`roster: warning: ${d.message}`);
}
