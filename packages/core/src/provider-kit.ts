// "@roster/core/provider-kit": what a provider author needs beyond the main entry —
// the file-system layer and its bounded reader, cache validators, and building agents
// from fields a provider parsed itself.

export { jsonNestedDeeperThan, loadLazily, MAX_DATA_DEPTH, nestedDeeperThan } from "@roster/frontmatter";
export { ancestorsOf, type GitRootWalk, walkToGitRoot } from "./ancestors.js";
export { parsedFile, reshapeParsed } from "./deferred-body.js";
export { agentFromParsed } from "./discover-agents.js";
export { unchanged, type Validator, validatorOf } from "./discovery-cache.js";
export { familyLocations, findProjectDirs, resolveUserPath } from "./family.js";
export {
  describeFsError,
  errorCode,
  fileSystemOf,
  isDirectory,
  isFile,
  isPathTooLong,
  nodeFileSystem,
  PATH_MAX,
} from "./fs.js";
export { AGENT_KEYS, defineMarkdownFormat, markdownFormat } from "./markdown-format.js";
export { compareCodeUnits, isRecord } from "./plain-values.js";
export { defineProvider } from "./provider.js";
export { BoundedReadError, readFileBounded, refuseBoundedRead } from "./read-bounded.js";
export { MAX_FILE_BYTES } from "./read-file.js";
export type { DeferredBody } from "./types.js";
export {
  type FolderStatus,
  type FolderWalk,
  isInside,
  type LinkTarget,
  linkTarget,
  resolvePath,
  type WalkedEntry,
  type WalkFolderOptions,
  walkFolder,
} from "./walk-folder.js";
export { outsideRoot } from "./walk-location.js";
