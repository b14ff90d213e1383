export {
  AGENT_KEYS,
  type AgentFields,
  AgentParsingError,
  agentFieldsProblem,
  isThinkingLevel,
  parseAgent,
  parseAgentFields,
  splitToolList,
  THINKING_LEVELS,
} from "./agent-fields.js";
export {
  type AgentWriter,
  agentFieldValue,
  agentInputFields,
  defineAgentWriter,
  extraEntries,
  type FieldFate,
  type FieldMapping,
  FieldReport,
  formatMarkdownAgent,
  GENERATED_BY_KEY,
  GENERATED_BY_VALUE,
  isLossy,
  isMarkerKey,
  knownKeyOf,
  reportTools,
  translateTools,
  type WriteAgentOptions,
  type WriteExtrasOptions,
  type WrittenAgent,
  writeExtras,
  writtenTools,
} from "./agent-writer.js";
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
  type AgentExport,
  type ExportAgentOptions,
  type ExportCode,
  type ExportRefusal,
  exportAgent,
  exportNameProblem,
} from "./export-agent.js";
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
export { type SuggestNamesOptions, suggestNames } from "./suggest-names.js";
export {
  applySync,
  type FileOwner,
  fileOwner,
  type PlanSyncOptions,
  planSync,
  recordInManifest,
  SYNC_MANIFEST,
  type SyncAction,
  type SyncCode,
  type SyncEntry,
  type SyncPlan,
  symlinkedFolder,
} from "./sync-agents.js";
export { canonicalToolName, type McpToolName, mcpToolParts } from "./tool-names.js";
export {
  ancestorsToRepoRoot,
  type BorrowedPlaces,
  defineToolProfile,
  type FieldProblem,
  type ProfileParse,
  type ProfilePlace,
  type ProfileScope,
  type ToolProfile,
  type ToolViewCode,
} from "./tool-profile.js";
export type {
  AgentDefinition,
  AgentSource,
  CommandPlaceholders,
  Diagnostic,
  DiscoveryContext,
  DiscoveryKind,
  FileFormat,
  FileSystem,
  FormatParse,
  LoadedItem,
  LoadResult,
  LocateResult,
  Location,
  ParsedBytesFrontmatter,
  ParsedFrontmatter,
  ParseLevel,
  PermissionMode,
  PluginInfo,
  Scope,
  SourceBytes,
  SourceFile,
  SourceProvider,
  ThinkingLevel,
} from "./types.js";
export {
  checkFileAs,
  type FileCheck,
  parseMarkdownForTool,
  type ToolFileOutcome,
  type ToolReason,
  type ToolView,
  type ToolViewAgent,
  type ToolViewFile,
  type ToolViewPlace,
  type ViewAsToolOptions,
  viewAsTool,
} from "./view-as-tool.js";
