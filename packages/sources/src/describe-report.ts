// What a report of `add`, `install`, `update`, `outdated`, `remove` and `sources` says to a
// person: one line per finding, per file that needs a look, per definition that changed, and
// per tool what it will load. Lines only (@roster/terminal): the CLI prints them.
import {
  count,
  type Fit,
  headedTable,
  type Line,
  line,
  type PathBase,
  Styled,
  showPath,
  showPaths,
  type Text,
} from "@roster/terminal";
import type { Drift } from "./check-sources.js";
import type { ListedSource, OperationReport, OutdatedEntry } from "./operations.js";
import { describeTools, filesToShow, findingFate, notLoadedReasons } from "./report-rules.js";
import type { DefinitionChange, FileChange, Finding, SourceReport, ToolSummary } from "./types.js";

/** Where a report is shown: paths from `cwd` and `home`, tables fitted to `columns`. */
export type ReportView = PathBase & Fit;

/** The operation a report closes (its last, dimmed line). */
export type ReportOperation = "add" | "install" | "update";

const LEVEL_STYLE = { raising: "red", refused: "red", warning: "yellow", info: "dim" } as const;

/** The words of a file's action and of the counts (`removed`, `3 created`). */
const DONE = { remove: "removed", create: "created", update: "updated", unchanged: "unchanged" } as const;

/** A commit as shown: its first 12 characters ("" for none). */
export function shortCommit(commit: string | undefined): string {
  return commit ? commit.slice(0, 12) : "";
}

function findingLines(findings: readonly Finding[], held: SourceReport["held"], yes: boolean): Line[] {
  return findings.map((f) => {
    const who = f.kind ? `${f.kind} ${f.name}` : (f.file ?? "");
    const where = f.kind && f.file ? ` (${f.file})` : "";
    return line`  ${new Styled(LEVEL_STYLE[f.level], f.level)} ${f.code} ${who}${where}: ${f.message}${findingFate(f, held, yes)}`;
  });
}

function fileLines(view: ReportView, files: readonly FileChange[]): Text[] {
  // One line per file that needs a look; a definition one writer refuses for several tools, once.
  const shown = filesToShow(files);
  const lines: Text[] = shown.each.map((f) => {
    const verb = f.action === "remove" ? DONE.remove : f.action;
    const style = f.action === "conflict" ? "yellow" : "dim";
    return line`  ${new Styled(style, verb)} ${showPath(view, f.path)} (${f.tool} ${f.kind} ${f.name})${f.message ? `: ${showPaths(view, f.message)}` : ""}`;
  });
  for (const { change: f, tools } of shown.skipped)
    lines.push(
      line`  ${new Styled("yellow", "not written")} ${f.kind} ${f.name} for ${tools.join(", ")}: ${f.message ?? ""}`,
    );
  if (shown.counted.length > 0)
    lines.push(`  files: ${shown.counted.map((c) => `${c.count} ${DONE[c.action]}`).join(", ")}`);
  return lines;
}

function changeLines(changes: readonly DefinitionChange[]): Line[] {
  return changes.map(
    (c) =>
      line`  ${new Styled(c.change === "removed" ? "yellow" : "green", c.change)} ${c.kind} ${c.name}${c.summary ? `: ${c.summary}` : ""}`,
  );
}

/**
 * One line per reason the tools will not load definitions (the same reason for several tools
 * and definitions once), naming three definitions at most: `--json` lists every one.
 */
function toolReasonLines(view: ReportView, tools: readonly ToolSummary[]): Line[] {
  return notLoadedReasons(tools).map((r) => {
    const more = r.names.length > 3 ? ` and ${r.names.length - 3} more` : "";
    return line`  ${r.names.slice(0, 3).join(", ")}${more} (${r.tools.join(", ")}): ${showPaths(view, r.message)}`;
  });
}

/** One source of a report: its heading (url, ref, commits), findings, changes and files. */
export function describeSource(view: ReportView, s: SourceReport, yes: boolean): Text[] {
  const short = shortCommit;
  const moved = s.previousCommit ? `${short(s.previousCommit)} → ${short(s.commit)}` : short(s.commit);
  const ref = s.ref ? ` (${s.ref})` : "";
  const from =
    s.fetched || !s.commit
      ? ""
      : s.files.length > 0 || s.findings.length > 0
        ? " (from the cache)"
        : " (as locked)";
  return [
    line`${new Styled("bold", s.url)}${ref} ${moved}${from}`,
    ...findingLines(s.findings, s.held, yes),
    ...changeLines(s.changes),
    ...fileLines(view, s.files),
  ];
}

/** The notes of a report (the cache not used, …), one `roster: note:` line each, for stderr. */
export function reportNotes(view: ReportView, report: Pick<OperationReport, "notes">): Line[] {
  return report.notes.map((note) => line`roster: note: ${showPaths(view, note)}`);
}

/** The last line of an operation's report: where it is declared and pinned, or what moved. */
export function reportClosing(view: ReportView, operation: ReportOperation, report: OperationReport): string {
  if (operation === "add")
    return `declared in ${showPath(view, report.configFile)}, pinned in ${showPath(view, report.lockFile)}`;
  if (operation === "install")
    return report.changed
      ? `installed from ${showPath(view, report.lockFile)}`
      : "nothing to do: the tools' folders match the lock";
  const moved = report.sources.filter((s) => s.previousCommit !== undefined || s.files.length > 0).length;
  return moved > 0
    ? `${count(moved, "source")} moved; pinned in ${showPath(view, report.lockFile)}`
    : "every source is at the newest commit of its ref";
}

/**
 * What `add`, `install` and `update` print on stdout: each source, what each tool loads,
 * and the closing line (dimmed). The notes go to stderr ({@link reportNotes}).
 */
export function describeReport(
  view: ReportView,
  report: OperationReport,
  options: { yes: boolean; operation: ReportOperation },
): Text[] {
  const lines = report.sources.flatMap((s) => describeSource(view, s, options.yes));
  if (report.tools.length > 0)
    lines.push(line`${describeTools(report.tools)}`, ...toolReasonLines(view, report.tools));
  lines.push(new Styled("dim", reportClosing(view, options.operation, report)));
  return lines;
}

/** What `install` and `update` say when the config declares no source. */
export function noSourceDeclared(view: ReportView, configFile: string): string {
  return `no source is declared in ${showPath(view, configFile)} (roster add SOURCE declares one)`;
}

/** The stdout of `roster outdated`: the sources behind their ref as a table, or that none is. Errors: {@link outdatedErrors}. */
export function describeOutdated(view: ReportView, sources: readonly OutdatedEntry[]): Text[] {
  const moved = sources.filter((s) => s.outdated);
  if (moved.length === 0)
    return sources.some((s) => s.error) ? [] : ["every source is at the newest commit of its ref"];
  return [
    headedTable(
      view,
      ["SOURCE", "REF", "LOCKED", "NEWEST"],
      moved.map((s) => [
        s.url,
        s.ref ?? "(default branch)",
        shortCommit(s.locked) || "(not locked)",
        shortCommit(s.latest),
      ]),
      { keepEnd: [0] },
    ),
    new Styled("dim", "roster update moves them"),
  ];
}

/** The sources `outdated` could not ask for their newest commit, one `roster:` line each, for stderr. */
export function outdatedErrors(sources: readonly OutdatedEntry[]): Line[] {
  return sources.flatMap((s) => (s.error ? [line`roster: ${s.error.message}`] : []));
}

/** What `roster remove` prints: each file removed or kept, and where the source was removed from. */
export function describeRemoved(view: ReportView, report: OperationReport): Line[] {
  return report.sources.flatMap((s) => [
    ...s.files.map(
      (f) =>
        line`  ${f.action === "remove" ? "removed" : new Styled("yellow", f.action)} ${showPath(view, f.path)}${f.action === "kept" && f.message ? `: ${f.message}` : ""}`,
    ),
    line`removed ${s.url} from ${showPath(view, report.configFile)} and ${showPath(view, report.lockFile)}`,
  ]);
}

/** What `roster sources` prints: the declared sources as a table and how many are not as locked, or how to add one. */
export function describeSources(
  view: ReportView,
  result: { configFile: string; sources: readonly ListedSource[] },
): Text[] {
  if (result.sources.length === 0)
    return [
      `no source is declared in ${showPath(view, result.configFile)}: roster add SOURCE brings agents in (owner/repo, a git URL, a path)`,
    ];
  const lines: Text[] = [
    headedTable(
      view,
      ["SOURCE", "REF", "COMMIT", "FILES", "TOOLS", "STATE"],
      result.sources.map((s) => [
        s.path ? `${s.url} (${s.path})` : s.url,
        s.ref ?? "(default branch)",
        shortCommit(s.commit) || "-",
        String(s.files),
        s.to.join(","),
        s.state === "locked" ? s.state : new Styled("yellow", s.state),
      ]),
      { keepEnd: [0] },
    ),
  ];
  const off = result.sources.filter((s) => s.state !== "locked").length;
  if (off > 0)
    lines.push(
      new Styled("dim", `${count(off, "source")} not as locked: roster install brings them in line`),
    );
  return lines;
}

/** Splits repeated and comma-separated names (`--agent a,b --agent c`), empty ones left out. */
export function splitNames(values: readonly string[] | undefined): string[] | undefined {
  if (values === undefined) return undefined;
  return values
    .flatMap((v) => v.split(","))
    .map((v) => v.trim())
    .filter(Boolean);
}

/** What `roster install --check` prints: each drift, its code in yellow, or that every source matches the lock. */
export function describeDrift(view: ReportView, drift: readonly Drift[], lockFile: string): Line[] {
  if (drift.length === 0) return [line`every source matches ${showPath(view, lockFile)}`];
  return drift.map(
    (d) =>
      line`${new Styled("yellow", d.code)} ${d.url}${d.path ? ` ${showPath(view, d.path)}` : ""}: ${d.message}`,
  );
}
