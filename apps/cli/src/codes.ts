import { CONFIG_DIAGNOSTIC_CODES } from "@roster/config";
import { DOCTOR_DIAGNOSTIC_CODES, type DoctorDiagnosticCode } from "@roster/doctor";

export { CONFIG_DIAGNOSTIC_CODES, DOCTOR_DIAGNOSTIC_CODES, type DoctorDiagnosticCode };

/** Every diagnostic code the CLI itself reports (the README lists the same). */
export const CLI_DIAGNOSTIC_CODES = [...DOCTOR_DIAGNOSTIC_CODES, ...CONFIG_DIAGNOSTIC_CODES] as const;
