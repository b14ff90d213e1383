// A translation's report in one line, for a row of `sync`'s table.
import type { FieldMapping } from "@roster/family";

/** One line: what a file loses and changes (`drops tools, maxTurns; changes permissionMode`). */
export function summarizeFields(fields: readonly FieldMapping[]): string {
  const dropped = fields.filter((f) => f.fate === "dropped" || f.lost !== undefined).map((f) => f.field);
  const changed = fields
    .filter((f) => f.fate === "changed" && f.lost === undefined)
    .map((f) => (f.to && f.to !== f.field ? `${f.field}→${f.to}` : f.field));
  const parts: string[] = [];
  if (dropped.length > 0) parts.push(`loses ${dropped.join(", ")}`);
  if (changed.length > 0) parts.push(`changes ${changed.join(", ")}`);
  return parts.length > 0 ? parts.join("; ") : "everything kept";
}
