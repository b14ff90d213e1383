// What `roster list` shows for people: the table of the agents selected, `--files`' table of
// every file looked at, and the footer's counts. Pure: the CLI hands in where paths are shown
// from and the width (the app's `list` and the bin's shortcut print the same lines).
import type { FileRecord } from "@roster/core";
import {
  count,
  descriptionLine,
  headedTable,
  oneLine,
  type Screen,
  Styled,
  sentenceLines,
  shortList,
  showPath,
  type Text,
} from "@roster/terminal";
import { type ListingSelection, sourceOf } from "./select-listing.js";

/** Options of {@link listingLines}. */
export interface ListingLinesOptions {
  /** Where paths are shown from, and the width the tables fit and the footer wraps at. */
  screen: Screen;
  /** Every column whole, even on a terminal (`--wide`). */
  wide?: boolean | undefined;
  /** `--files`: the record of every file looked at, in a second table. */
  files?: readonly FileRecord[] | undefined;
}

/**
 * `list`'s lines for people: the agents of `selected` (a table, none when empty), the files
 * (`--files`), and a dimmed footer (how many, the shadowed names, copies, problems).
 *
 * @example listingLines(selectListing(listing, { filters: {}, configNotes: 0 }), { screen: { cwd } })
 */
export function listingLines(selected: ListingSelection, options: ListingLinesOptions): Text[] {
  const o = options.screen;
  const { agents } = selected;
  const { files } = options;
  const lines: Text[] = [];
  const rows = agents.map((a) => [
    a.disabled ? new Styled("dim", `${a.name} (disabled)`) : new Styled("bold", a.name),
    sourceOf(a),
    a.provider,
    showPath(o, a.filePath),
    descriptionLine(a.description),
  ]);
  // --wide: every column whole, as piped output has them.
  const fit = options.wide ? { columns: undefined } : o;
  if (rows.length > 0) {
    // On a narrow terminal the file goes first, then the provider; the SOURCE stays (it says
    // project, user or which plugin) and is cut, from its end, before the name is.
    lines.push(
      headedTable(fit, ["NAME", "SOURCE", "PROVIDER", "FILE", "DESCRIPTION"], rows, {
        keepEnd: [3],
        cutFirst: [1],
        drop: [3, 2],
        grow: 4,
      }),
      "",
    );
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
    lines.push(headedTable(fit, ["OUTCOME", "PROVIDER", "FILE", "WHY"], fileRows, { keepEnd: [2] }), "");
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
    lines.push(new Styled("dim", piece));
  return lines;
}
