// What `list|why|show NAME --as TOOL` say of one tool's view, as lines for people. Pure: the
// CLI hands in where paths are shown from and the width, and prints what comes back.
import type { AgentDefinition } from "@roster/core";
import {
  Block,
  type Cell,
  count,
  descriptionLine,
  fieldLines,
  headedTable,
  type Line,
  line,
  type Screen,
  Styled,
  showPath,
  showPaths,
  type Text,
} from "@roster/terminal";
import { legendLines } from "./legend-lines.js";
import { toolAgentView } from "./select-tool-agents.js";
import type { ToolView, ToolViewAgent, ToolViewFile } from "./tool-view.js";

/** The dimmed line every `--as` answer starts with: the tool, and the version its rules were checked against. */
export function toolViewHeader(view: ToolView): Styled {
  return new Styled("dim", `as ${view.displayName} (rules checked against ${view.checkedAgainst})`);
}

/** Options of {@link toolListingLines}. */
export interface ToolListingOptions {
  /** Where paths are shown from, and the width the table fits. */
  screen: Screen;
  /** Every column whole, even on a terminal (`--wide`). */
  wide?: boolean | undefined;
}

/**
 * `list --as TOOL`'s lines after its header: the agents shown (a table), the file that makes
 * the tool load nothing, and a dimmed count (with the files it does not load).
 */
export function toolListingLines(
  view: ToolView,
  agents: readonly ToolViewAgent[],
  options: ToolListingOptions,
): Text[] {
  const o = options.screen;
  const rows = agents.map((a) => [
    new Styled("bold", a.id),
    a.scope,
    a.filePath ? showPath(o, a.filePath) : "(built-in)",
    descriptionLine(a.description),
  ]);
  const lines: Text[] = [
    headedTable(options.wide ? { columns: undefined } : o, ["NAME", "SOURCE", "FILE", "DESCRIPTION"], rows, {
      keepEnd: [2],
      drop: [2],
      grow: 3,
    }),
    "",
  ];
  if (view.refusedBy) {
    const why = view.refusedBy.reason.message;
    lines.push(
      line`${new Styled("yellow", `${view.displayName} loads nothing here:`)} ${showPath(o, view.refusedBy.filePath)}: ${why}`,
    );
  }
  const notLoaded = view.files.filter((f) => f.outcome !== "loaded").length;
  const shown =
    agents.length === view.agents.length
      ? count(agents.length, "agent")
      : `${agents.length} of ${count(view.agents.length, "agent")}`;
  lines.push(
    new Styled(
      "dim",
      `${shown}${notLoaded ? `; ${count(notLoaded, "file")} not loaded (roster doctor --as ${view.tool})` : ""}`,
    ),
  );
  return lines;
}

/**
 * `why NAME --as TOOL`'s table: every place the tool searches with what it does with the
 * files of NAME there (`winner`, its outcome, or the place's status), the legend of what it
 * shows, and each file's reason.
 */
export function toolWhyLines(view: ToolView, files: readonly ToolViewFile[], screen: Screen): Text[] {
  const o = screen;
  const rows: Cell[][] = [];
  view.places.forEach((place, i) => {
    const here = files.filter((f) => f.filePath.startsWith(`${place.dir}/`));
    const base = [String(i + 1), place.scope, showPath(o, place.dir)];
    if (here.length === 0)
      rows.push([...base, new Styled("dim", place.status === "read" ? "absent" : place.status), ""]);
    for (const file of here) {
      const outcome =
        file.outcome === "loaded" ? new Styled("green", "winner") : new Styled("yellow", file.outcome);
      rows.push([...base, outcome, showPath(o, file.filePath)]);
    }
  });
  const lines: Text[] = [headedTable(o, ["#", "SOURCE", "LOCATION", "OUTCOME", "FILE"], rows, [2, 4])];
  lines.push(
    ...legendLines([
      ...view.places.map((p) => (p.status === "read" ? "absent" : p.status)),
      ...files.map((f) => (f.outcome === "loaded" ? "winner" : f.outcome)),
    ]),
  );
  for (const file of files)
    if (file.reason) lines.push(`${showPath(o, file.filePath)}: ${file.reason.message}`);
  return lines;
}

/** The last line of `why NAME --as TOOL` when the tool loads NAME: the file it resolves to. */
export function toolResolvesLine(view: ToolView, name: string, winner: ToolViewAgent, screen: Screen): Line {
  const to = winner.filePath ? showPath(screen, winner.filePath) : `${view.displayName}'s built-in`;
  return line`\n${new Styled("bold", name)} resolves to ${to} (${winner.scope})`;
}

/**
 * `show NAME --as TOOL`'s lines after its header: the agent as the tool loads it, and, from
 * roster's own record of its file (`definition`), its other fields and its prompt.
 */
export function toolAgentLines(
  winner: ToolViewAgent,
  definition: AgentDefinition | undefined,
  screen: Screen,
): Text[] {
  const shown = toolAgentView(winner);
  const fields: Array<readonly [string, unknown]> = [
    ["name", shown.name],
    ["id", shown.id],
    ["description", winner.description],
    ["source", winner.scope],
    ["file", winner.filePath ? showPath(screen, winner.filePath) : "(built-in)"],
  ];
  if (!definition) return fieldLines(fields, 17);
  fields.push(
    ["tools", definition.toolsAsWritten ?? definition.tools],
    ["disallowedTools", definition.disallowedTools],
    ["permissionMode", definition.permissionMode],
    ["model", definition.model],
    ["thinkingLevel", definition.thinkingLevel],
    ["maxTurns", definition.maxTurns],
    ["extra", definition.extra],
  );
  return [...fieldLines(fields, 17), line`\n${new Block(definition.systemPrompt)}`];
}

/**
 * The tool does not answer to NAME, but files of that name exist: each file and why the tool
 * will not load it, in the tool's words (the message of `cli/not-loaded`).
 */
export function notLoadedMessage(
  view: ToolView,
  name: string,
  files: readonly ToolViewFile[],
  screen: Screen,
): string {
  const why = files
    .map((f) => `${showPath(screen, f.filePath)} is ${f.outcome}: ${f.reason?.message ?? f.outcome}`)
    .join("; ");
  return `${view.displayName} does not load "${name}": ${showPaths(screen, why)} (roster why ${name} --as ${view.tool})`;
}
