// What `roster list --json` prints of a listing: one JSON value, from a discovery's listing or
// the stored one, the same either way.
import type { FileRecord } from "@roster/core";
import { fileRecordView } from "./report-why.js";
import type { AgentRow, Listing } from "./select-listing.js";

/**
 * `roster list --json`: the agents shown (`agents`, filtered and sorted), every shadowed
 * definition and diagnostic of the whole listing, the project's agents folder (`null` when
 * there is none), and with `--files` each file's record.
 */
export function listingJson(
  listing: Listing,
  agents: readonly AgentRow[],
  files?: readonly FileRecord[],
): Record<string, unknown> {
  return {
    agents,
    shadowed: listing.shadowed,
    diagnostics: listing.diagnostics,
    projectAgentsDir: listing.projectAgentsDir ?? null,
    ...(files ? { files: files.map(fileRecordView) } : {}),
  };
}
