import type { FieldMapping } from "@roster/family";
import type { Cell, Line, Output } from "./output.js";
import { paint, table } from "./output.js";

function show(value: unknown): string {
  const text = typeof value === "string" ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

/** A translation report as rows: one per field, losses first. */
export function fieldRows(o: Output, fields: readonly FieldMapping[]): Line {
  const order = { dropped: 0, changed: 1, kept: 2 } as const;
  const sorted = [...fields].sort((a, b) => order[a.fate] - order[b.fate]);
  const rows = sorted.map((f) => {
    const fate: Cell =
      f.fate === "dropped"
        ? paint(o, "red", "dropped")
        : f.fate === "changed"
          ? paint(o, "yellow", "changed")
          : "kept";
    const target = f.fate === "dropped" ? `= ${show(f.value)}` : `→ ${f.to ?? ""}`;
    const note = [f.note, f.lost !== undefined ? `lost: ${show(f.lost)}` : undefined]
      .filter(Boolean)
      .join("; ");
    // The empty first column indents the rows under their heading.
    return ["", fate, f.field, target, note];
  });
  // Never cut: a report of what a translation loses must be read whole (on a narrow
  // terminal its notes wrap under themselves).
  return table(o, rows, { wrap: true });
}

/** One line: what a file loses and changes (@roster/writers). */
export { summarizeFields as fieldSummary } from "@roster/writers";
