// What `list` prints, from a discovery or from the stored listing: the filters, the JSON and the
// table. The app's `list` and the shortcut the bin takes before the app loads (list-fast.ts)
// both print through here, so their output is the same bytes.
import type { FileRecord } from "@roster/core";
import {
  type ListFilters,
  type Listing,
  listingJson,
  listingLines,
  parseListing,
  selectListing,
  showsWhole,
} from "@roster/profiles";
import { type Output, printJson, printNames } from "../../output.js";

// The listing's rows, filters and orders are @roster/profiles'; re-exported for the commands.
export {
  type AgentRow,
  type FilterProblem,
  filterProblem,
  type Listing,
  SORT_KEYS,
  SOURCES,
  sortAgents,
} from "@roster/profiles";

/** Flags of `roster list`: the listing's filters (@roster/profiles) and how it is printed. */
export interface ListFlags extends ListFilters {
  /** Names only, one per line (what shell completion reads). */
  names?: boolean;
  /** Add one record per file looked at (`files`). */
  files?: boolean;
  /** Every column whole, even on a terminal. */
  wide?: boolean;
  /** WORD matches the prompts too (they are read: never from the stored listing). */
  fullText?: boolean;
}

/** True when `list` prints the whole listing as JSON (@roster/profiles' showsWhole): the stored bytes as they are. */
export function printsWhole(o: Pick<Output, "json">, flags: ListFlags, word: string | undefined): boolean {
  return o.json && showsWhole(flags, word);
}

/**
 * Prints a `list` from the stored listing's bytes: as they are for the whole JSON, else parsed
 * and printed as {@link printListing} does. `undefined` (nothing printed) when the bytes have
 * not the shape `list` prints from: the caller reads the files instead.
 */
export function printStored(
  o: Output,
  bytes: Buffer,
  flags: ListFlags,
  word: string | undefined,
  configNotes: number,
): number | undefined {
  if (printsWhole(o, flags, word)) {
    o.stream(bytes);
    return 0;
  }
  const listing = parseListing(bytes.toString("utf8"));
  return listing ? printListing(o, listing, flags, word, configNotes) : undefined;
}

/**
 * What `list` prints of a listing: JSON, names or the table, filtered by the flags.
 * `configNotes` is how many of the listing's diagnostics are the config's (listed first, and
 * not counted in the table's footer); `files`, with `--files`, the records of every file.
 */
export function printListing(
  o: Output,
  listing: Listing,
  flags: ListFlags,
  word: string | undefined,
  configNotes: number,
  files?: readonly FileRecord[],
  inPrompt?: (index: number, needle: string) => boolean,
): number {
  const selected = selectListing(listing, { filters: flags, word, configNotes, inPrompt });
  const { agents } = selected;
  if (flags.names) {
    printNames(
      o,
      agents.map((a) => a.name),
    );
    return 0;
  }
  if (o.json) {
    printJson(o, listingJson(listing, agents, files));
    return 0;
  }
  for (const text of listingLines(selected, { screen: o, wide: flags.wide, files })) o.out(text);
  return 0;
}
