export { type CheckCallOptions, checkCall, type Refusal } from "./check-call.js";
export { EXECUTOR_DIAGNOSTIC_CODES, type ExecutorDiagnosticCode } from "./codes.js";
export { createDryRunRunner } from "./dry-run-runner.js";
export {
  PLAN_MODE_PROMPT,
  PLAN_MODE_TOOLS,
  type ResolveEffectiveAgentOptions,
  resolveEffectiveAgent,
  resolveOutputSchema,
} from "./effective-agent.js";
export { createLimiter } from "./limiter.js";
export { capTail, DEFAULT_MAX_OUTPUT_BYTES, DEFAULT_MAX_OUTPUT_LINES } from "./output-cap.js";
export { createProcessRunner, type ProcessRunnerOptions } from "./process-runner.js";
export { readSessionFromEnv, type SessionFromEnv } from "./session-env.js";
export { describeAllowed, parseSpawnPolicy, type SpawnPolicy, spawnAllowed } from "./spawn-policy.js";
export { buildTaskDescription, descriptionFingerprint } from "./task-description.js";
export {
  createTaskTool,
  type TaskTool,
  type TaskToolDescription,
  type TaskToolOptions,
} from "./task-tool.js";
export type {
  Diagnostic,
  EffectiveAgent,
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
export { validateOutput } from "./validate-output.js";
