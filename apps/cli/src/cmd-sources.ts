// `roster add`, `install`, `update`, `outdated`, `remove` and `sources` (SPEC §20): argv in,
// @roster/sources does the work, the report printed here (one line per finding, per file that
// needs a look, and per tool what it will load).
import { cacheDirOf } from "@roster/index";
import {
  addSource,
  type DefinitionChange,
  describeTools,
  type FileChange,
  type Finding,
  filesToShow,
  findingFate,
  installSources,
  listSources,
  notLoadedReasons,
  type OperationReport,
  outdatedExitCode,
  outdatedSources,
  removeSource,
  reportExitCode,
  SourceError,
  type SourceReport,
  type SourcesEnvironment,
  SourceUsageError,
  sourcesEnvironment,
  type ToolSummary,
  updateSources,
} from "@roster/sources";
import type { App } from "./context.js";
import { FindingError, UsageError } from "./errors.js";
import { FALLBACK_TOOLS, pluginRegistryOf } from "./families.js";
import { count, headedTable, line, type Output, paint, printJson, showPath, showPaths } from "./output.js";
import { scopeOf } from "./writers.js";

/** Flags every sources command takes. */
export interface SourcesFlags {
  scope?: string;
  yes?: boolean;
}

/** Flags of `roster add`. */
export interface AddFlags extends SourcesFlags {
  ref?: string;
  path?: string;
  agent?: string[];
  skill?: string[];
  command?: string[];
  to?: string;
}

/** Flags of `roster install`. */
export interface InstallFlags extends SourcesFlags {
  frozen?: boolean;
  check?: boolean;
}

/** What the sources package needs from the app: its families, registry, cache and trust. */
function environmentOf(app: App, scope: "project" | "user"): Promise<SourcesEnvironment> {
  return guarded(() =>
    sourcesEnvironment({
      ctx: app.ctx,
      families: app.families.families,
      registry: app.registry,
      cacheDir: cacheDirOf({ home: app.ctx.home, env: process.env }),
      projectTrusted: app.loaded.project?.trusted === true,
      scope,
      env: process.env,
      pluginRegistry: pluginRegistryOf,
    }),
  );
}

/** Runs an operation, turning the package's errors into the CLI's (exit 1, or 2 for usage). */
export async function guarded<T>(run: () => Promise<T> | T): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof SourceUsageError) throw new UsageError(error.message, { cause: error });
    if (error instanceof SourceError) throw new FindingError(error.message, { code: error.code });
    throw error;
  }
}

/** Splits repeated and comma-separated names (`--agent a,b --agent c`). */
function names(values: string[] | undefined): string[] | undefined {
  if (values === undefined) return undefined;
  return values
    .flatMap((v) => v.split(","))
    .map((v) => v.trim())
    .filter(Boolean);
}

const LEVEL_STYLE = { raising: "red", refused: "red", warning: "yellow", info: "dim" } as const;

function printFindings(
  o: Output,
  findings: readonly Finding[],
  held: SourceReport["held"],
  yes: boolean,
): void {
  for (const f of findings) {
    const who = f.kind ? `${f.kind} ${f.name}` : (f.file ?? "");
    const where = f.kind && f.file ? ` (${f.file})` : "";
    o.out(
      line`  ${paint(o, LEVEL_STYLE[f.level], f.level)} ${f.code} ${who}${where}: ${f.message}${findingFate(f, held, yes)}`,
    );
  }
}

/** The words of a file's action and of the counts (`removed`, `3 created`). */
const DONE = { remove: "removed", create: "created", update: "updated", unchanged: "unchanged" } as const;

function printFiles(o: Output, files: readonly FileChange[]): void {
  // One line per file that needs a look; a definition one writer refuses for several tools, once.
  const shown = filesToShow(files);
  for (const f of shown.each) {
    const verb = f.action === "remove" ? DONE.remove : f.action;
    const style = f.action === "conflict" ? "yellow" : "dim";
    o.out(
      line`  ${paint(o, style, verb)} ${showPath(o, f.path)} (${f.tool} ${f.kind} ${f.name})${f.message ? `: ${showPaths(o, f.message)}` : ""}`,
    );
  }
  for (const { change: f, tools } of shown.skipped)
    o.out(
      line`  ${paint(o, "yellow", "not written")} ${f.kind} ${f.name} for ${tools.join(", ")}: ${f.message ?? ""}`,
    );
  if (shown.counted.length > 0)
    o.out(`  files: ${shown.counted.map((c) => `${c.count} ${DONE[c.action]}`).join(", ")}`);
}

function printChanges(o: Output, changes: readonly DefinitionChange[]): void {
  for (const c of changes)
    o.out(
      line`  ${paint(o, c.change === "removed" ? "yellow" : "green", c.change)} ${c.kind} ${c.name}${c.summary ? `: ${c.summary}` : ""}`,
    );
}

/** One line per reason a tool will not load a definition (the same reason for several tools once). */
function printToolReasons(o: Output, tools: readonly ToolSummary[]): void {
  for (const r of notLoadedReasons(tools))
    o.out(line`  ${r.name} (${r.tools.join(", ")}): ${showPaths(o, r.message)}`);
}

function short(commit: string | undefined): string {
  return commit ? commit.slice(0, 12) : "";
}

function printSource(o: Output, s: SourceReport, yes: boolean): void {
  const moved = s.previousCommit ? `${short(s.previousCommit)} → ${short(s.commit)}` : short(s.commit);
  const ref = s.ref ? ` (${s.ref})` : "";
  o.out(
    line`${paint(o, "bold", s.url)}${ref} ${moved}${s.fetched || !s.commit ? "" : s.files.length > 0 || s.findings.length > 0 ? " (from the cache)" : " (as locked)"}`,
  );
  printFindings(o, s.findings, s.held, yes);
  printChanges(o, s.changes);
  printFiles(o, s.files);
}

function printReport(o: Output, report: OperationReport, yes: boolean, closing: string): number {
  if (o.json) {
    printJson(o, report);
    return reportExitCode(report);
  }
  for (const note of report.notes) o.err(line`roster: note: ${showPaths(o, note)}`);
  for (const s of report.sources) printSource(o, s, yes);
  if (report.tools.length > 0) {
    o.out(line`${describeTools(report.tools)}`);
    printToolReasons(o, report.tools);
  }
  o.out(paint(o, "dim", closing));
  return reportExitCode(report);
}

/** `roster add SOURCE …` (without SOURCE: `roster sources`). */
export async function addCommand(app: App, source: string | undefined, flags: AddFlags): Promise<number> {
  if (source === undefined) return sourcesCommand(app, flags);
  const scope = scopeOf(flags.scope);
  const env = await environmentOf(app, scope);
  const to = flags.to === undefined ? undefined : names([flags.to]);
  const report = await guarded(() =>
    addSource(env, {
      source,
      ...(flags.ref !== undefined ? { ref: flags.ref } : {}),
      ...(flags.path !== undefined ? { path: flags.path } : {}),
      ...(flags.agent ? { agents: names(flags.agent)! } : {}),
      ...(flags.skill ? { skills: names(flags.skill)! } : {}),
      ...(flags.command ? { commands: names(flags.command)! } : {}),
      ...(to ? { to } : {}),
      scope,
      yes: flags.yes === true,
      fallbackTools: FALLBACK_TOOLS,
    }),
  );
  const o = app.output;
  return printReport(
    o,
    report,
    flags.yes === true,
    `declared in ${showPath(o, report.configFile)}, pinned in ${showPath(o, report.lockFile)}`,
  );
}

/** `roster install [--frozen] [--check]`. */
export async function installCommand(app: App, flags: InstallFlags): Promise<number> {
  const scope = scopeOf(flags.scope);
  const env = await environmentOf(app, scope);
  const o = app.output;
  if (flags.check) return (await import("./cmd-check.js")).checkCommand(app.flags, flags);
  const report = await guarded(() =>
    installSources(env, { scope, frozen: flags.frozen === true, yes: flags.yes === true }),
  );
  if (!o.json && report.sources.length === 0) {
    o.out(`no source is declared in ${showPath(o, report.configFile)} (roster add SOURCE declares one)`);
    return 0;
  }
  return printReport(
    o,
    report,
    flags.yes === true,
    report.changed
      ? `installed from ${showPath(o, report.lockFile)}`
      : "nothing to do: the tools' folders match the lock",
  );
}

/** `roster update [SOURCE…]`. */
export async function updateCommand(app: App, sources: string[], flags: SourcesFlags): Promise<number> {
  const scope = scopeOf(flags.scope);
  const report = await guarded(async () =>
    updateSources(await environmentOf(app, scope), { sources, scope, yes: flags.yes === true }),
  );
  const o = app.output;
  if (!o.json && report.sources.length === 0) {
    o.out(`no source is declared in ${showPath(o, report.configFile)} (roster add SOURCE declares one)`);
    return 0;
  }
  const moved = report.sources.filter((s) => s.previousCommit !== undefined || s.files.length > 0).length;
  return printReport(
    o,
    report,
    flags.yes === true,
    moved > 0
      ? `${count(moved, "source")} moved; pinned in ${showPath(o, report.lockFile)}`
      : "every source is at the newest commit of its ref",
  );
}

/** `roster outdated`. */
export async function outdatedCommand(app: App, flags: SourcesFlags): Promise<number> {
  const scope = scopeOf(flags.scope);
  const result = await guarded(async () => outdatedSources(await environmentOf(app, scope), { scope }));
  const o = app.output;
  const failed = result.sources.filter((s) => s.error);
  const exit = outdatedExitCode(result.sources);
  if (o.json) {
    printJson(o, result);
    return exit;
  }
  for (const s of failed) o.err(line`roster: ${s.error!.message}`);
  const moved = result.sources.filter((s) => s.outdated);
  if (moved.length === 0) {
    if (failed.length === 0) o.out("every source is at the newest commit of its ref");
    return exit;
  }
  o.out(
    headedTable(
      o,
      ["SOURCE", "REF", "LOCKED", "NEWEST"],
      moved.map((s) => [
        s.url,
        s.ref ?? "(default branch)",
        short(s.locked) || "(not locked)",
        short(s.latest),
      ]),
      { keepEnd: [0] },
    ),
  );
  o.out(paint(o, "dim", "roster update moves them"));
  return exit;
}

/** `roster remove SOURCE`. */
export async function removeCommand(app: App, source: string, flags: SourcesFlags): Promise<number> {
  const scope = scopeOf(flags.scope);
  const report = await guarded(async () => removeSource(await environmentOf(app, scope), { source, scope }));
  const o = app.output;
  if (o.json) {
    printJson(o, report);
    return 0;
  }
  for (const s of report.sources) {
    for (const f of s.files)
      o.out(
        line`  ${f.action === "remove" ? "removed" : paint(o, "yellow", f.action)} ${showPath(o, f.path)}${f.action === "kept" && f.message ? `: ${f.message}` : ""}`,
      );
    o.out(line`removed ${s.url} from ${showPath(o, report.configFile)} and ${showPath(o, report.lockFile)}`);
  }
  return 0;
}

/** `roster sources` (and `roster add` with no source). */
export async function sourcesCommand(app: App, flags: SourcesFlags): Promise<number> {
  const scope = scopeOf(flags.scope);
  const result = await guarded(async () => listSources(await environmentOf(app, scope), { scope }));
  const o = app.output;
  if (o.json) {
    printJson(o, result);
    return 0;
  }
  if (result.sources.length === 0) {
    o.out(
      `no source is declared in ${showPath(o, result.configFile)}: roster add SOURCE brings agents in (owner/repo, a git URL, a path)`,
    );
    return 0;
  }
  o.out(
    headedTable(
      o,
      ["SOURCE", "REF", "COMMIT", "FILES", "TOOLS", "STATE"],
      result.sources.map((s) => [
        s.path ? `${s.url} (${s.path})` : s.url,
        s.ref ?? "(default branch)",
        short(s.commit) || "-",
        String(s.files),
        s.to.join(","),
        s.state === "locked" ? s.state : paint(o, "yellow", s.state),
      ]),
      { keepEnd: [0] },
    ),
  );
  const off = result.sources.filter((s) => s.state !== "locked").length;
  if (off > 0)
    o.out(paint(o, "dim", `${count(off, "source")} not as locked: roster install brings them in line`));
  return 0;
}
