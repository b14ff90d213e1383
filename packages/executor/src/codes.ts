/** Every diagnostic code @roster/executor reports (the README's code table lists the same). */
export const EXECUTOR_DIAGNOSTIC_CODES = [
  "executor/invalid-input",
  "executor/unknown-agent",
  "executor/disabled-agent",
  "executor/blocked-recursion",
  "executor/spawn-not-allowed",
  "executor/invalid-tasks",
  "executor/invalid-schema",
  "executor/invalid-settings",
  "executor/bad-task-depth",
] as const;

/** A diagnostic code of @roster/executor. */
export type ExecutorDiagnosticCode = (typeof EXECUTOR_DIAGNOSTIC_CODES)[number];
