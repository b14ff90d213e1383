// `roster doctor`: one discovery of agents and one of commands, @roster/doctor's rules over
// them, each tool's view, and the printing (text, JSON, SARIF, GitHub annotations).
import type { AgentDiscovery, DiscoveryContext } from "@roster/core";
import {
  type DoctorFormat,
  type DoctorReport,
  discoverProblems,
  doctorJson,
  doctorLines,
  doctorVerdict,
  fileTexts,
  type ToolFinding,
  toolFinding,
} from "@roster/doctor";
import { prepareToolViews, type ToolViews } from "@roster/profiles";
import { sourceDiagnostics } from "@roster/sources";
import type { App } from "../../context.js";
import { inOneWrite, printJson } from "../../output.js";
import { runDoctorAs } from "../as/index.js";
import { withStoredOutput } from "../run/stored-run.js";
import { skillDiscovery } from "../skills/index.js";
import { checkFormat, printFindingsAs } from "./format-findings.js";

/**
 * Every finding of `roster doctor` here (@roster/doctor's discoverProblems): the config's,
 * discovery's (each file read once), the session's and doctor's own rules. `ctx`: app.ctx, or
 * the one of the tool views prepared to take these reads; `discovered`: a discovery made so
 * already (`report`); `textOf`: where the files an unknown key is found in are read, shared
 * with the printing.
 */
export async function runDoctor(
  app: App,
  ctx: DiscoveryContext = app.ctx,
  discovered?: AgentDiscovery,
  textOf: (path: string) => string | undefined = fileTexts(),
): Promise<DoctorReport> {
  const { readSessionFromEnv } = await import("@roster/executor/session-env");
  return discoverProblems({
    registry: app.registry,
    ctx,
    commandsCtx: app.ctx,
    cache: app.cache,
    ...(discovered ? { discovered } : {}),
    textOf,
    skills: skillDiscovery(app),
    // Which files came from which source, and whether each is still as written (SPEC §20).
    configDiagnostics: [...app.loaded.diagnostics, ...sourceDiagnostics(ctx)],
    sessionDiagnostics: readSessionFromEnv(app.env).diagnostics,
    // The executor's compiler loads only for an `output` schema of the user's.
    loadCompiler: async () => (await import("@roster/executor")).compileOutputSchema,
  });
}

/** Flags of `roster doctor`. */
export interface DoctorFlags {
  /** Exit 1 on warnings too. */
  strict?: boolean;
  /** Errors only, as eslint's `--quiet`. */
  quiet?: boolean;
  /** `text` (the default), `sarif` or `github`. */
  format?: DoctorFormat;
}

/**
 * Every tool's `doctor --as TOOL`, counted: the lines plain `doctor` ends with. `views`: the
 * tool views prepared before doctor's discovery ({@link runDoctor} with their `ctx`).
 */
export async function runToolDoctors(app: App, views?: ToolViews): Promise<ToolFinding[]> {
  return Promise.all(
    app.families.profiles.map(async (profile) => toolFinding(await runDoctorAs(app, profile.tool, views))),
  );
}

/** `roster doctor [--strict] [--quiet] [--format text|sarif|github]`: findings grouped by file, as eslint prints them, then one line per tool. */
export async function doctor(app: App, flags: DoctorFlags | boolean = {}): Promise<number> {
  const {
    strict,
    quiet,
    format: asked,
  } = typeof flags === "boolean" ? { strict: flags, quiet: false, format: undefined } : flags;
  const format = checkFormat(app, asked);
  // A doctor asked the same way over the same files (a stat-only look) prints what it stored.
  return withStoredOutput(app, "doctor", { strict: strict === true, quiet: quiet === true, format }, (run) =>
    printDoctor(run, strict === true, quiet === true, format),
  );
}

/** A whole `doctor`: discovery, rules, the tools' views, and the printing in `format`. */
async function printDoctor(app: App, strict: boolean, quiet: boolean, format: DoctorFormat): Promise<number> {
  // The tools' views are planned first and take each agent file discovery reads: one read each.
  const views = await prepareToolViews(app.families.profiles, app.ctx, { registry: app.registry });
  // The files a finding about a key is in: read once, for its spelling and (CI's formats) its line.
  const texts = fileTexts();
  const { diagnostics: all, summary, files } = await runDoctor(app, views.ctx, undefined, texts);
  const tools = await runToolDoctors(app, views);
  const { diagnostics, failed, forMachines } = doctorVerdict(all, { summary, tools }, { strict, quiet });
  if (printFindingsAs(app, format, forMachines, texts)) return failed ? 1 : 0;
  if (app.output.json) {
    printJson(app.output, doctorJson(diagnostics, { summary, files, tools }));
    return failed ? 1 : 0;
  }
  // Thousands of lines at 10,000 files: written at once, not a system call a line.
  inOneWrite(app.output, (o) => {
    for (const text of doctorLines(diagnostics, { summary, tools, failed, quiet, screen: o })) o.out(text);
  });
  return failed ? 1 : 0;
}
