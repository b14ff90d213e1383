// The public API of @roster/profiles: one engine runs every tool profile (SPEC §4.4). The
// profile and view types are core's contract (`ToolProfile`, `ToolView` in @roster/core).
export {
  type AgentExplanation,
  briefAgent,
  type CandidateOutcome,
  copiesOf,
  type ExplainCandidate,
  explainAgent,
  OUTCOME_MEANINGS,
} from "./explain-agent.js";
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
  bodyAfterFence,
  checkFileAs,
  type FileCheck,
  parseMarkdownForTool,
  type ViewAsToolOptions,
  viewAsTool,
} from "./view-as-tool.js";
