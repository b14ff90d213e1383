export {
  AgentParsingError,
  agentFieldsProblem,
  isThinkingLevel,
  parseAgent,
  parseAgentFields,
  THINKING_LEVELS,
  type AgentFields,
} from "./agent-fields.js";
export {
  agentFromParsed,
  discoverAgents,
  mergeFirstWins,
  type AgentDiscovery,
  type DiscoverOptions,
  type ShadowedAgent,
} from "./discover-agents.js";
export {
  DiscoveryCache,
  unchanged,
  validatorOf,
  type DiscoveryCacheStats,
  type Validator,
} from "./discovery-cache.js";
export {
  explainAgent,
  type AgentExplanation,
  type CandidateOutcome,
  type ExplainCandidate,
} from "./explain-agent.js";
export {
  familyLocations,
  findProjectDirs,
  resolveUserPath,
  type FamilyLocationsOptions,
  type FindProjectDirsOptions,
} from "./family.js";
export { errorCode, fileSystemOf, isDirectory, isFile, nodeFileSystem } from "./fs.js";
export { getAgent, scopedId } from "./get-agent.js";
export { markdownFormat } from "./markdown-format.js";
export { nameProblem } from "./names.js";
export { defineProvider } from "./provider.js";
export {
  MAX_FILE_BYTES,
  readLocations,
  type LoadedEntry,
  type LocatedFile,
  type LocationStatus,
  type ReadLocationsOptions,
  type ReadLocationsResult,
  type SearchedLocation,
} from "./read-locations.js";
export {
  createRegistry,
  RegistryError,
  type ProviderRegistry,
  type RegisterOptions,
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
  ParsedFrontmatter,
  ParseLevel,
  PluginInfo,
  Scope,
  SourceFile,
  SourceProvider,
  ThinkingLevel,
} from "./types.js";
