// Whether `doctor` fails, and which findings it shows: the one rule over its own findings and
// every tool's.
import type { Diagnostic } from "@roster/core";
import type { DoctorSummary } from "./run-doctor.js";
import { namingTool, type ToolFinding, toolFails } from "./tool-finding.js";

/** Options of {@link doctorVerdict}. */
export interface DoctorVerdictOptions {
  /** `--strict`: warnings fail too. */
  strict?: boolean | undefined;
  /** `--quiet`: errors only. */
  quiet?: boolean | undefined;
}

/** What {@link doctorVerdict} decides. */
export interface DoctorVerdict {
  /** The findings shown (errors only with `quiet`). */
  diagnostics: Diagnostic[];
  /** Doctor exits 1: an error, a warning with `strict`, or a tool that would refuse a file. */
  failed: boolean;
  /** What CI's formats write: the findings shown, then each tool's errors naming the tool. */
  forMachines: Diagnostic[];
}

/**
 * Doctor's verdict over its findings and every tool's: which it shows, whether it fails, and
 * what CI's formats write (every reason to fail is in the file).
 *
 * @example doctorVerdict(report.diagnostics, { summary: report.summary, tools }, { strict: true }).failed
 */
export function doctorVerdict(
  all: readonly Diagnostic[],
  found: { summary: Pick<DoctorSummary, "errors" | "warnings">; tools: readonly ToolFinding[] },
  options: DoctorVerdictOptions = {},
): DoctorVerdict {
  const { summary, tools } = found;
  const diagnostics = options.quiet ? all.filter((x) => x.severity === "error") : [...all];
  const failed = summaryFails(summary, options) || tools.some(toolFails);
  const forMachines = [
    ...diagnostics,
    ...tools.flatMap((t) => t.errorDiagnostics.map((d) => namingTool(t, d))),
  ];
  return { diagnostics, failed, forMachines };
}

/** Whether findings so counted fail a doctor (plain or `--as TOOL`): an error, or a warning with `strict`. */
export function summaryFails(
  summary: Pick<DoctorSummary, "errors" | "warnings">,
  options: Pick<DoctorVerdictOptions, "strict"> = {},
): boolean {
  return summary.errors > 0 || (options.strict === true && summary.warnings > 0);
}
