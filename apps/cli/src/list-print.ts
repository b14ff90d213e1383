// What `list` prints, from a discovery or from the stored listing: the filters, the JSON and the
// table. The app's `list` and the shortcut the bin takes before the app loads (list-fast.ts)
// both print through here, so their output is the same bytes.
import type { FileRecord } from "@roster/core";
import { fileRecordView, type ListFilters, type Listing, selectListing, sourceOf } from "@roster/profiles";
import {
  count,
  descriptionLine,
  headedTable,
  type Output,
  oneLine,
  paint,
  printJson,
  printNames,
  sentenceLines,
  shortList,
  showPath,
} from "./output.js";

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

/** One file record as `--json` shows it: core's view, shared with MCP `why_agent`. */
export const fileView = fileRecordView;

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

/** The stored listing's JSON, when it has the shape `list` prints from (else discovery runs). */
export function parseListing(bytes: Buffer): Listing | undefined {
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString("utf8"));
  } catch {
    return undefined;
  }
  const listing = value as Partial<Listing> | null;
  const text = (v: unknown) => typeof v === "string";
  if (
    !listing ||
    !Array.isArray(listing.agents) ||
    !Array.isArray(listing.shadowed) ||
    !Array.isArray(listing.diagnostics) ||
    !listing.agents.every(
      (a) => a && text(a.name) && text(a.description) && text(a.source) && text(a.provider),
    )
  )
    return undefined;
  return listing as Listing;
}

/** True when `list` prints the whole listing as JSON (no word, filter or `--names`): the stored bytes as they are. */
export function printsWhole(o: Pick<Output, "json">, flags: ListFlags, word: string | undefined): boolean {
  return (
    o.json &&
    word === undefined &&
    !flags.names &&
    !flags.files &&
    !flags.provider &&
    !flags.source &&
    flags.sort === undefined
  );
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
  const listing = parseListing(bytes);
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
    printJson(o, {
      agents,
      shadowed: listing.shadowed,
      diagnostics: listing.diagnostics,
      projectAgentsDir: listing.projectAgentsDir ?? null,
      ...(files ? { files: files.map(fileView) } : {}),
    });
    return 0;
  }
  const rows = agents.map((a) => [
    a.disabled ? paint(o, "dim", `${a.name} (disabled)`) : paint(o, "bold", a.name),
    sourceOf(a),
    a.provider,
    showPath(o, a.filePath),
    descriptionLine(a.description),
  ]);
  // --wide: every column whole, as piped output has them.
  const fit = flags.wide ? { columns: undefined } : o;
  if (rows.length > 0) {
    // On a narrow terminal the file goes first, then the provider; the SOURCE stays (it says
    // project, user or which plugin) and is cut, from its end, before the name is.
    o.out(
      headedTable(fit, ["NAME", "SOURCE", "PROVIDER", "FILE", "DESCRIPTION"], rows, {
        keepEnd: [3],
        cutFirst: [1],
        drop: [3, 2],
        grow: 4,
      }),
    );
    o.out("");
  }
  if (files) {
    const fileRows = files.map((f) => [
      f.outcome,
      f.provider,
      showPath(o, f.path),
      f.outcome === "shadowed"
        ? `by ${showPath(o, f.shadowedBy)}`
        : f.outcome === "copy"
          ? `roster's copy of ${showPath(o, f.copyOf)}`
          : f.outcome === "skipped"
            ? `${f.reason.code}: ${oneLine(f.reason.message)}`
            : "",
    ]);
    o.out(headedTable(fit, ["OUTCOME", "PROVIDER", "FILE", "WHY"], fileRows, { keepEnd: [2] }));
    o.out("");
  }
  const notes: string[] = [];
  if (selected.shadowed.length > 0) notes.push(`shadowed: ${shortList(selected.shadowed)} (roster why NAME)`);
  if (selected.copies > 0)
    notes.push(`${count(selected.copies, "copy", "copies")} roster wrote, under their sources`);
  if (selected.problems > 0)
    notes.push(`${count(selected.problems, "problem")} reading agent files (roster doctor)`);
  const agentCount =
    agents.length === selected.total
      ? count(agents.length, "agent")
      : `${agents.length} of ${count(selected.total, "agent")}`;
  // On a terminal the footer wraps at spaces, as doctor's totals do; piped, it is one line.
  for (const piece of sentenceLines(o, `${agentCount}${notes.length ? `; ${notes.join("; ")}` : ""}`))
    o.out(paint(o, "dim", piece));
  return 0;
}
