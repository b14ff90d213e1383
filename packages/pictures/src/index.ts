// The public API of @roster/pictures: the spawn graph (model, text, Mermaid, DOT) and the
// self-contained HTML report. Pure: data in, text out; nothing here prints or writes.

export {
  type BuildReportOptions,
  buildReport,
  type MatrixCell,
  type MatrixStatus,
  type ReportAgent,
  type ReportData,
  type ReportFileDiagnostics,
  type ReportTool,
} from "./build-report.js";
export { type BuildSpawnGraphOptions, buildSpawnGraph, type GraphSessionInput } from "./build-spawn-graph.js";
export { drawGraph, GRAPH_FORMATS, type GraphFormat, graphAbout, graphFormatProblem } from "./draw-graph.js";
export { focusSpawnGraph, type GraphLookup, lookupGraph, refusalAtLevel } from "./graph-lookup.js";
export { type GraphSessionFromEnvOptions, graphSessionFromEnv } from "./graph-session-from-env.js";
export { dotString, renderGraphDot } from "./render-graph-dot.js";
export { mermaidLabel, renderGraphMermaid } from "./render-graph-mermaid.js";
export { type RenderGraphTextOptions, renderGraphText } from "./render-graph-text.js";
export { escapeHtml, renderReportHtml, scriptJson } from "./render-report-html.js";
export type {
  GraphEdge,
  GraphEdgeKind,
  GraphGroup,
  GraphNode,
  GraphNodeKind,
  GraphRefusal,
  GraphSession,
  SpawnGraph,
  SpawnsVia,
} from "./types.js";
export { visibleText } from "./visible-text.js";
