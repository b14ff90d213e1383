// What each tool makes of the project, counted: the lines plain `doctor` ends with.
import type { Diagnostic } from "@roster/core";
import type { ToolProblemsReport } from "./find-tool-problems.js";

/** What one tool makes of this project, as `doctor --as TOOL` counts it. */
export interface ToolFinding {
  tool: string;
  displayName: string;
  errors: number;
  warnings: number;
  /** The file that makes the tool refuse its whole configuration (opencode), and why. */
  refusedBy?: { filePath: string; reason: { code: string; message: string } };
  /** Its error diagnostics, for `--format sarif|github`. */
  errorDiagnostics: Diagnostic[];
}

/** A tool would refuse a file here: an error of its view, or its whole configuration refused. */
export function toolFails(tool: Pick<ToolFinding, "errors" | "refusedBy">): boolean {
  return tool.errors > 0 || tool.refusedBy !== undefined;
}

/** One tool's `doctor --as TOOL` report, counted as plain `doctor` ends with it. */
export function toolFinding(report: ToolProblemsReport): ToolFinding {
  const { view, diagnostics, summary } = report;
  return {
    tool: view.tool,
    displayName: view.displayName,
    errors: summary.errors,
    warnings: summary.warnings,
    ...(view.refusedBy ? { refusedBy: view.refusedBy } : {}),
    errorDiagnostics: diagnostics.filter((d) => d.severity === "error"),
  };
}

/** The message of a tool's finding, naming the tool when it does not already. */
export function namingTool(tool: ToolFinding, d: Diagnostic): Diagnostic {
  return d.message.startsWith(tool.displayName) || d.message.startsWith(tool.tool)
    ? d
    : { ...d, message: `${tool.displayName}: ${d.message}` };
}
