// `list|why|show|doctor --as TOOL`: argv to one tool's answer (@roster/profiles, @roster/doctor)
// and its lines printed; the errors and exit codes are the CLI's.
import type { AgentDiscovery } from "@roster/core";
import {
  doctorAsTool,
  summaryFails,
  type ToolProblemsReport,
  toolDoctorJson,
  toolDoctorLines,
} from "@roster/doctor";
import { skillToolsOf, type ToolProfile } from "@roster/family";
import {
  notLoadedJson,
  notLoadedMessage,
  otherToolsFor,
  otherToolsLines,
  resolveAs,
  selectToolAgents,
  showAsTool,
  type ToolView,
  type ToolViews,
  toolAgentLines,
  toolAgentView,
  toolListingLines,
  toolResolutionOf,
  toolResolvesLine,
  toolViewHeader,
  toolWhyLines,
  unknownAsAgent,
  viewAsTool,
  whyAsJson,
} from "@roster/profiles";
import type { Text } from "@roster/terminal";
import type { App } from "../../context.js";
import { FindingError } from "../../errors.js";
import type { AppFamilies } from "../../families.js";
import { type Output, printJson, printNames } from "../../output.js";
import { unknownValue } from "../../unknown-name.js";
import { checkListFlags } from "../agents/index.js";
import type { ListFlags } from "../agents/list-print.js";
import { checkFormat, type DoctorFormat, printFindingsAs } from "../doctor/format-findings.js";
import { skillDiscovery } from "../skills/index.js";

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
  // Only --sort among the filters: a tool's view has no --provider or --source.
  checkListFlags([], flags, word);
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

/** What one tool does with `name` (`new`'s check; @roster/profiles' `toolResolutionOf`). */
export function toolResolution(app: App, profile: ToolProfile, name: string) {
  return toolResolutionOf(profile, app.ctx, { registry: app.registry, name });
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
 * Every finding of `roster doctor --as TOOL` (@roster/doctor's `doctorAsTool`). `views`: the
 * tool views plain `doctor` prepared before its discovery (they take its reads).
 */
export function runDoctorAs(app: App, tool: string, views?: ToolViews): Promise<ToolProblemsReport> {
  return doctorAsTool({
    profile: profileFor(tool, app.families),
    profiles: app.families.profiles,
    ctx: app.ctx,
    registry: app.registry,
    views,
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
  const { diagnostics, summary } = report;
  const o = app.output;
  const failed = summaryFails(summary, flags);
  if (printFindingsAs(app, format, diagnostics)) return failed ? 1 : 0;
  if (o.json) printJson(o, toolDoctorJson(report));
  else printAll(o, toolDoctorLines(report, { failed, screen: o }));
  return failed ? 1 : 0;
}

/**
 * Prints the tools that resolve NAME differently from roster's merged view `discovery` under
 * `roster why NAME` (human output only), in the profiles' order (@roster/profiles'
 * otherToolsFor); `views`: the tool views prepared before it was discovered (they take its reads).
 */
export async function printOtherTools(
  app: App,
  name: string,
  discovery: AgentDiscovery,
  views?: ToolViews,
): Promise<void> {
  if (app.output.json) return;
  const others = await otherToolsFor(discovery, name, {
    profiles: app.families.profiles,
    ctx: app.ctx,
    registry: app.registry,
    ...(views ? { views } : {}),
  });
  printAll(app.output, otherToolsLines(others, { name, cwd: app.ctx.cwd, screen: app.output }));
}
