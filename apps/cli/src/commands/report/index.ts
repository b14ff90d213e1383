import { discoverAgents } from "@roster/core";
import { prepareToolViews, type ToolView } from "@roster/profiles";
import { count, line, showPath } from "@roster/terminal";
import { WriteRefusedError, writeNamedFile } from "@roster/writers";
import pkg from "../../../package.json" with { type: "json" };
import { fromShell, shellFolder } from "../../basics.js";
import type { App } from "../../context.js";
import { UsageError } from "../../errors.js";
import { printJson } from "../../output.js";
import { runDoctor } from "../doctor/index.js";
import { discoverGraph } from "../graph/graph-session.js";

/** Flags of `roster report`. */
export interface ReportFlags {
  html?: string;
}

/** The page `roster report` writes without `--html FILE`: in the shell's folder, as `gh`/`npm` write theirs. */
export const DEFAULT_REPORT_FILE = "roster-report.html";

/**
 * `roster report --html FILE`: one self-contained page of the merged view, the agents ×
 * tools matrix (every `--as` view), the spawn graph and every diagnostic per file.
 */
export async function report(app: App, flags: ReportFlags): Promise<number> {
  if (flags.html === "") throw new UsageError("--html needs a file name: the page to write");
  const file = fromShell(flags.html ?? DEFAULT_REPORT_FILE);
  const o = app.output;
  // Where the page goes when no file was named: said on stderr, so stdout stays the answer.
  if (flags.html === undefined)
    o.err(line`roster: no --html FILE given: writing ${showPath(o, file)} (--html FILE writes elsewhere)`);
  const { buildReport, renderReportHtml } = await import("@roster/pictures");
  // One read of each agent file for the merged view, the graph, doctor and every tool's view,
  // as plain `doctor` reads: the views are planned first and take the discovery's reads.
  const profiles = app.families.profiles;
  const prepared = await prepareToolViews(profiles, app.ctx, { registry: app.registry });
  const discovered = await discoverAgents(app.registry, prepared.ctx, { bodies: "on-demand" });
  const { discovery, graph } = await discoverGraph(app, discovered);
  // The page shows no prompt: the views keep none.
  const views: ToolView[] = [];
  for (const profile of profiles) views.push(await prepared.view(profile));
  const { diagnostics } = await runDoctor(app, app.ctx, discovered);
  const data = buildReport({
    discovery,
    views,
    diagnostics,
    graph,
    cwd: app.ctx.cwd,
    generatedAt: new Date().toISOString(),
    version: pkg.version,
    showPath: (path) => showPath(o, path),
  });
  const bytes = writePage(file, renderReportHtml(data));
  const summary = { file, bytes, agents: data.agents.length, tools: data.tools.map((t) => t.tool) };
  if (o.json) printJson(o, summary);
  else
    o.out(
      line`wrote ${showPath(o, file)} (${Math.ceil(bytes / 1024)} KB): ${count(data.agents.length, "agent file")}, ${count(data.tools.length, "tool")}, ${count(data.counts.errors, "error")}, ${count(data.counts.warnings, "warning")}`,
    );
  return 0;
}

/** Writes the page by roster's safe write (@roster/writers' writeNamedFile); a refused write is a usage error. */
function writePage(path: string, content: string): number {
  try {
    return writeNamedFile({ here: shellFolder(), path, content });
  } catch (error) {
    if (error instanceof WriteRefusedError) throw new UsageError(error.message, { cause: error });
    throw error;
  }
}
