import { discoverAgents } from "@roster/core";
import { prepareToolViews, type ToolView } from "@roster/profiles";
import pkg from "../package.json" with { type: "json" };
import { fromShell } from "./basics.js";
import { profilesOf } from "./cmd-as.js";
import type { App } from "./context.js";
import { UsageError } from "./errors.js";
import { discoverGraph } from "./graph-session.js";
import { count, line, printJson, showPath } from "./output.js";
import { runDoctor } from "./print-doctor.js";
import { replaceFile } from "./replace-file.js";

/** Flags of `roster report`. */
export interface ReportFlags {
  html?: string;
}

/**
 * `roster report --html FILE`: one self-contained page of the merged view, the agents ×
 * tools matrix (every `--as` view), the spawn graph and every diagnostic per file.
 */
export async function report(app: App, flags: ReportFlags): Promise<number> {
  if (!flags.html) throw new UsageError("report needs --html FILE: the page to write");
  const file = fromShell(flags.html);
  const o = app.output;
  const { buildReport, renderReportHtml } = await import("@roster/pictures");
  // One read of each agent file for the merged view, the graph, doctor and every tool's view,
  // as plain `doctor` reads: the views are planned first and take the discovery's reads.
  const profiles = profilesOf(app.families);
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
  const bytes = replaceFile(file, renderReportHtml(data));
  const summary = { file, bytes, agents: data.agents.length, tools: data.tools.map((t) => t.tool) };
  if (o.json) printJson(o, summary);
  else
    o.out(
      line`wrote ${showPath(o, file)} (${Math.ceil(bytes / 1024)} KB): ${count(data.agents.length, "agent file")}, ${count(data.tools.length, "tool")}, ${count(data.counts.errors, "error")}, ${count(data.counts.warnings, "warning")}`,
    );
  return 0;
}
