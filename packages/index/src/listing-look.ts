import { createHash } from "node:crypto";
import type { Diagnostic, SourcesStat } from "@roster/core";
import type { IndexKey, Look } from "./types.js";

/** The place a run's outputs are stored for: its cwd, home, trust and provider set. */
export interface Place {
  cwd: string;
  home: string;
  /** Whether project folders are read (`ctx.trustProject !== false`). */
  trust: boolean;
  /** The registry's provider ids, in order. */
  providers: readonly string[];
}

/** The key of `kind`'s store at `place`. */
export function placeKey(kind: string, place: Place): IndexKey {
  const { cwd, home, trust, providers } = place;
  return { kind, cwd, home, trust, providers };
}

/**
 * The look a listing is stored under: the files' fingerprint (a stat-only look at every place
 * and file discovery would read), the config's diagnostics and disabled agents, taken at `seenAt`.
 */
export function listingLook(options: {
  stat: SourcesStat;
  seenAt: number;
  configNotes: readonly Diagnostic[];
  disabledAgents: readonly string[];
}): Look {
  const fingerprint = createHash("sha256")
    .update(options.stat.fingerprint)
    .update(JSON.stringify(options.configNotes))
    .update(JSON.stringify(options.disabledAgents))
    .digest("hex");
  return { fingerprint, startedAt: options.seenAt, newestChangeMs: options.stat.newestChangeMs };
}
