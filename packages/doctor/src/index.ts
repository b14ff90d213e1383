// The public API of @roster/doctor: the rules of `roster doctor` over one discovery of agents
// and one of commands. It prints nothing: the CLI prints the findings (text, JSON, SARIF).
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
  type OutcomeCounts,
} from "./run-doctor.js";
