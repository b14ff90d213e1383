export {
  type CheckCallOptions,
  checkCall,
  indexedDiscovery,
  MAX_TIMEOUT_MS,
  type Refusal,
} from "./check-call.js";
export {
  checkOutputSchemaShape,
  checkStructuredResult,
  MAX_RESULT_DEPTH,
  MAX_SCHEMA_DEPTH,
  MAX_SCHEMA_NODES,
} from "./check-schema-shape.js";
export { EXECUTOR_DIAGNOSTIC_CODES, type ExecutorDiagnosticCode } from "./codes.js";
export { commandLine, shellQuote } from "./command-line.js";
export { DEFAULT_SETTINGS } from "./default-settings.js";
export {
  createResultPrinter,
  type DeliverResultsOptions,
  deliverResults,
  type ResultDelivery,
  type RunWriters,
} from "./deliver-results.js";
export {
  createStatusBoard,
  DRY_RUN_CLOSING,
  describePlannedCommand,
  describeResult,
  detachedLine,
  noteLines,
  type PlannedCommand,
  type SaidLine,
  type StatusBoard,
} from "./describe-run.js";
export { createDryRunRunner } from "./dry-run-runner.js";
export {
  PLAN_MODE_PROMPT,
  PLAN_MODE_TOOLS,
  type ResolveEffectiveAgentOptions,
  resolveEffectiveAgent,
  resolveOutputSchema,
  type SchemaOrigin,
} from "./effective-agent.js";
export { fixedRunner, runnerCommand } from "./fixed-runner.js";
export { createLimiter } from "./limiter.js";
export { capTail, DEFAULT_MAX_OUTPUT_BYTES, DEFAULT_MAX_OUTPUT_LINES, TailBuffer } from "./output-cap.js";
export {
  type CompiledSchema,
  compileOutputSchema,
  createSchemaCompiler,
  type SchemaCompiler,
  validateOutput,
} from "./output-schema.js";
export {
  type AgentHost,
  type CarriedSession,
  type PlanRunOptions,
  planRun,
  type RunMode,
  type RunPlan,
  runExitCode,
} from "./plan-run.js";
export { createProcessRunner, type ProcessRunnerOptions } from "./process-runner.js";
export { MAX_STDIN_BYTES, readBounded } from "./read-bounded.js";
export { createReaper } from "./reaper.js";
export { type ChildCommand, type ChildOutcome, layerEnv, reasonText, runChild } from "./run-child.js";
export {
  createRunRunner,
  type PlanningRunner,
  type RunRunner,
  type RunRunnerOptions,
} from "./run-runner.js";
export { type RunTasksEnd, type RunTasksOptions, runTasks } from "./run-tasks.js";
export { RunUsageError, type UnknownValue } from "./run-usage-error.js";
export { readSessionFromEnv, type SessionFromEnv } from "./session-env.js";
export { describeAllowed, parseSpawnPolicy, type SpawnPolicy, spawnAllowed } from "./spawn-policy.js";
export { fillFromStdin } from "./stdin-input.js";
export { STOP_SIGNALS, type StopSignal, stopExitCode } from "./stop-signals.js";
export { type ResultSummary, summarizeResult } from "./summarize-result.js";
export { createInOrder, createTaskBoard, seconds, type TaskBoard, type TaskState } from "./task-board.js";
export {
  buildTaskDescription,
  descriptionFingerprint,
  type TaskDescriptionOptions,
} from "./task-description.js";
export { taskInputOf } from "./task-input.js";
export {
  createTaskTool,
  type TaskTool,
  type TaskToolDescription,
  type TaskToolOptions,
} from "./task-tool.js";
export {
  deadlineOf,
  type KillSchedule,
  killSchedule,
  TERM_GRACE_MS,
  terminationGrace,
} from "./timeout-budget.js";
export type {
  Diagnostic,
  EffectiveAgent,
  ExecuteOptions,
  Reaper,
  RefusalCode,
  Runner,
  RunOptions,
  RunResult,
  TaskInput,
  TaskInvocation,
  TaskItem,
  TaskOutcome,
  TaskResult,
  TaskSession,
  TaskSettings,
} from "./types.js";
