import { createHash } from "node:crypto";
import { statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { statSources } from "@roster/core";
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

/** What a plain `list --json` found in the cache: the bytes to print, or where to store new ones. */
export interface StoredListing {
  bytes?: Buffer;
  /** Absent when the look is too recent to be vouched for: nothing is stored then. */
  key?: string;
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

/**
 * A stat-only look at every place and file discovery would read (nothing is read or parsed),
 * and the output an earlier plain `list --json` stored for exactly that look. The key covers
 * the look's fingerprint (each file's size, mtime, ctime and inode), the config's diagnostics
 * and disabled agents; the index itself is per cwd, home, trust and provider set, per build.
 */
export async function storedListing(app: App): Promise<StoredListing> {
  const index = openListIndex(app);
  const seenAt = Date.now();
  const look = await statSources(app.registry, app.ctx, "agents");
  if (seenAt - look.newestChangeMs <= RACY_MS) return { index };
  const key = createHash("sha256")
    .update(look.fingerprint)
    .update(JSON.stringify(app.loaded.diagnostics))
    .update(JSON.stringify(app.loaded.config.disabledAgents ?? []))
    .digest("hex");
  const bytes = index.readOutput(LIST_JSON, key);
  return bytes ? { bytes, key, index } : { key, index };
}

/** Stores the output of a plain `list --json`; a folder that cannot be written warns once. */
export function storeListing(app: App, stored: StoredListing, chunks: readonly string[]): void {
  if (!stored.key) return;
  for (const d of stored.index.writeOutput(LIST_JSON, stored.key, chunks))
    if (d.severity === "warning") app.output.err(`roster: warning: ${d.message}`);
}
