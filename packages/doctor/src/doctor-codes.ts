/** The findings `findProblems` adds to discovery's. */
export const DOCTOR_DIAGNOSTIC_CODES = [
  "doctor/unknown-key",
  "doctor/unknown-spawn",
  "doctor/self-spawn",
  "doctor/project-shadows",
  "doctor/duplicate-name",
  "doctor/colon-in-name",
  "doctor/bad-output-schema",
] as const;

/** A diagnostic code of `roster doctor`. */
export type DoctorDiagnosticCode = (typeof DOCTOR_DIAGNOSTIC_CODES)[number];
