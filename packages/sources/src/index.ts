// The public API of @roster/sources (SPEC §20): agents, skills and commands brought in from
// git, declared in a config's `sources`, pinned in `roster.lock`, audited before they land
// and checked per tool after. Nothing here prints: the CLI does.
export { type SourceErrorCode, SourceError, SourceUsageError } from "./errors.js";
export {
  type FetchCommitOptions,
  type FetchedTree,
  fetchCommit,
  isCommitId,
  type ResolvedRef,
  resolveRef,
  sourcesCache,
} from "./fetch-commit.js";
export { DEFAULT_GIT_TIMEOUT_MS, type GitResult, gitReason, type RunGitOptions, runGit } from "./git.js";
export { checkRef, displaySource, type ParseSourceSpecOptions, parseSourceSpec } from "./source-spec.js";
export type * from "./types.js";
