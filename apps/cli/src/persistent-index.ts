import { statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { isStoredParse, type StoredParse } from "@roster/core";
import { indexDisabledBy, openIndex, type PersistentIndex } from "@roster/index";
import type { App, GlobalFlags } from "./context.js";

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
export function openAgentIndex(app: App, flags: GlobalFlags): PersistentIndex<StoredParse> | undefined {
  if (flags.cache === false || indexDisabledBy(app.env)) return undefined;
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
