// The public API of @roster/profiles: one engine runs every tool profile (SPEC §4.4). The
// profile a family declares is core's contract (`ToolProfile` in @roster/core); what a tool
// would load (`ToolView`) is this engine's answer.

export { summarizeAgent } from "./agent-summary.js";
export { notLoadedJson, unknownAsAgent, whyAsJson } from "./answer-as.js";
export { type BuildListingOptions, buildListing } from "./build-listing.js";
export { agentLines } from "./describe-agent.js";
export { type ListingLinesOptions, listingLines } from "./describe-listing.js";
export { otherToolLines, otherToolsLines } from "./describe-other-tools.js";
export {
  notLoadedMessage,
  type ToolListingOptions,
  toolAgentLines,
  toolListingLines,
  toolResolvesLine,
  toolViewHeader,
  toolWhyLines,
} from "./describe-tool-view.js";
export { type WhyVerdictOptions, whyTableLines, whyVerdictLines } from "./describe-why.js";
export { type ExplainAboutOptions, explainAbout } from "./explain-about.js";
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
export { legendLines } from "./legend-lines.js";
export { listingJson } from "./listing-json.js";
export { parseListing } from "./parse-listing.js";
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
  whyJson,
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
  showsWhole,
  sortAgents,
  sourceOf,
} from "./select-listing.js";
export { type SelectToolAgentsOptions, selectToolAgents, toolAgentView } from "./select-tool-agents.js";
export type { ToolFileOutcome, ToolView, ToolViewAgent, ToolViewFile, ToolViewPlace } from "./tool-view.js";
export {
  filesNotLoaded,
  resolveAs,
  type ShownAs,
  showAsTool,
  type ToolResolution,
  toolResolutionOf,
  type ViewAboutOptions,
  viewAbout,
} from "./view-about.js";
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
