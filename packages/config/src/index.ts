// The public API of @roster/config: roster's configuration files, their layers, and the
// trust store that decides whether a project's code may run (SPEC §5.3). Nothing here
// prints; a config that cannot be used throws a ConfigError that says what to fix.

// what `roster trust` does to the trust store
export { listTrusted, revokeTrust, trustFolder } from "./change-trust.js";
export { CODE_FILE_LIMIT, UNTRUSTED_CODE, UntrustedCodeError } from "./code-guard.js";
export {
  CONFIG_DIAGNOSTIC_CODES,
  type ConfigDiagnosticCode,
  type ConfigLayer,
  type ConfigSource,
  checkConfig,
  type HostConfig,
  type LoadConfigOptions,
  type LoadedConfig,
  loadConfig,
  type RecordedTrust,
  type RosterConfig,
  recordTrust,
  runnerSettings,
  type SourceEntry,
  trustCommand,
  trustStatus,
  type ValidatedConfig,
  validateConfig,
} from "./config.js";
export { ConfigError } from "./config-error.js";
export {
  type ConfigWhere,
  findProjectConfig,
  hashConfig,
  isCodeFile,
  projectConfigDirs,
  readConfigBytes,
  realOr,
  userConfigDir,
} from "./config-places.js";
export {
  describeTrusted,
  foldersToRevoke,
  revokedLine,
  type TrustStatus,
  trustNoteText,
  trustProblemLine,
  trustRecordStatus,
  trustSentences,
} from "./describe-trust.js";
// a config's host names that name no host roster can run
export { type ConfigHostProblem, judgeConfigHosts } from "./judge-hosts.js";
export { changedCodeFile, projectFolder, trustedCodeFiles } from "./project-trust.js";
export { readTrustStore, type TrustRecord, trustStorePath, writeTrustStore } from "./trust-store.js";
