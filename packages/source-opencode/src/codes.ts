/** Every diagnostic code @roster/source-opencode reports (the README's code table lists the same). */
export const OPENCODE_DIAGNOSTIC_CODES = [
  "opencode/disabled",
  "opencode/prompt-file",
  "opencode/config-invalid",
  "opencode/config-unreadable",
] as const;

/** A diagnostic code of @roster/source-opencode. */
export type OpencodeDiagnosticCode = (typeof OPENCODE_DIAGNOSTIC_CODES)[number];
