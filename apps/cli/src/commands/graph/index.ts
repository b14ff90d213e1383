import type { GraphFormat } from "@roster/pictures";
import { cutToWidth, displayWidth, escapeTerminal, showPath } from "@roster/terminal";
import type { App } from "../../context.js";
import { UsageError } from "../../errors.js";
import { printJson } from "../../output.js";
import { unknownName } from "../../unknown-name.js";
import { discoverGraph } from "./graph-session.js";

/** Flags of `roster graph`. */
export interface GraphFlags {
  format?: string;
}

/**
 * `roster graph [NAME] [--format text|mermaid|dot]`: who may spawn whom, what hides what,
 * and what the executor would refuse (@roster/pictures draws it). `--json` prints the graph itself.
 */
export async function graph(app: App, name: string | undefined, flags: GraphFlags): Promise<number> {
  const { drawGraph, graphAbout, graphFormatProblem } = await import("@roster/pictures");
  const format = flags.format ?? "text";
  const problem = graphFormatProblem(format);
  if (problem) throw new UsageError(problem);
  const o = app.output;
  const about = graphAbout((await discoverGraph(app)).graph, name);
  if ("unknown" in about) throw unknownName("agent", name!, about.unknown);
  if (o.json) {
    printJson(o, about.graph);
    return 0;
  }
  const drawn = drawGraph(about.graph, format as GraphFormat, {
    ...(o.columns ? { width: o.columns } : {}),
    showPath: (path) => showPath(o, path),
    escape: (text) => escapeTerminal(text),
    widthOf: displayWidth,
    cut: cutToWidth,
  });
  // One write for the whole drawing, not one a line (10,000 agents: 10,000 system calls).
  if (format === "text") o.out(drawn);
  else o.raw(drawn);
  return 0;
}
