import { createHash } from "node:crypto";
import { statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { isStoredParse, readLocations, type StoredParse } from "@roster/core";
import { type IndexDiagnostic, openIndex, type PersistentIndex } from "@roster/index";
import type { App } from "./context.js";

/**
 * The version an index is written with: when this build of roster was written to disk. An
 * upgrade, a reinstall or a rebuild (same version number, other code) all change it, so an
 * index is only ever read by the very code that wrote it.
 */
function indexVersion(): string {
  try {
    return `built ${statSync(fileURLToPath(import.meta.url)).mtimeMs}`;
  } catch {
    return "built unknown";
  }
}

/**
 * The persistent index of discovered agent files for this run's place (cwd, home, trust,
 * providers), or `undefined` when `--no-cache` or `ROSTER_NO_CACHE=1` turns it off. Index
 * problems never fail a run: the CLI prints the one warning and reads every file.
 */
export function openAgentIndex(app: App): PersistentIndex<StoredParse> | undefined {
  if (!app.useIndex) return undefined;
  const { index, diagnostics } = openIndex<StoredParse>({
    key: {
      kind: "agents",
      cwd: app.ctx.cwd,
      home: app.ctx.home,
      trust: app.ctx.trustProject !== false,
      providers: app.registry.list().map((p) => p.id),
    },
    env: app.env,
    home: app.ctx.home,
    version: indexVersion(),
    isData: isStoredParse,
  });
  for (const d of diagnostics) if (d.severity === "warning") app.output.err(`roster: warning: ${d.message}`);
  return index;
}

/** Prints the index's warnings (a folder that cannot be written: once) on stderr; the rest is silent. */
export function warnIndex(app: App, diagnostics: readonly IndexDiagnostic[]): void {
  for (const d of diagnostics) if (d.severity === "warning") app.output.err(`roster: warning: ${d.message}`);
}

/** Saves the index after a run. */
export function saveAgentIndex(app: App, index: PersistentIndex<StoredParse> | undefined): void {
  if (index) warnIndex(app, index.save());
}

/** The name `list --json`'s whole output is stored under. */
export const LIST_JSON = "list-json";

/** Files modified this close to the look are not vouched for (core's racy-window rule). */
const RACY_MS = 20;

/**
 * A stat-only look at every agent file (nothing read or parsed), and `list --json`'s output
 * as stored by an earlier run for exactly this look: the fingerprint of every file's stat,
 * the places searched (with their plugin) and their status, and every diagnostic the look
 * and the config gave.
 * `key` is absent when a file changed too recently to be vouched for.
 */
export async function storedListing(
  app: App,
  index: PersistentIndex<StoredParse>,
): Promise<{ bytes?: Buffer; key?: string; fingerprint: string }> {
  const seenAt = Date.now();
  const look = await readLocations(app.registry, app.ctx, "agents", { statOnly: true });
  if (seenAt - look.newestMtimeMs <= RACY_MS) return { fingerprint: look.fingerprint };
  const key = createHash("sha256")
    .update(look.fingerprint)
    // What each place is (its plugin's name and version go into the listing) and how it went.
    .update(
      JSON.stringify(
        look.searched.map(({ provider, location: l, status }) => [
          provider,
          l.dir,
          l.scope,
          l.plugin ?? null,
          l.recursive ?? false,
          l.only ?? null,
          status,
        ]),
      ),
    )
    .update(JSON.stringify(look.diagnostics))
    .update(JSON.stringify(app.loaded.diagnostics))
    // The config's disabled agents are marked in the listing.
    .update(JSON.stringify(app.loaded.config.disabledAgents ?? []))
    .digest("hex");
  const bytes = index.readOutput(LIST_JSON, key);
  return bytes ? { bytes, key, fingerprint: look.fingerprint } : { key, fingerprint: look.fingerprint };
}
