import { type AgentDiscovery, countOutcomes, type Diagnostic, type FileRecord } from "@roster/core";
import type { ToolView, ToolViewFile } from "@roster/profiles";
import { depthNote } from "./graph-words.js";
import { renderGraphMermaid } from "./render-graph-mermaid.js";
import { renderGraphText } from "./render-graph-text.js";
import type { SpawnGraph } from "./types.js";

/** What a tool does with one of the agent files (a cell of the matrix). */
export type MatrixStatus = "loaded" | "shadowed" | "rejected" | "ignored" | "built-in" | "not-read";

/** One cell: the status and, unless loaded, why, in that tool's words. */
export interface MatrixCell {
  status: MatrixStatus;
  /** The name the tool gives it, when it differs from roster's. */
  id?: string;
  /** Why not (rejected, ignored), or what wins over it (shadowed). */
  why?: string;
  /** The tool's reason code (`tool/unknown-key`). */
  code?: string;
}

/** One row of the merged view and the matrix: an agent file (or provider item) roster looked at. */
export interface ReportAgent {
  name: string;
  description: string;
  provider: string;
  source: string;
  /** As shown (relative to the cwd, `~/…`, `embedded:…`). */
  file: string;
  /**
   * roster's merged outcome: `loaded`, `shadowed`, `skipped`, `copy` (a file roster wrote of
   * another definition), or `tool-only` (a file only a tool reads).
   */
  outcome: "loaded" | "shadowed" | "skipped" | "copy" | "tool-only";
  /** The winner's file (shadowed) or the skip's reason. */
  note?: string;
  /** What it may spawn: `*` or names. */
  spawns?: string;
  /** One cell per tool, in {@link ReportData.tools} order. */
  cells: MatrixCell[];
}

/** One tool's column. */
export interface ReportTool {
  tool: string;
  displayName: string;
  checkedAgainst: string;
  /** Agents it would offer from here (built-ins included). */
  agents: number;
  builtins: string[];
}

/** The diagnostics of one file. */
export interface ReportFileDiagnostics {
  file: string;
  items: Array<Pick<Diagnostic, "severity" | "code" | "message" | "line" | "hint">>;
}

/** Everything the HTML report shows, as plain data (it is embedded in the page as JSON). */
export interface ReportData {
  schemaVersion: 1;
  title: string;
  cwd: string;
  generatedAt: string;
  version?: string;
  tools: ReportTool[];
  agents: ReportAgent[];
  diagnostics: ReportFileDiagnostics[];
  counts: { agents: number; shadowed: number; skipped: number; errors: number; warnings: number };
  graph: SpawnGraph;
  /** The depth rule in one sentence (`maxRecursionDepth 2: the 2nd agent of a chain may spawn nothing`), when there is one. */
  depthRule?: string;
  /** The graph as `roster graph` prints it, and as Mermaid, for copying. */
  graphText: string;
  graphMermaid: string;
}

/** Options of {@link buildReport}. */
export interface BuildReportOptions {
  discovery: Pick<AgentDiscovery, "agents" | "shadowed" | "copies" | "files">;
  /** One view per tool (`viewAsTool`), in the order of the columns. */
  views: readonly ToolView[];
  /** Every diagnostic to list per file (`roster doctor`'s). */
  diagnostics: readonly Diagnostic[];
  graph: SpawnGraph;
  cwd: string;
  /** When the report was made (ISO text): the caller's clock, so the build stays pure. */
  generatedAt: string;
  version?: string;
  /** How paths are shown; default: as they are. */
  showPath?: (path: string) => string;
}

function cellOf(
  view: ToolView,
  file: ToolViewFile | undefined,
  name: string,
  bundled: boolean,
  show: (path: string) => string,
): MatrixCell {
  if (!file) {
    // roster's bundled agents are no tool's files; a tool with a built-in of that name answers with it.
    if (bundled && view.agents.some((a) => a.scope === "builtin" && a.id === name))
      return { status: "built-in", why: `${view.displayName} answers "${name}" with its built-in` };
    return { status: "not-read", why: `${view.displayName} does not read this place` };
  }
  const cell: MatrixCell = { status: file.outcome };
  if (file.id !== undefined && file.id !== name) cell.id = file.id;
  if (file.outcome === "shadowed") {
    const winner = file.shadowedBy;
    cell.why = winner?.startsWith("builtin:")
      ? `${view.displayName}'s built-in "${winner.slice("builtin:".length)}" wins`
      : `${winner ? show(winner) : "another file"} wins`;
  } else if (file.reason) {
    cell.why = file.reason.message;
    cell.code = file.reason.code;
  }
  return cell;
}

/**
 * The report's data from one discovery, every tool's view and the diagnostics: a row per
 * agent file with one cell per tool, the diagnostics grouped by file, the spawn graph.
 *
 * @example
 * const data = buildReport({ discovery, views, diagnostics, graph, cwd, generatedAt: new Date().toISOString() });
 * const html = renderReportHtml(data);
 */
export function buildReport(options: BuildReportOptions): ReportData {
  const show = options.showPath ?? ((p: string) => p);
  const { discovery, views } = options;
  const byFile = views.map((view) => new Map(view.files.map((f) => [f.filePath, f])));
  const definitions = new Map(
    [
      ...discovery.agents,
      ...discovery.shadowed.map((s) => s.agent),
      ...discovery.copies.map((c) => c.agent),
    ].map((a) => [a.filePath ?? "", a]),
  );
  const agents: ReportAgent[] = [];
  const seen = new Set<string>();
  const records = discovery.files.filter(
    (f): f is Exclude<FileRecord, { outcome: "not-an-agent" }> =>
      f.kind === "agents" && f.outcome !== "not-an-agent",
  );
  for (const record of records) {
    seen.add(record.path);
    const definition = definitions.get(record.path);
    const name = record.name ?? definition?.name ?? "";
    const bundled = record.scope === "bundled";
    const row: ReportAgent = {
      name,
      description: definition?.description ?? "",
      provider: record.provider,
      source: record.scope,
      file: show(record.path),
      outcome: record.outcome,
      cells: views.map((view, i) => cellOf(view, byFile[i]!.get(record.path), name, bundled, show)),
    };
    if (record.outcome === "shadowed") row.note = `${show(record.shadowedBy)} wins`;
    if (record.outcome === "copy") row.note = `roster's copy of ${show(record.copyOf)}`;
    if (record.outcome === "skipped") row.note = record.reason.message;
    if (definition?.spawns !== undefined)
      row.spawns = definition.spawns === "*" ? "*" : definition.spawns.join(", ");
    agents.push(row);
  }
  // Files a tool reads that roster's merged view does not (another family's folder it borrows).
  views.forEach((view) => {
    for (const file of view.files) {
      if (seen.has(file.filePath)) continue;
      seen.add(file.filePath);
      agents.push({
        name: file.id ?? file.relativePath,
        description: file.description ?? "",
        provider: view.tool,
        source: file.scope,
        file: show(file.filePath),
        outcome: "tool-only",
        note: `read by ${view.displayName}, not by roster's merged view`,
        cells: views.map((other, j) =>
          cellOf(other, byFile[j]!.get(file.filePath), file.id ?? "", false, show),
        ),
      });
    }
  });

  const groups = new Map<string, ReportFileDiagnostics>();
  for (const d of options.diagnostics) {
    const file = d.filePath ? show(d.filePath) : "(no file)";
    let group = groups.get(file);
    if (!group) {
      group = { file, items: [] };
      groups.set(file, group);
    }
    const item: ReportFileDiagnostics["items"][number] = {
      severity: d.severity,
      code: d.code,
      message: d.message,
    };
    if (d.line !== undefined) item.line = d.line;
    if (d.hint !== undefined) item.hint = d.hint;
    group.items.push(item);
  }

  const agentOutcomes = countOutcomes(discovery.files).agents;
  const data: ReportData = {
    schemaVersion: 1,
    title: `roster report: ${options.cwd}`,
    cwd: options.cwd,
    generatedAt: options.generatedAt,
    tools: views.map((view) => ({
      tool: view.tool,
      displayName: view.displayName,
      checkedAgainst: view.checkedAgainst,
      agents: view.agents.length,
      builtins: view.agents.filter((a) => a.scope === "builtin").map((a) => a.id),
    })),
    agents,
    diagnostics: [...groups.values()],
    counts: {
      agents: discovery.agents.length,
      // Agent files, as `doctor` counts them per kind (core's countOutcomes): never commands.
      shadowed: agentOutcomes.shadowed,
      skipped: agentOutcomes.skipped,
      errors: options.diagnostics.filter((d) => d.severity === "error").length,
      warnings: options.diagnostics.filter((d) => d.severity === "warning").length,
    },
    graph: options.graph,
    graphText: renderGraphText(options.graph, { showPath: show }).join("\n"),
    graphMermaid: renderGraphMermaid(options.graph),
  };
  if (options.version !== undefined) data.version = options.version;
  const { chainLimit, maxRecursionDepth } = options.graph.session;
  if (chainLimit !== undefined) data.depthRule = depthNote(chainLimit, maxRecursionDepth);
  return data;
}
