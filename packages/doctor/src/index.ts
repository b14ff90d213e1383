// The public API of @roster/doctor: the rules of `roster doctor` over one discovery of agents
// and one of commands. It prints nothing: the CLI prints the findings (text, JSON, SARIF).

/** Files per outcome: core's, re-exported where doctor's summary first named it. */
export type { OutcomeCounts } from "@roster/core";
export { DOCTOR_DIAGNOSTIC_CODES, type DoctorDiagnosticCode } from "./doctor-codes.js";
export {
  FIX_CODES,
  type FixAgentTextOptions,
  type FixCode,
  type FixedText,
  fixAgentText,
  type TextFix,
} from "./fix-agent-text.js";
export {
  type DoctorInput,
  type DoctorReport,
  type DoctorSummary,
  findProblems,
} from "./run-doctor.js";
