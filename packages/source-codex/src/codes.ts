/** Every diagnostic code @roster/source-codex reports (the README's code table lists the same). */
export const CODEX_DIAGNOSTIC_CODES = [
  "codex/toml-error",
  "codex/missing-instructions",
  "codex/config-path-escapes",
  "codex/config-file-missing",
  "codex/config-unreadable",
] as const;

/** A diagnostic code of @roster/source-codex. */
export type CodexDiagnosticCode = (typeof CODEX_DIAGNOSTIC_CODES)[number];
