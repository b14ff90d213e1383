export {
  type AgentFields,
  AgentParsingError,
  agentFieldsProblem,
  isThinkingLevel,
  parseAgent,
  parseAgentFields,
  THINKING_LEVELS,
} from "./agent-fields.js";
export {
  type AgentDiscovery,
  agentFromParsed,
  type DiscoverOptions,
  discoverAgents,
  mergeFirstWins,
  type ShadowedAgent,
} from "./discover-agents.js";
export {
  DiscoveryCache,
  type DiscoveryCacheStats,
  unchanged,
  type Validator,
  validatorOf,
} from "./discovery-cache.js";
export {
  type AgentExplanation,
  type CandidateOutcome,
  type ExplainCandidate,
  explainAgent,
} from "./explain-agent.js";
export {
  type FamilyLocationsOptions,
  type FindProjectDirsOptions,
  familyLocations,
  findProjectDirs,
  resolveUserPath,
} from "./family.js";
export { DEFAULT_READ_LIMIT, errorCode, fileSystemOf, isDirectory, isFile, nodeFileSystem } from "./fs.js";
export { getAgent, scopedId } from "./get-agent.js";
export { markdownFormat } from "./markdown-format.js";
export { nameProblem } from "./names.js";
export {
  type FileIdentity,
  isStoredParse,
  type ParseIndex,
  parseWithBodyOnDemand,
  type StoredParse,
  storedParseOf,
} from "./parsed-record.js";
export { defineProvider } from "./provider.js";
export { BoundedReadError, type BoundedReadRefusal, readFileBounded } from "./read-bounded.js";
export {
  type LoadedEntry,
  type LocatedFile,
  type LocationStatus,
  MAX_FILE_BYTES,
  type ReadLocationsOptions,
  type ReadLocationsResult,
  readLocations,
  type SearchedLocation,
} from "./read-locations.js";
export {
  createRegistry,
  type ProviderRegistry,
  type RegisterOptions,
  RegistryError,
} from "./registry.js";
export type {
  AgentDefinition,
  AgentSource,
  CommandPlaceholders,
  Diagnostic,
  DiscoveryContext,
  DiscoveryKind,
  FileFormat,
  FileSystem,
  LoadedItem,
  LoadResult,
  LocateResult,
  Location,
  ParsedBytesFrontmatter,
  ParsedFrontmatter,
  ParseLevel,
  PluginInfo,
  Scope,
  SourceBytes,
  SourceFile,
  SourceProvider,
  ThinkingLevel,
} from "./types.js";
