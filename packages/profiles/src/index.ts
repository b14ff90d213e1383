// The public API of @roster/profiles: one engine runs every tool profile (SPEC §4.4). The
// profile a family declares is core's contract (`ToolProfile` in @roster/core); what a tool
// would load (`ToolView`) is this engine's answer.
export { summarizeAgent } from "./agent-summary.js";
export { type BuildListingOptions, buildListing } from "./build-listing.js";
export {
  type AgentExplanation,
  briefAgent,
  type CandidateOutcome,
  copiesByOriginal,
  copiesOf,
  type ExplainCandidate,
  explainAgent,
  OUTCOME_MEANINGS,
} from "./explain-agent.js";
export { filesAbout } from "./files-about.js";
export { type PrepareToolViewsOptions, prepareToolViews, type ToolViews } from "./prepare-tool-views.js";
export {
  differentResolution,
  fileRecordView,
  type OtherTool,
  type OtherToolOutcome,
  otherToolsFor,
  reportWhy,
  type WhyOptions,
  type WhyReport,
} from "./report-why.js";
export {
  type AgentRow,
  type FilterProblem,
  filterAgents,
  filterProblem,
  type ListFilters,
  type Listing,
  type ListingSelection,
  SORT_KEYS,
  SOURCES,
  selectListing,
  sortAgents,
  sourceOf,
} from "./select-listing.js";
export { type SelectToolAgentsOptions, selectToolAgents, toolAgentView } from "./select-tool-agents.js";
export type { ToolFileOutcome, ToolView, ToolViewAgent, ToolViewFile, ToolViewPlace } from "./tool-view.js";
export {
  bodyAfterFence,
  checkFileAs,
  checkFileAsEach,
  type FileCheck,
  parseMarkdownForTool,
  type ViewAsToolOptions,
  viewAsTool,
  withMergeKeys,
} from "./view-as-tool.js";
