import { type AgentDefinition, type AgentDiscovery, discoverAgents, suggestNames } from "@roster/core";
import { findToolProblems, type ToolProblemsReport } from "@roster/doctor";
import type { ToolProfile } from "@roster/family";
import { unknownText } from "@roster/frontmatter";
import {
  filesAbout,
  type OtherTool,
  otherToolsFor,
  prepareToolViews,
  selectToolAgents,
  type ToolView,
  type ToolViewAgent,
  type ToolViewFile,
  type ToolViews,
  toolAgentView,
  viewAsTool,
} from "@roster/profiles";
import { printLegend, sayLines } from "./cmd-agents.js";
import { skillDiscovery } from "./cmd-skills.js";
import type { App } from "./context.js";
import { FindingError, UsageError } from "./errors.js";
import type { AppFamilies } from "./families.js";
import {
  checkFormat,
  type DoctorFormat,
  fewFiles,
  groupRepeats,
  printFindingsAs,
} from "./format-findings.js";
import { filterProblem, type ListFlags } from "./list-print.js";
import {
  Block,
  type Cell,
  count,
  descriptionLine,
  fieldPrinter,
  headedTable,
  line,
  paint,
  placeOf,
  printJson,
  printNames,
  showPath,
  showPaths,
  table,
} from "./output.js";
import { skillToolsOf } from "./skill-sources.js";
import { unknownValue } from "./unknown-name.js";

/** Where the side-by-side table of every tool's rules lives; `doctor --as` cites it. */
export const RULES_TABLE = 'README.md, "Every tool\'s rules"';

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

async function view(app: App, profile: ToolProfile, options: { prompts?: boolean } = {}): Promise<ToolView> {
  return viewAsTool(profile, app.ctx, { registry: app.registry, ...options });
}

/**
 * One tool's view about `name` alone (`why NAME --as`, `show NAME --as`): every place and
 * every file of that id, as the whole view has them, while a file whose bytes cannot hold the
 * name is passed unparsed where the tool allows it (`prepareToolViews`' `about`).
 */
async function viewAbout(
  app: App,
  profile: ToolProfile,
  name: string,
  options: { prompts: boolean; discover?: boolean },
): Promise<{ view: ToolView; discovery?: AgentDiscovery }> {
  const views = await prepareToolViews([profile], app.ctx, { registry: app.registry, about: name });
  // With `discover`: roster's discovery about the name too, whose reads the view takes.
  const discovery = options.discover
    ? await discoverAgents(app.registry, views.ctx, { about: name })
    : undefined;
  const view = await views.view(profile, { focus: { ids: new Set([name]) }, prompts: options.prompts });
  return { view, ...(discovery ? { discovery } : {}) };
}

function header(app: App, v: ToolView): void {
  app.output.out(paint(app.output, "dim", `as ${v.displayName} (rules checked against ${v.checkedAgainst})`));
}

/** One agent of a tool's view as every `--json` gives an agent (@roster/profiles). */
export { toolAgentView } from "@roster/profiles";

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
  const v = await view(app, profileFor(tool, app.families), { prompts });
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
  header(app, v);
  const rows = agents.map((a) => [
    paint(o, "bold", a.id),
    a.scope,
    a.filePath ? showPath(o, a.filePath) : "(built-in)",
    descriptionLine(a.description),
  ]);
  o.out(
    headedTable(flags.wide ? { columns: undefined } : o, ["NAME", "SOURCE", "FILE", "DESCRIPTION"], rows, {
      keepEnd: [2],
      drop: [2],
      grow: 3,
    }),
  );
  o.out("");
  if (v.refusedBy) {
    const why = v.refusedBy.reason.message;
    o.out(
      line`${paint(o, "yellow", `${v.displayName} loads nothing here:`)} ${showPath(o, v.refusedBy.filePath)}: ${why}`,
    );
  }
  const notLoaded = v.files.filter((f) => f.outcome !== "loaded").length;
  o.out(
    paint(
      o,
      "dim",
      `${agents.length === v.agents.length ? count(agents.length, "agent") : `${agents.length} of ${count(v.agents.length, "agent")}`}${notLoaded ? `; ${count(notLoaded, "file")} not loaded (roster doctor --as ${tool})` : ""}`,
    ),
  );
  return 0;
}

function resolution(v: ToolView, name: string) {
  return v.agents.find((a) => a.id === name);
}

/** A name the tool does not answer to, with the names of its whole view to suggest. */
async function unknownIn(app: App, profile: ToolProfile, name: string): Promise<FindingError> {
  return unknownAs(await view(app, profile, { prompts: false }), name);
}

/**
 * The tool does not answer to NAME, but files of that name exist (`filesAbout`): the finding
 * says so, with each file and why the tool will not load it, in the tool's words.
 */
function notLoadedAs(
  o: App["output"],
  v: ToolView,
  name: string,
  files: readonly ToolViewFile[],
): FindingError {
  const why = files
    .map((f) => `${showPath(o, f.filePath)} is ${f.outcome}: ${f.reason?.message ?? f.outcome}`)
    .join("; ");
  return new FindingError(
    `${v.displayName} does not load "${name}": ${showPaths(o, why)} (roster why ${name} --as ${v.tool})`,
    { code: "cli/not-loaded" },
  );
}

/**
 * When the tool answers to no NAME: the files about NAME it does not load (from its whole view:
 * a focused view keeps only what it calls NAME), or the whole view for the did-you-mean.
 */
async function notAnswered(
  app: App,
  profile: ToolProfile,
  name: string,
): Promise<{ view: ToolView; files: ToolViewFile[] }> {
  const whole = await view(app, profile, { prompts: false });
  return { view: whole, files: filesAbout(whole, name) };
}

/** A name the tool does not answer to, in the form of every unknown name. */
function unknownAs(v: ToolView, name: string): FindingError {
  const ids = v.agents.map((a) => a.id);
  const message = unknownText({
    kind: `${v.displayName} agent`,
    wanted: name,
    suggestions: suggestNames(name, ids),
    all: `roster list --as ${v.tool} shows all ${ids.length}`,
  });
  return new FindingError(message, { code: "cli/unknown-agent", suggestions: suggestNames(name, ids) });
}

/**
 * What one tool does with `name` (the view `why NAME --as TOOL` prints): the agent it loads
 * for it, if any, and every file of that id with its outcome and reason.
 */
export async function toolResolution(
  app: App,
  profile: ToolProfile,
  name: string,
): Promise<{ displayName: string; winner?: ToolViewAgent; files: ToolViewFile[] }> {
  const { view: v } = await viewAbout(app, profile, name, { prompts: false });
  const winner = resolution(v, name);
  return {
    displayName: v.displayName,
    ...(winner ? { winner } : {}),
    files: v.files.filter((f) => f.id === name),
  };
}

/** `roster why NAME --as TOOL`: every place that tool searches, and what it does with NAME there. */
export async function whyAs(app: App, name: string, tool: string): Promise<number> {
  const profile = profileFor(tool, app.families);
  const o = app.output;
  // Its JSON gives each file's prompt, as the tool would hand it over; its table none.
  let { view: v } = await viewAbout(app, profile, name, { prompts: o.json });
  const winner = resolution(v, name);
  let files = v.files.filter((f) => f.id === name);
  // The tool answers to no NAME and calls no file so: a file it refused unnamed may still be it.
  if (!winner && files.length === 0) {
    const whole = await notAnswered(app, profile, name);
    if (whole.files.length > 0) ({ view: v, files } = whole);
  }
  if (o.json) {
    printJson(o, {
      name,
      tool: v.tool,
      ...(winner ? { winner: toolAgentView(winner) } : {}),
      places: v.places,
      files,
    });
    return winner ? 0 : 1;
  }
  // A name no file of the tool's defines: the suggestion is the answer.
  if (!winner && files.length === 0) throw await unknownIn(app, profile, name);
  header(app, v);
  const rows: Cell[][] = [];
  v.places.forEach((place, i) => {
    const here = files.filter((f) => f.filePath.startsWith(`${place.dir}/`));
    const base = [String(i + 1), place.scope, showPath(o, place.dir)];
    if (here.length === 0)
      rows.push([...base, paint(o, "dim", place.status === "read" ? "absent" : place.status), ""]);
    for (const file of here) {
      const outcome =
        file.outcome === "loaded" ? paint(o, "green", "winner") : paint(o, "yellow", file.outcome);
      rows.push([...base, outcome, showPath(o, file.filePath)]);
    }
  });
  o.out(headedTable(o, ["#", "SOURCE", "LOCATION", "OUTCOME", "FILE"], rows, [2, 4]));
  printLegend(o, [
    ...v.places.map((p) => (p.status === "read" ? "absent" : p.status)),
    ...files.map((f) => (f.outcome === "loaded" ? "winner" : f.outcome)),
  ]);
  for (const file of files) if (file.reason) o.out(`${showPath(o, file.filePath)}: ${file.reason.message}`);
  if (!winner) {
    o.out("");
    // Files of the name are there (above, with the tool's reasons): not an unknown name.
    if (files.length > 0)
      throw new FindingError(`${v.displayName} does not load "${name}": the reasons are above`, {
        code: "cli/not-loaded",
      });
    throw await unknownIn(app, profile, name);
  }
  o.out(
    line`\n${paint(o, "bold", name)} resolves to ${winner.filePath ? showPath(o, winner.filePath) : `${v.displayName}'s built-in`} (${winner.scope})`,
  );
  return 0;
}

/** `roster show NAME --as TOOL`: the agent as that tool would load it. */
export async function showAs(app: App, name: string, tool: string): Promise<number> {
  const profile = profileFor(tool, app.families);
  const { view: v, discovery } = await viewAbout(app, profile, name, { prompts: true, discover: true });
  const winner = resolution(v, name);
  const o = app.output;
  if (!winner) {
    // A file of the name the tool will not load is not an unknown name: say it is there, and why.
    const focused = filesAbout(v, name);
    const { view: whole, files } =
      focused.length > 0 ? { view: v, files: focused } : await notAnswered(app, profile, name);
    if (files.length === 0) throw unknownAs(whole, name);
    const finding = notLoadedAs(o, whole, name, files);
    if (o.json) {
      printJson(o, {
        tool: whole.tool,
        name,
        error: finding.message,
        code: "cli/not-loaded",
        files: files.map((f) => ({
          filePath: f.filePath,
          outcome: f.outcome,
          ...(f.reason ? { reason: f.reason } : {}),
        })),
      });
      finding.details.printed = true;
    }
    throw finding;
  }
  const definition = winner.filePath ? await definitionAt(app, discovery, winner.filePath) : undefined;
  if (o.json) {
    // The agent as `show --json` gives it, with that tool's name, source and id for it.
    printJson(o, { tool: v.tool, ...definition, ...toolAgentView(winner) });
    return 0;
  }
  header(app, v);
  const field = fieldPrinter(o, 17);
  const shown = toolAgentView(winner);
  field("name", shown.name);
  field("id", shown.id);
  field("description", winner.description);
  field("source", winner.scope);
  field("file", winner.filePath ? showPath(o, winner.filePath) : "(built-in)");
  if (definition) {
    field("tools", definition.toolsAsWritten ?? definition.tools);
    field("disallowedTools", definition.disallowedTools);
    field("permissionMode", definition.permissionMode);
    field("model", definition.model);
    field("thinkingLevel", definition.thinkingLevel);
    field("maxTurns", definition.maxTurns);
    field("extra", definition.extra);
    o.out(line`\n${new Block(definition.systemPrompt)}`);
  }
  return 0;
}

/**
 * roster's own record of the file a tool loads: from the discovery about the tool's name for
 * it, or, where roster calls that file by another name (a tool that names agents by their
 * file), from the whole discovery.
 */
async function definitionAt(
  app: App,
  about: AgentDiscovery | undefined,
  filePath: string,
): Promise<AgentDefinition | undefined> {
  const at = (d: AgentDiscovery) =>
    [...d.agents, ...d.shadowed.map((s) => s.agent)].find((a) => a.filePath === filePath);
  return (about && at(about)) ?? at(await discoverAgents(app.registry, app.ctx, { cache: app.cache }));
}

/**
 * Every finding of `roster doctor --as TOOL` (@roster/doctor's `findToolProblems` over the tool's view).
 * `views`: the tool views plain `doctor` prepared before its discovery (they take its reads).
 */
export async function runDoctorAs(app: App, tool: string, views?: ToolViews): Promise<ToolProblemsReport> {
  const profile = profileFor(tool, app.families);
  // Doctor prints no prompt: its views keep none (70,000 of them at 10,000 files and 7 tools).
  const v = views ? await views.view(profile) : await view(app, profile, { prompts: false });
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
  const { view: v, diagnostics, summary } = await runDoctorAs(app, tool);
  const o = app.output;
  const failed = summary.errors > 0 || (flags.strict === true && summary.warnings > 0);
  if (printFindingsAs(app, format, diagnostics)) return failed ? 1 : 0;
  if (o.json) {
    printJson(o, { diagnostics, summary, rules: RULES_TABLE, checkedAgainst: v.checkedAgainst });
    return failed ? 1 : 0;
  }
  header(app, v);
  const colour = { error: "red", warning: "yellow", info: "dim" } as const;
  // A finding many files share (more than three) is one line naming the first few.
  const rows = groupRepeats(diagnostics).map(({ diagnostic: x, files }) => [
    paint(o, colour[x.severity], x.severity),
    x.code,
    files.length > 1 ? count(files.length, "file") : x.filePath ? placeOf(o, x.filePath, x.line ?? 0) : "",
    files.length > 1
      ? `${showPaths(o, x.message)} (${fewFiles(files.map((f) => showPath(o, f)))})`
      : showPaths(o, x.message),
  ]);
  if (rows.length > 0) {
    // Messages are never cut: a long one wraps rather than losing what it explains.
    o.out(table(o, rows, { wrap: true }));
    o.out("");
  }
  o.out(
    line`${count(summary.files, "file")}, ${count(summary.agents, "agent")} for ${v.displayName}: ${count(summary.errors, "error")}, ${count(summary.warnings, "warning")}${failed ? "" : paint(o, "green", " — ok")}`,
  );
  o.out(paint(o, "dim", `${v.displayName}'s rules beside the other tools': ${RULES_TABLE}`));
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

/** The lines `roster why NAME` adds: one per tool that resolves NAME differently. */
export async function otherToolLines(
  app: App,
  name: string,
  discovery: AgentDiscovery,
  views?: ToolViews,
): Promise<string[]> {
  return (await otherTools(app, name, discovery, views)).map(
    (other) => `${other.displayName}: ${other.message.replaceAll(`${app.ctx.cwd}/`, "")}`,
  );
}

/** Prints {@link otherToolLines} under `roster why NAME` (human output only). */
export async function printOtherTools(
  app: App,
  name: string,
  discovery: AgentDiscovery,
  views?: ToolViews,
): Promise<void> {
  if (app.output.json) return;
  const lines = await otherToolLines(app, name, discovery, views);
  if (lines.length === 0) return;
  const o = app.output;
  o.out("");
  o.out(paint(o, "dim", `Other tools see "${name}" differently (roster why ${name} --as <tool>):`));
  for (const line of lines) sayLines(o, line, "  ");
}
