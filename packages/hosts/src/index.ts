export {
  type CheckHostReadyOptions,
  checkHostReady,
  type HostReadiness,
  notLoggedInMessage,
  STATUS_TIMEOUT_MS,
  saysNotLoggedIn,
} from "./check-host-ready.js";
export { type ConfiguredHosts, type ConfigureHostsOptions, configureHosts } from "./configure-hosts.js";
export {
  createHostRunner,
  HostPlanError,
  type HostRunner,
  type HostRunnerOptions,
  planHostCommand,
  statusBudget,
} from "./host-runner.js";
export {
  type HostChoice,
  locateHost,
  missingHostMessage,
  pickHost,
} from "./hosts.js";
export {
  dropNullOptionals,
  type JsonSchemaDialect,
  jtdToJsonSchema,
  SchemaConversionError,
} from "./jtd-to-json-schema.js";
export { MAX_ARG_BYTES } from "./plan-common.js";
export type {
  HostCommand,
  HostConfig,
  HostDefinition,
  HostId,
  HostLogin,
  LoginState,
  ParsedHostOutput,
  PlanContext,
  PlannedFile,
  RunnableFamily,
} from "./types.js";
