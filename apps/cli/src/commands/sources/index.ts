// `roster add`, `install`, `update`, `outdated`, `remove` and `sources` (SPEC §20): argv in,
// @roster/sources does the work, the report printed here (one line per finding, per file that
// needs a look, and per tool what it will load).
import { cacheDirOf } from "@roster/index";
import {
  addSource,
  describeOutdated,
  describeRemoved,
  describeReport,
  describeSources,
  installSources,
  listSources,
  noSourceDeclared,
  type OperationReport,
  outdatedErrors,
  outdatedExitCode,
  outdatedSources,
  type ReportOperation,
  removeSource,
  reportExitCode,
  reportNotes,
  SourceError,
  type SourcesEnvironment,
  SourceUsageError,
  sourcesEnvironment,
  splitNames,
  updateSources,
} from "@roster/sources";
import type { App } from "../../context.js";
import { FindingError, UsageError } from "../../errors.js";
import { FALLBACK_TOOLS, pluginRegistryOf } from "../../families.js";
import { type Output, printJson } from "../../output.js";
import { scopeOf } from "../../writers.js";

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

/**
 * Prints an operation's report (notes on stderr, the rest on stdout), or it as JSON; its exit
 * code. An `install` or `update` of a config that declares no source says only that.
 */
function printReport(
  o: Output,
  report: OperationReport,
  options: { yes: boolean; operation: ReportOperation },
): number {
  if (o.json) printJson(o, report);
  else if (options.operation !== "add" && report.sources.length === 0) {
    o.out(noSourceDeclared(o, report.configFile));
    return 0;
  } else {
    for (const note of reportNotes(o, report)) o.err(note);
    for (const text of describeReport(o, report, options)) o.out(text);
  }
  return reportExitCode(report);
}

/** `roster add SOURCE …` (without SOURCE: `roster sources`). */
export async function addCommand(app: App, source: string | undefined, flags: AddFlags): Promise<number> {
  if (source === undefined) return sourcesCommand(app, flags);
  const scope = scopeOf(flags.scope);
  const env = await environmentOf(app, scope);
  const to = flags.to === undefined ? undefined : splitNames([flags.to]);
  const report = await guarded(() =>
    addSource(env, {
      source,
      ...(flags.ref !== undefined ? { ref: flags.ref } : {}),
      ...(flags.path !== undefined ? { path: flags.path } : {}),
      ...(flags.agent ? { agents: splitNames(flags.agent)! } : {}),
      ...(flags.skill ? { skills: splitNames(flags.skill)! } : {}),
      ...(flags.command ? { commands: splitNames(flags.command)! } : {}),
      ...(to ? { to } : {}),
      scope,
      yes: flags.yes === true,
      fallbackTools: FALLBACK_TOOLS,
    }),
  );
  return printReport(app.output, report, { yes: flags.yes === true, operation: "add" });
}

/** `roster install [--frozen] [--check]`. */
export async function installCommand(app: App, flags: InstallFlags): Promise<number> {
  const scope = scopeOf(flags.scope);
  const env = await environmentOf(app, scope);
  if (flags.check) return (await import("../check/index.js")).checkCommand(app.flags, flags);
  const report = await guarded(() =>
    installSources(env, { scope, frozen: flags.frozen === true, yes: flags.yes === true }),
  );
  return printReport(app.output, report, { yes: flags.yes === true, operation: "install" });
}

/** `roster update [SOURCE…]`. */
export async function updateCommand(app: App, sources: string[], flags: SourcesFlags): Promise<number> {
  const scope = scopeOf(flags.scope);
  const report = await guarded(async () =>
    updateSources(await environmentOf(app, scope), { sources, scope, yes: flags.yes === true }),
  );
  return printReport(app.output, report, { yes: flags.yes === true, operation: "update" });
}

/** `roster outdated`. */
export async function outdatedCommand(app: App, flags: SourcesFlags): Promise<number> {
  const scope = scopeOf(flags.scope);
  const result = await guarded(async () => outdatedSources(await environmentOf(app, scope), { scope }));
  const o = app.output;
  const exit = outdatedExitCode(result.sources);
  if (o.json) printJson(o, result);
  else {
    for (const error of outdatedErrors(result.sources)) o.err(error);
    for (const text of describeOutdated(o, result.sources)) o.out(text);
  }
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
  for (const text of describeRemoved(o, report)) o.out(text);
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
  for (const text of describeSources(o, result)) o.out(text);
  return 0;
}
