// What `why|show NAME --as TOOL` answer as values: the `--json` of each, and a name the tool
// does not answer to said as every unknown name is said. The CLI prints and exits.
import { suggestNames } from "@roster/core";
import { unknownText } from "@roster/frontmatter";
import { toolAgentView } from "./select-tool-agents.js";
import type { ToolView, ToolViewAgent, ToolViewFile } from "./tool-view.js";

/** A name the tool does not answer to: the message (with its did-you-mean) and the names suggested. */
export function unknownAsAgent(view: ToolView, name: string): { message: string; suggestions: string[] } {
  const ids = view.agents.map((a) => a.id);
  const suggestions = suggestNames(name, ids);
  const message = unknownText({
    kind: `${view.displayName} agent`,
    wanted: name,
    suggestions,
    all: `roster list --as ${view.tool} shows all ${ids.length}`,
  });
  return { message, suggestions };
}

/** `roster why NAME --as TOOL --json`: the winner (if any), every place searched and every file of NAME. */
export function whyAsJson(options: {
  name: string;
  view: ToolView;
  winner: ToolViewAgent | undefined;
  files: readonly ToolViewFile[];
}): Record<string, unknown> {
  const { view, winner } = options;
  return {
    name: options.name,
    tool: view.tool,
    ...(winner ? { winner: toolAgentView(winner) } : {}),
    places: view.places,
    files: options.files,
  };
}

/** `roster show NAME --as TOOL --json` when files of NAME are there but the tool loads none: each file, its outcome and why. */
export function notLoadedJson(options: {
  view: ToolView;
  name: string;
  message: string;
  files: readonly ToolViewFile[];
}): Record<string, unknown> {
  return {
    tool: options.view.tool,
    name: options.name,
    error: options.message,
    code: "cli/not-loaded",
    files: options.files.map((f) => ({
      filePath: f.filePath,
      outcome: f.outcome,
      ...(f.reason ? { reason: f.reason } : {}),
    })),
  };
}
