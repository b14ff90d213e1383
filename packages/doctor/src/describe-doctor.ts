// What `roster doctor` and `doctor --as TOOL` say for people: findings grouped by file (as
// eslint prints them), the totals, and one line per tool. Pure: the CLI hands in where paths
// are shown from and the width, and prints what comes back.
import type { Diagnostic } from "@roster/core";
import { type ToolView, toolViewHeader } from "@roster/profiles";
import {
  type Cell,
  count,
  line,
  placeOf,
  type Screen,
  Styled,
  sentenceLines,
  showPath,
  showPaths,
  type Text,
  table,
} from "@roster/terminal";
import { doctorTotals } from "./doctor-totals.js";
import type { ToolProblemsSummary } from "./find-tool-problems.js";
import { fewFiles, findingsByPlace, groupRepeats } from "./group-repeats.js";
import type { DoctorSummary } from "./run-doctor.js";
import { type ToolFinding, toolFails } from "./tool-finding.js";

/** Where the side-by-side table of every tool's rules lives; `doctor --as` cites it. */
export const RULES_TABLE = 'README.md, "Every tool\'s rules"';

/** The colour of each severity. */
const COLOUR = { error: "red", warning: "yellow", info: "dim" } as const;

/** Options of {@link doctorLines}. */
export interface DoctorLinesOptions {
  summary: DoctorSummary;
  /** Each tool's findings, counted (one line each at the end). */
  tools: readonly ToolFinding[];
  /** The run fails (the totals are red, with no "ok"). */
  failed: boolean;
  /** `--quiet`: errors only, and only the tools that fail. */
  quiet?: boolean | undefined;
  /** Where paths are shown from, and the width tables and the totals fit. */
  screen: Screen;
}

/**
 * `doctor`'s lines: per file, its findings under `path:line` where the line is known (a
 * terminal makes that a link), else under `path`; a finding many files share as one line;
 * then the totals and one line per tool.
 */
export function doctorLines(diagnostics: readonly Diagnostic[], options: DoctorLinesOptions): Text[] {
  const { screen: o, failed, quiet } = options;
  const lines: Text[] = [];
  for (const { filePath, places } of findingsByPlace(diagnostics)) {
    for (const { line: at, lines: found } of places) {
      lines.push(new Styled("bold", filePath ? placeOf(o, filePath, at) : "(no file)"));
      const rows = found.map(({ diagnostic: x, files: about }): Cell[] => {
        const message = showPaths(o, x.message) + (x.hint ? ` (${x.hint})` : "");
        return [
          "",
          new Styled(COLOUR[x.severity], x.severity),
          x.code,
          about.length > 1
            ? `${message} (${count(about.length, "file")}: ${fewFiles(about.map((f) => showPath(o, f)))})`
            : message,
        ];
      });
      // Messages are never cut: a long one wraps rather than losing what it explains.
      lines.push(table(o, rows, { wrap: true }));
    }
    lines.push("");
  }
  const totals = doctorTotals(options.summary, failed);
  for (const piece of sentenceLines(o, totals)) lines.push(new Styled(failed ? "red" : "green", piece));
  // `--quiet` is errors only: the tools that fail, each with its errors.
  const tools = quiet ? options.tools.filter(toolFails) : options.tools;
  for (const tool of tools) lines.push(toolLine(tool, quiet === true));
  return lines;
}

/** `opencode: 3 errors → roster doctor --as opencode`, or `claude: ok` (dimmed). */
export function toolLine(tool: ToolFinding, errorsOnly: boolean): Styled {
  const parts = [
    ...(tool.refusedBy ? ["loads nothing"] : []),
    ...(tool.errors > 0 ? [count(tool.errors, "error")] : []),
    ...(tool.warnings > 0 && !errorsOnly ? [count(tool.warnings, "warning")] : []),
  ];
  if (parts.length === 0) return new Styled("dim", `${tool.tool}: ok`);
  const colour = toolFails(tool) ? "red" : "yellow";
  return new Styled(colour, `${tool.tool}: ${parts.join(", ")} → roster doctor --as ${tool.tool}`);
}

/**
 * `doctor --as TOOL`'s lines: the header, a table of findings (one line for a finding more
 * than three files share), the counts, and where every tool's rules stand side by side.
 */
export function toolDoctorLines(
  report: { view: ToolView; diagnostics: readonly Diagnostic[]; summary: ToolProblemsSummary },
  options: { failed: boolean; screen: Screen },
): Text[] {
  const { view: v, diagnostics, summary } = report;
  const o = options.screen;
  const lines: Text[] = [toolViewHeader(v)];
  const rows = groupRepeats(diagnostics).map(({ diagnostic: x, files }) => [
    new Styled(COLOUR[x.severity], x.severity),
    x.code,
    files.length > 1 ? count(files.length, "file") : x.filePath ? placeOf(o, x.filePath, x.line ?? 0) : "",
    files.length > 1
      ? `${showPaths(o, x.message)} (${fewFiles(files.map((f) => showPath(o, f)))})`
      : showPaths(o, x.message),
  ]);
  // Messages are never cut: a long one wraps rather than losing what it explains.
  if (rows.length > 0) lines.push(table(o, rows, { wrap: true }), "");
  lines.push(
    line`${count(summary.files, "file")}, ${count(summary.agents, "agent")} for ${v.displayName}: ${count(summary.errors, "error")}, ${count(summary.warnings, "warning")}${options.failed ? "" : new Styled("green", " — ok")}`,
    new Styled("dim", `${v.displayName}'s rules beside the other tools': ${RULES_TABLE}`),
  );
  return lines;
}
