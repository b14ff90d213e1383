// `list|why|show|doctor --as TOOL`: argv to one tool's answer (@roster/profiles, @roster/doctor)
// and its lines printed; the errors and exit codes are the CLI's.
import type { AgentDiscovery } from "@roster/core";
import { findToolProblems, RULES_TABLE, type ToolProblemsReport, toolDoctorLines } from "@roster/doctor";
import { skillToolsOf, type ToolProfile } from "@roster/family";
import {
  notLoadedJson,
  notLoadedMessage,
  type OtherTool,
  otherToolsFor,
  otherToolsLines,
  resolveAs,
  selectToolAgents,
  showAsTool,
  type ToolView,
  type ToolViewAgent,
  type ToolViewFile,
  type ToolViews,
  toolAgentLines,
  toolAgentView,
  toolListingLines,
  toolResolvesLine,
  toolViewHeader,
  toolWhyLines,
  unknownAsAgent,
  viewAsTool,
  whyAsJson,
} from "@roster/profiles";
import type { App } from "../../context.js";
import { FindingError, UsageError } from "../../errors.js";
import type { AppFamilies } from "../../families.js";
import { type Output, printJson, printNames, type Text } from "../../output.js";
import { unknownValue } from "../../unknown-name.js";
import { filterProblem, type ListFlags } from "../agents/list-print.js";
import { checkFormat, type DoctorFormat, printFindingsAs } from "../doctor/format-findings.js";
import { skillDiscovery } from "../skills/index.js";

/** Where the side-by-side table of every tool's rules lives; `doctor --as` cites it (@roster/doctor). */
export { RULES_TABLE } from "@roster/doctor";
/** One agent of a tool's view as every `--json` gives an agent (@roster/profiles). */
export { toolAgentView } from "@roster/profiles";

/** The profile for `--as <tool>`, or a usage error listing the tools. */
export function profileFor(tool: string, families: AppFamilies): ToolProfile {
  const profiles = families.profiles;
  const profile = profiles.find((p) => p.tool === tool);
  if (!profile) {
    throw unknownValue(
      "tool",
      "--as",
      tool,
      profiles.map((p) => p.tool),
    );
  }
  return profile;
}

function printAll(o: Output, lines: readonly Text[]): void {
  for (const text of lines) o.out(text);
}

/** `roster list --as TOOL [WORD] [--names] [--sort] [--wide] [--full-text]`: what that tool would offer from here. */
export async function listAs(
  app: App,
  tool: string,
  flags: Pick<ListFlags, "names" | "sort" | "wide" | "fullText"> = {},
  word?: string,
): Promise<number> {
  const o = app.output;
  const problem = filterProblem([], { ...(flags.sort !== undefined ? { sort: flags.sort } : {}) });
  if (problem) throw unknownValue(problem.kind, problem.flag, problem.wanted, problem.known);
  if (flags.fullText && word === undefined)
    throw new UsageError("--full-text needs a WORD to look for (roster list WORD --full-text)");
  // Only its JSON gives prompts (and --full-text, which looks in them): the table and the names shape none.
  const prompts = (o.json && flags.names !== true) || flags.fullText === true;
  const v = await viewAsTool(profileFor(tool, app.families), app.ctx, { registry: app.registry, prompts });
  const agents = selectToolAgents(v, { word, fullText: flags.fullText, sort: flags.sort });
  // The names that tool answers to, one per line (what completion reads).
  if (flags.names) {
    printNames(
      o,
      agents.map((a) => a.id),
    );
    return 0;
  }
  if (o.json) {
    printJson(o, { ...v, agents: agents.map(toolAgentView) });
    return 0;
  }
  printAll(o, [toolViewHeader(v), ...toolListingLines(v, agents, { screen: o, wide: flags.wide })]);
  return 0;
}

/** A name the tool does not answer to, with the names of its whole view to suggest. */
async function unknownIn(app: App, profile: ToolProfile, name: string): Promise<FindingError> {
  return unknownAs(await viewAsTool(profile, app.ctx, { registry: app.registry, prompts: false }), name);
}

/** A name the tool does not answer to, in the form of every unknown name (@roster/profiles). */
function unknownAs(v: ToolView, name: string): FindingError {
  const { message, suggestions } = unknownAsAgent(v, name);
  return new FindingError(message, { code: "cli/unknown-agent", suggestions });
}

/**
 * What one tool does with `name` (`new`'s check): the agent it loads for it, if any, and
 * every file of that id with its outcome and reason (@roster/profiles' `resolveAs`).
 */
export async function toolResolution(
  app: App,
  profile: ToolProfile,
  name: string,
): Promise<{ displayName: string; winner?: ToolViewAgent; files: ToolViewFile[] }> {
  const { view, winner, files } = await resolveAs(profile, app.ctx, {
    registry: app.registry,
    name,
    prompts: false,
    whole: false,
  });
  return { displayName: view.displayName, ...(winner ? { winner } : {}), files };
}

/** `roster why NAME --as TOOL`: every place that tool searches, and what it does with NAME there. */
export async function whyAs(app: App, name: string, tool: string): Promise<number> {
  const profile = profileFor(tool, app.families);
  const o = app.output;
  // Its JSON gives each file's prompt, as the tool would hand it over; its table none.
  const {
    view: v,
    winner,
    files,
  } = await resolveAs(profile, app.ctx, {
    registry: app.registry,
    name,
    prompts: o.json,
  });
  if (o.json) {
    printJson(o, whyAsJson({ name, view: v, winner, files }));
    return winner ? 0 : 1;
  }
  // A name no file of the tool's defines: the suggestion is the answer.
  if (!winner && files.length === 0) throw await unknownIn(app, profile, name);
  printAll(o, [toolViewHeader(v), ...toolWhyLines(v, files, o)]);
  if (!winner) {
    o.out("");
    // Files of the name are there (above, with the tool's reasons): not an unknown name.
    if (files.length > 0)
      throw new FindingError(`${v.displayName} does not load "${name}": the reasons are above`, {
        code: "cli/not-loaded",
      });
    throw await unknownIn(app, profile, name);
  }
  o.out(toolResolvesLine(v, name, winner, o));
  return 0;
}

/** `roster show NAME --as TOOL`: the agent as that tool would load it. */
export async function showAs(app: App, name: string, tool: string): Promise<number> {
  const profile = profileFor(tool, app.families);
  const shown = await showAsTool(profile, app.ctx, { registry: app.registry, name, cache: app.cache });
  const o = app.output;
  if (!shown.winner) {
    const { view: v, files } = shown;
    if (files.length === 0) throw unknownAs(v, name);
    // A file of the name the tool will not load is not an unknown name: say it is there, and why.
    const finding = new FindingError(notLoadedMessage(v, name, files, o), { code: "cli/not-loaded" });
    if (o.json) {
      printJson(o, notLoadedJson({ view: v, name, message: finding.message, files }));
      finding.details.printed = true;
    }
    throw finding;
  }
  const { view: v, winner, definition } = shown;
  if (o.json) {
    // The agent as `show --json` gives it, with that tool's name, source and id for it.
    printJson(o, { tool: v.tool, ...definition, ...toolAgentView(winner) });
    return 0;
  }
  printAll(o, [toolViewHeader(v), ...toolAgentLines(winner, definition, o)]);
  return 0;
}

/**
 * Every finding of `roster doctor --as TOOL` (@roster/doctor's `findToolProblems` over the tool's view).
 * `views`: the tool views plain `doctor` prepared before its discovery (they take its reads).
 */
export async function runDoctorAs(app: App, tool: string, views?: ToolViews): Promise<ToolProblemsReport> {
  const profile = profileFor(tool, app.families);
  // Doctor prints no prompt: its views keep none (70,000 of them at 10,000 files and 7 tools).
  const v = views
    ? await views.view(profile)
    : await viewAsTool(profile, app.ctx, { registry: app.registry, prompts: false });
  return findToolProblems(v, {
    profile,
    profiles: app.families.profiles,
    ctx: app.ctx,
    ...(skillToolsOf(app.families).includes(tool) ? { skills: skillDiscovery(app, tool) } : {}),
  });
}

/** `roster doctor --as TOOL [--strict] [--format text|sarif|github]`. */
export async function doctorAs(
  app: App,
  tool: string,
  flags: { strict?: boolean; format?: DoctorFormat } = {},
): Promise<number> {
  const format = checkFormat(app, flags.format);
  const report = await runDoctorAs(app, tool);
  const { view: v, diagnostics, summary } = report;
  const o = app.output;
  const failed = summary.errors > 0 || (flags.strict === true && summary.warnings > 0);
  if (printFindingsAs(app, format, diagnostics)) return failed ? 1 : 0;
  if (o.json) printJson(o, { diagnostics, summary, rules: RULES_TABLE, checkedAgainst: v.checkedAgainst });
  else printAll(o, toolDoctorLines(report, { failed, screen: o }));
  return failed ? 1 : 0;
}

/**
 * Every tool that resolves NAME differently from roster's merged view `d`, in the profiles'
 * order; `views`: the tool views prepared before `d` was discovered (they take its reads).
 */
export async function otherTools(
  app: App,
  name: string,
  d: AgentDiscovery,
  views?: ToolViews,
): Promise<OtherTool[]> {
  return otherToolsFor(d, name, {
    profiles: app.families.profiles,
    ctx: app.ctx,
    registry: app.registry,
    ...(views ? { views } : {}),
  });
}

/** Prints the tools that resolve NAME differently under `roster why NAME` (human output only). */
export async function printOtherTools(
  app: App,
  name: string,
  discovery: AgentDiscovery,
  views?: ToolViews,
): Promise<void> {
  if (app.output.json) return;
  printAll(
    app.output,
    otherToolsLines(await otherTools(app, name, discovery, views), {
      name,
      cwd: app.ctx.cwd,
      screen: app.output,
    }),
  );
}
