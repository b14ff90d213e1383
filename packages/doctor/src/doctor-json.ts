// What `roster doctor --json` and `doctor --as TOOL --json` print: one JSON value each, for
// programs. The CLI prints it; MCP could answer with it.
import type { Diagnostic } from "@roster/core";
import { fileRecordView } from "@roster/profiles";
import { RULES_TABLE } from "./describe-doctor.js";
import type { ToolProblemsReport } from "./find-tool-problems.js";
import type { DoctorReport } from "./run-doctor.js";
import type { ToolFinding } from "./tool-finding.js";

/**
 * `roster doctor --json`: the findings shown (`diagnostics`, the verdict's), the summary, each
 * file's record as every JSON output shows one, and each tool's counts (its errors are in the
 * findings for CI, not here).
 */
export function doctorJson(
  diagnostics: readonly Diagnostic[],
  found: Pick<DoctorReport, "summary" | "files"> & { tools: readonly ToolFinding[] },
): Record<string, unknown> {
  return {
    diagnostics,
    summary: found.summary,
    files: found.files.map(fileRecordView),
    tools: found.tools.map(({ errorDiagnostics: _, ...tool }) => tool),
  };
}

/** `roster doctor --as TOOL --json`: the tool's findings, their summary, where every tool's rules are, and what they were checked against. */
export function toolDoctorJson(report: ToolProblemsReport): Record<string, unknown> {
  const { view, diagnostics, summary } = report;
  return { diagnostics, summary, rules: RULES_TABLE, checkedAgainst: view.checkedAgainst };
}
