// The public API of @roster/sources (SPEC §20): agents, skills and commands brought in from
// git, declared in a config's `sources`, pinned in `roster.lock`, audited before they land
// and checked per tool after. Nothing here prints: the CLI does.

export { applyChanges, type DiskChange } from "./apply-changes.js";
export { auditSource, blockingFindings, linksIn, MAX_TREE_ENTRIES } from "./audit.js";
export { checkSources, type Drift } from "./check-sources.js";
export {
  type CommitTree,
  MAX_COMMIT_ENTRIES,
  type ReadCommitTreeOptions,
  readCommitTree,
} from "./commit-tree.js";
export { placesOf, type SourcePlaces } from "./declarations.js";
export { describeChange } from "./describe-change.js";
export {
  describeDrift,
  describeOutdated,
  describeRemoved,
  describeReport,
  describeSource,
  describeSources,
  noSourceDeclared,
  outdatedErrors,
  type ReportOperation,
  type ReportView,
  reportClosing,
  reportNotes,
  shortCommit,
  splitNames,
} from "./describe-report.js";
export { SourceError, type SourceErrorCode, SourceUsageError } from "./errors.js";
export {
  type FetchAheadOptions,
  type FetchCommitOptions,
  type FetchedTree,
  fetchAhead,
  fetchCommit,
  isCommitId,
  type ResolvedRef,
  resolveRef,
  sourcesCache,
} from "./fetch-commit.js";
export { type Found, findDefinitions, type SourceDefinitions } from "./find-definitions.js";
export {
  DEFAULT_GIT_TIMEOUT_MS,
  type GitResult,
  gitOptionsOf,
  gitReason,
  gitTimeoutOf,
  type RunGitOptions,
  runGit,
} from "./git.js";
export { formatLock, LOCK_FILE, LOCK_SCHEMA_VERSION, parseLock, readLock, sha256 } from "./lock.js";
export {
  type AddSourceOptions,
  addSource,
  type InstallOptions,
  installSources,
  type ListedSource,
  listSources,
  type OperationReport,
  type OutdatedEntry,
  outdatedSources,
  removeSource,
  type UpdateOptions,
  updateSources,
} from "./operations.js";
export {
  describeTools,
  type FilesToShow,
  filesToShow,
  findingFate,
  notLoadedReasons,
  outdatedExitCode,
  reportExitCode,
} from "./report-rules.js";
export { pinnedPaths, sourceDiagnostics } from "./source-diagnostics.js";
export {
  checkRef,
  displaySource,
  type ParseSourceSpecOptions,
  parseSourceSpec,
  requestedSource,
  type SourceRequest,
  subPathProblem,
} from "./source-spec.js";
export { type SourcesEnvironmentOptions, sourcesEnvironment } from "./sources-environment.js";
export { summarizeTools } from "./tool-summary.js";
export type * from "./types.js";
