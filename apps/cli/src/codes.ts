import type { ConfigDiagnosticCode } from "./config.js";

/** The findings `roster doctor` adds to discovery's. */
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

/** What loading the configuration reports (see {@link ConfigDiagnosticCode}). */
export const CONFIG_DIAGNOSTIC_CODES = [
  "config/untrusted-code",
  "config/trust-stale",
  "config/limit-not-tightened",
  "config/user-only-key",
  "config/ignored-file",
] as const satisfies readonly ConfigDiagnosticCode[];

/** Every diagnostic code the CLI itself reports (the README lists the same). */
export const CLI_DIAGNOSTIC_CODES = [...DOCTOR_DIAGNOSTIC_CODES, ...CONFIG_DIAGNOSTIC_CODES] as const;
