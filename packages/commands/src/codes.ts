/** Every diagnostic code @roster/commands reports (the README's table lists the same). */
export const COMMANDS_DIAGNOSTIC_CODES = [
  "command/missing-name",
  "command/suspicious-name",
  "command/invalid-description",
  "command/invalid-argument-hint",
  "command/empty-instructions",
] as const;

/** A diagnostic code of @roster/commands. */
export type CommandsDiagnosticCode = (typeof COMMANDS_DIAGNOSTIC_CODES)[number];
