// The public API of @roster/doctor: the rules of `roster doctor` over one discovery of agents
// and one of commands, and of `doctor --as TOOL` over one tool's view; the findings for CI
// (SARIF, GitHub annotations). It prints nothing: the CLI prints what it returns.

/** Files per outcome: core's, re-exported where doctor's summary first named it. */
export type { OutcomeCounts } from "@roster/core";
export {
  type DoctorLinesOptions,
  doctorLines,
  RULES_TABLE,
  toolDoctorLines,
  toolLine,
} from "./describe-doctor.js";
export { fixesFail, fixLines, fixSummary } from "./describe-fixes.js";
// plain doctor's discoveries and its rules over them
export { type DiscoverProblemsOptions, discoverProblems } from "./discover-problems.js";
export { DOCTOR_DIAGNOSTIC_CODES, type DoctorDiagnosticCode } from "./doctor-codes.js";
export { doctorJson, toolDoctorJson } from "./doctor-json.js";
export { doctorTotals } from "./doctor-totals.js";
export {
  type DoctorVerdict,
  type DoctorVerdictOptions,
  doctorVerdict,
  summaryFails,
} from "./doctor-verdict.js";
export {
  doctorAsTool,
  findToolProblems,
  TOOL_SEVERITY,
  type ToolProblemsOptions,
  type ToolProblemsReport,
  type ToolProblemsSummary,
} from "./find-tool-problems.js";
export { SARIF_SCHEMA, toGithubAnnotations, toSarif } from "./findings-for-ci.js";
export { type DoctorFormat, type FindingsTextOptions, findingsText } from "./findings-text.js";
export {
  FIX_CODES,
  type FixAgentTextOptions,
  type FixCode,
  type FixedText,
  fixAgentText,
  type TextFix,
} from "./fix-agent-text.js";
export { type GitFiles, type GitFilesOptions, gitFiles } from "./git-files.js";
export {
  type FindingLine,
  type FindingPlace,
  fewFiles,
  findingsByPlace,
  groupRepeats,
  SHOWN_FILES,
} from "./group-repeats.js";
export { hasOwnOutputSchemas } from "./own-output-schemas.js";
export {
  type FileFix,
  type FoundFix,
  findFixes,
  fixCandidates,
  type PlannedFix,
  planFixes,
} from "./plan-fixes.js";
export {
  type DoctorInput,
  type DoctorReport,
  type DoctorSummary,
  findProblems,
} from "./run-doctor.js";
export { namingTool, type ToolFinding, toolFails, toolFinding } from "./tool-finding.js";
export { unifiedDiff } from "./unified-diff.js";
export { fileTexts, keysAsWrittenIn, withKeyLines } from "./with-key-lines.js";
