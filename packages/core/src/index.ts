// The public API of @roster/core, in the order discovery runs:
// parse → locate → load → merge → resolve. Helpers for provider authors live in
// "@roster/core/provider-kit".

// text helpers that live in @roster/frontmatter (names, tool lists, roster's marks)
export {
  GENERATED_BY_KEY,
  GENERATED_BY_VALUE,
  hasRosterMarker,
  isMarkerKey,
  MAX_SYNC_MANIFEST_BYTES,
  nameProblem,
  parseSyncManifest,
  type SuggestNamesOptions,
  SYNC_MANIFEST,
  type SyncManifest,
  splitToolList,
  suggestNames,
} from "@roster/frontmatter";
// parse: agent fields and formats
export {
  type AgentFields,
  AgentParsingError,
  agentFieldsProblem,
  parseAgent,
  parseAgentFields,
} from "./agent-fields.js";
export { ancestorsOf } from "./ancestors.js";
export { CORE_DIAGNOSTIC_CODES, type CoreDiagnosticCode } from "./codes.js";
export { countOutcomes, type OutcomeCounts, type OutcomeCountsByKind } from "./count-outcomes.js";
export { parsedFile, reshapeParsed } from "./deferred-body.js";
export {
  type AgentDiscovery,
  type DiscoverOptions,
  discoverAgents,
  type ShadowedAgent,
} from "./discover-agents.js";
export {
  DiscoveryCache,
  type DiscoveryCacheStats,
  RACY_MS,
  unchanged,
  type Validator,
  validatorOf,
} from "./discovery-cache.js";
export {
  type FamilyLocationsOptions,
  type FindProjectDirsOptions,
  familyLocations,
  findProjectDirs,
} from "./family.js";
export {
  type AgentFoundAt,
  type FindAgentOptions,
  findAgent,
  findAgentAgain,
  findAgentAt,
} from "./find-agent.js";
export { fileSystemOf } from "./fs.js";
// resolve
export { type GetAgentOptions, getAgent } from "./get-agent.js";
export { getByName, type Named, scopedId } from "./get-by-name.js";
export {
  AGENT_KEYS,
  defineMarkdownFormat,
  type MarkdownFormatOptions,
  markdownFormat,
} from "./markdown-format.js";
export { mergeFirstWins } from "./merge-first-wins.js";
export {
  type Interpretation,
  type MergedSources,
  type MergeSourcesOptions,
  mergeSources,
  type ReadableSource,
} from "./merge-sources.js";
// locate: providers, the registry, family folders
export { defineProvider } from "./provider.js";
// load: reading files and provider items, boundedly
export {
  BoundedReadError,
  type BoundedReadRefusal,
  readFileBounded,
  readListedFile,
} from "./read-bounded.js";
export {
  mayHoldName,
  type ReadSourcesOptions,
  readSources,
  type SearchedLocation,
  type Source,
  type SourcesRead,
} from "./read-sources.js";
export { createRegistry, type ProviderRegistry, type RegisterOptions, RegistryError } from "./registry.js";
export { type SourcesStat, statLocations, statSources } from "./stat-sources.js";
export type {
  AgentDefinition,
  AgentSource,
  DeferredBody,
  Diagnostic,
  DiscoveryContext,
  DiscoveryKind,
  FileFormat,
  FileOutcome,
  FileRecord,
  FileSystem,
  FormatResult,
  LoadedItem,
  LoadResult,
  LocateResult,
  Location,
  ParsedFile,
  ParsedFrontmatter,
  ParseLevel,
  PermissionMode,
  PluginInfo,
  Scope,
  SkipReason,
  SourceFile,
  SourceProvider,
  ThinkingLevel,
  UnusableFile,
} from "./types.js";
export type { LocationStatus } from "./walk-location.js";
