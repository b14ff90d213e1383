import { cutToWidth, displayWidth, escapeTerminal } from "@roster/terminal";
import type { App } from "./context.js";
import { UsageError } from "./errors.js";
import { discoverGraph } from "./graph-session.js";
import { printJson, showPath } from "./output.js";
import { unknownName } from "./unknown-name.js";

/** The formats `roster graph --format` draws. */
export const GRAPH_FORMATS = ["text", "mermaid", "dot"] as const;

/** Flags of `roster graph`. */
export interface GraphFlags {
  format?: string;
}

/**
 * `roster graph [NAME] [--format text|mermaid|dot]`: who may spawn whom, what hides what,
 * and what the executor would refuse. `--json` prints the graph itself.
 */
export async function graph(app: App, name: string | undefined, flags: GraphFlags): Promise<number> {
  const format = flags.format ?? "text";
  if (!(GRAPH_FORMATS as readonly string[]).includes(format))
    throw new UsageError(`--format must be one of ${GRAPH_FORMATS.join(", ")}, not "${format}"`);
  const o = app.output;
  const { focusSpawnGraph, renderGraphDot, renderGraphMermaid, renderGraphText } = await import(
    "@roster/pictures"
  );
  const { graph: whole } = await discoverGraph(app);
  let drawn = whole;
  if (name !== undefined) {
    const focused = focusSpawnGraph(whole, name);
    if (!focused) {
      const names = [...new Set(whole.nodes.filter((n) => n.kind === "agent").map((n) => n.name))];
      throw unknownName("agent", name, names);
    }
    drawn = focused;
  }
  if (o.json) {
    printJson(o, drawn);
    return 0;
  }
  if (format === "mermaid") o.raw(renderGraphMermaid(drawn));
  else if (format === "dot") o.raw(renderGraphDot(drawn));
  else {
    const lines = renderGraphText(drawn, {
      ...(o.columns ? { width: o.columns } : {}),
      showPath: (path) => showPath(o, path),
      escape: (text) => escapeTerminal(text),
      widthOf: displayWidth,
      cut: cutToWidth,
    });
    // One write for the whole drawing, not one a line (10,000 agents: 10,000 system calls).
    o.out(lines.join("\n"));
  }
  return 0;
}
