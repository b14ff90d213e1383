// A translation report for people: what each field of a file becomes (`export`, `new`).
import type { FieldMapping } from "@roster/family";
import { type Cell, type Fit, type Line, Styled, table } from "@roster/terminal";

/** A value as the report shows it: JSON, cut to 60 characters. */
function shown(value: unknown): string {
  const text = typeof value === "string" ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

/** The order of the rows: losses first. */
const FATE_ORDER = { dropped: 0, changed: 1, kept: 2 } as const;

/**
 * A translation report as rows under a heading, one per field, losses first: its fate
 * (`dropped` red, `changed` yellow), the field, what it becomes (or its value, dropped), and
 * what is lost. Never cut: on a narrow terminal its notes wrap under themselves.
 */
export function fieldRows(o: Fit, fields: readonly FieldMapping[]): Line {
  const sorted = [...fields].sort((a, b) => FATE_ORDER[a.fate] - FATE_ORDER[b.fate]);
  const rows = sorted.map((f) => {
    const fate: Cell =
      f.fate === "dropped"
        ? new Styled("red", "dropped")
        : f.fate === "changed"
          ? new Styled("yellow", "changed")
          : "kept";
    const target = f.fate === "dropped" ? `= ${shown(f.value)}` : `→ ${f.to ?? ""}`;
    const note = [f.note, f.lost !== undefined ? `lost: ${shown(f.lost)}` : undefined]
      .filter(Boolean)
      .join("; ");
    // The empty first column indents the rows under their heading.
    return ["", fate, f.field, target, note];
  });
  return table(o, rows, { wrap: true });
}
