/** Every diagnostic code @roster/core reports (the README's table lists the same). */
export const CORE_DIAGNOSTIC_CODES = [
  "agent/missing-name",
  "agent/missing-description",
  "agent/unknown-thinking-level",
  "agent/suspicious-name",
  "agent/not-an-agent",
  "agent/bad-max-turns",
  "load/unreadable-directory",
  "load/not-a-file",
  "load/broken-symlink",
  "load/not-a-regular-file",
  "load/path-too-long",
  "load/outside-root",
  "load/read-error",
  "load/file-too-large",
  "load/parse-error",
  "load/invalid-utf8",
  "load/changed-after-read",
  "provider/locate-failed",
  "provider/load-failed",
] as const;

/** A diagnostic code of @roster/core. */
export type CoreDiagnosticCode = (typeof CORE_DIAGNOSTIC_CODES)[number];
