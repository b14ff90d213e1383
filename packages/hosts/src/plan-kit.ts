// The plan kit, for the families' host plans: what a `HostDefinition` is and the helpers every
// plan shares. A family that holds its host (and an app that lists families) loads no runner,
// no preflight and not the executor.
export { dropNullOptionals, type JsonSchemaDialect, jtdToJsonSchema } from "./jtd-to-json-schema.js";
export {
  addNote,
  allowedPermissionMode,
  approvesReadOnlyOnly,
  baseCommand,
  errorLine,
  guardEnv,
  hasSchema,
  hostAgentId,
  jsonLines,
  jsonObject,
  MAX_ARG_BYTES,
  preApprovable,
  promptWithSchema,
  runFile,
  str,
  tomlString,
} from "./plan-common.js";
export type {
  HostCommand,
  HostDefinition,
  HostId,
  HostLogin,
  LoginState,
  ParsedHostOutput,
  PlanContext,
  PlannedFile,
} from "./types.js";
export { writesOrRuns } from "./vocabulary.js";
