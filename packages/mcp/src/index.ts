export { capResults, MAX_ANSWER_BYTES, MAX_TASKS_PER_CALL } from "./cap-answer.js";
export { type ChooseRunnerOptions, chooseRunner, TTY_NOTICE } from "./choose-runner.js";
export {
  createRosterMcpServer,
  ERROR_CODE_META_KEY,
  type RosterMcpServer,
  RUN_TASK_DESCRIPTION_BYTES,
  serverInstructions,
} from "./create-server.js";
export {
  answerUnreadableLine,
  INVALID_REQUEST,
  PARSE_ERROR,
  type ServeStdioOptions,
  serveStdio,
} from "./serve-stdio.js";
export { type ResolveServerSessionOptions, resolveServerSession } from "./server-session.js";
export type {
  Diagnostic,
  McpDiagnosticCode,
  McpToolErrorCode,
  RosterMcpOptions,
  RunnerFor,
} from "./types.js";
export { agentDefinition, agentSummary, commandSummary, matchesQuery } from "./views.js";
