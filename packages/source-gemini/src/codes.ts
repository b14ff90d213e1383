/** Every diagnostic code @roster/source-gemini reports (the README's code table lists the same). */
export const GEMINI_DIAGNOSTIC_CODES = [
  "gemini/toml-error",
  "gemini/missing-prompt",
  "gemini/invalid-description",
] as const;

/** A diagnostic code of @roster/source-gemini. */
export type GeminiDiagnosticCode = (typeof GEMINI_DIAGNOSTIC_CODES)[number];
