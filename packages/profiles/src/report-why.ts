import {
  type AgentDefinition,
  type AgentDiscovery,
  type DiscoveryContext,
  type FileRecord,
  getAgent,
  type ProviderRegistry,
  suggestNames,
} from "@roster/core";
import type { ToolProfile } from "@roster/family";
import { unknownNameText } from "@roster/frontmatter";
import { briefAgent, type ExplainCandidate, explainAgent } from "./explain-agent.js";
import { prepareToolViews, type ToolViews } from "./prepare-tool-views.js";
import type { ToolView } from "./tool-view.js";

/** One file record as JSON outputs show it (`list --files`, `why`, `doctor`): the location by its folder. */
export function fileRecordView(record: FileRecord): Record<string, unknown> {
  const view: Record<string, unknown> = {
    path: record.path,
    kind: record.kind,
    provider: record.provider,
    scope: record.scope,
    location: record.location?.dir ?? `provider:${record.provider}`,
    outcome: record.outcome,
  };
  if (record.format) view.format = record.format;
  if ("name" in record && record.name !== undefined) view.name = record.name;
  if (record.outcome === "shadowed") view.shadowedBy = record.shadowedBy;
  if (record.outcome === "copy") view.copyOf = record.copyOf;
  if (record.copy) view.copy = true;
  if (record.outcome === "skipped")
    view.reason = { code: record.reason.code, message: record.reason.message };
  if (record.unknownKeys) view.unknownKeys = record.unknownKeys;
  return view;
}

/** How one tool's answer for NAME differs from roster's merged winner. */
export type OtherToolOutcome =
  /** The tool keeps a built-in of that name; a file cannot override it. */
  | "builtin-kept"
  /** The tool reads roster's winner but another file of its own wins. */
  | "shadowed"
  /** The tool would not load roster's winner (its `reason` says why). */
  | "not-loaded"
  /** The tool loads roster's winner under another name. */
  | "renamed"
  /** The tool does not read roster's winner and resolves NAME to another file. */
  | "other-file"
  /** The tool does not read roster's winner and answers with its built-in. */
  | "builtin"
  /** The tool loads a copy roster wrote of the winner (sync, export) in its place. */
  | "copy";

/** One tool that would resolve NAME differently: a line of `roster why NAME`, a `--json` entry. */
export interface OtherTool {
  tool: string;
  displayName: string;
  outcome: OtherToolOutcome;
  /** The line `roster why` prints after the tool's name. */
  message: string;
  /** The file the tool uses instead, or the one it names for its choice. */
  filePath?: string;
}

/** What one tool makes of NAME where it differs from roster's merged winner, or undefined. */
export function differentResolution(
  v: ToolView,
  name: string,
  winner: AgentDefinition,
  /** The files roster wrote from the winner (its copies). */
  copies: readonly string[] = [],
): Pick<OtherTool, "outcome" | "message" | "filePath"> | undefined {
  const rosterFile = winner.filePath;
  const mine = rosterFile ? v.files.find((f) => f.filePath === rosterFile) : undefined;
  const theirs = v.agents.find((a) => a.id === name);
  if (!mine && !theirs?.filePath) return undefined;
  if (theirs?.filePath !== undefined && theirs.filePath === rosterFile) return undefined;
  if (mine?.outcome === "shadowed") {
    return mine.shadowedBy?.startsWith("builtin:")
      ? { outcome: "builtin-kept", message: `keeps its built-in "${name}"; a file cannot override it` }
      : {
          outcome: "shadowed",
          message: `resolves "${name}" to ${mine.shadowedBy} instead`,
          ...(mine.shadowedBy ? { filePath: mine.shadowedBy } : {}),
        };
  }
  if (mine && mine.outcome !== "loaded")
    return { outcome: "not-loaded", message: `would not load it: ${mine.reason?.message ?? mine.outcome}` };
  if (mine && mine.id !== name) return { outcome: "renamed", message: `loads it as "${mine.id}"` };
  if (theirs?.filePath && copies.includes(theirs.filePath))
    return {
      outcome: "copy",
      message: `loads roster's copy of it, ${theirs.filePath}`,
      filePath: theirs.filePath,
    };
  if (theirs?.filePath)
    return {
      outcome: "other-file",
      message: `resolves "${name}" to ${theirs.filePath} instead`,
      filePath: theirs.filePath,
    };
  if (theirs) return { outcome: "builtin", message: `uses its built-in "${name}"` };
  return undefined;
}

/** What {@link otherToolsFor} and {@link reportWhy} need to ask each tool. */
export interface WhyOptions {
  /** The tools to compare with, in order (the app's family profiles); none: no comparison. */
  profiles?: readonly ToolProfile[];
  ctx: DiscoveryContext;
  /** Resolves the profiles' borrowed places. */
  registry?: ProviderRegistry;
  /** Also name this provider's definition of NAME, shadowed or not (`picked`; SPEC §16 `--provider`). */
  provider?: string;
  /**
   * The tool views prepared before `discovery` ran through their `ctx` ({@link prepareToolViews}):
   * each tool's view then takes the files the discovery read instead of reading them again.
   */
  views?: ToolViews;
}

/** Every tool that resolves NAME differently from the merged view `discovery`, in the profiles' order. */
export async function otherToolsFor(
  discovery: AgentDiscovery,
  name: string,
  options: WhyOptions,
): Promise<OtherTool[]> {
  const why = explainAgent(discovery, name);
  // What NAME names (a scoped id: that plugin's definition), as each tool is asked about NAME.
  const winner = why.asked;
  if (!winner) return [];
  const copies = why.copies.flatMap((c) => (c.filePath !== undefined ? [c.filePath] : []));
  const found: OtherTool[] = [];
  // Each tool's view keeps only what is about NAME, roster's winner and its copies.
  const focus = {
    ids: new Set([name]),
    files: new Set([...(winner.filePath ? [winner.filePath] : []), ...copies]),
  };
  const profiles = options.profiles ?? [];
  // Without views prepared beside a discovery, views about NAME alone: a file whose bytes
  // cannot hold it is passed unparsed where its tool allows (the same views, fewer parses).
  const views =
    options.views ??
    (await prepareToolViews(profiles, options.ctx, {
      ...(options.registry ? { registry: options.registry } : {}),
      about: name,
    }));
  for (const profile of profiles) {
    const v = await views.view(profile, { focus });
    const differs = differentResolution(v, name, winner, copies);
    if (differs) found.push({ tool: v.tool, displayName: v.displayName, ...differs });
  }
  return found;
}

/** The answer to "why does NAME resolve as it does": `roster why --json` and MCP `why_agent` alike. */
export interface WhyReport {
  name: string;
  /** The definition that wins the bare name (first wins, even for a scoped id); absent for a name nothing defines. */
  winner?: { name: string; source: string; provider: string; filePath?: string };
  /**
   * For a scoped id `<plugin>:<name>`: the definition it names, which `winner` shadows when
   * another definition wins the bare name (then it is among `shadowed`).
   */
  scoped?: ReturnType<typeof briefAgent>;
  /** Every place searched, in search order, with what it held for NAME. */
  candidates: ExplainCandidate[];
  /** Every definition of NAME the winner shadows, in search order. */
  shadowed: ReturnType<typeof briefAgent>[];
  /** The files roster wrote from the winner (sync, export): copies, never in its place (SPEC §16). */
  copies: ReturnType<typeof briefAgent>[];
  /** The records of the files that define (or tried to define) NAME ({@link fileRecordView}). */
  files: Record<string, unknown>[];
  /** The tools that would resolve NAME differently (`[]` when all agree or nothing wins). */
  otherTools: OtherTool[];
  /** For a name nothing defines: the closest names there are. */
  suggestions?: string[];
  /** With `provider`: that provider's definition of NAME (what `--provider` reaches), if it has one. */
  picked?: ReturnType<typeof briefAgent>;
}

/**
 * Explains NAME over one discovery as data: the places searched, the winner, the files of
 * the name and the tools that would resolve it differently. One function builds what
 * `roster why --json` prints and what the MCP server's `why_agent` answers.
 *
 * @example
 * const report = await reportWhy(discovery, "reviewer", { ctx, registry, profiles });
 */
export async function reportWhy(
  discovery: AgentDiscovery,
  name: string,
  options: WhyOptions,
): Promise<WhyReport> {
  const why = explainAgent(discovery, name);
  const report: WhyReport = {
    name,
    candidates: why.candidates.map((c) => ({ ...c })),
    shadowed: why.shadowed.map(briefAgent),
    copies: why.copies.map(briefAgent),
    files: why.files.map(fileRecordView),
    otherTools: [],
  };
  if (!why.winner) {
    report.suggestions = suggestNames(
      name,
      discovery.agents.map((a) => a.name),
    );
    return report;
  }
  // The winner right after the name, as a reader looks for it.
  const { name: _name, ...rest } = report;
  const picked =
    options.provider !== undefined ? getAgent(discovery, name, { provider: options.provider }) : undefined;
  return {
    name,
    winner: briefAgent(why.winner),
    ...(why.asked && why.asked.name !== name ? { scoped: briefAgent(why.asked) } : {}),
    ...(picked ? { picked: briefAgent(picked) } : {}),
    ...rest,
    otherTools: await otherToolsFor(discovery, name, options),
  };
}

/**
 * What `roster why NAME --json` prints of a report: the report; for a name nothing defines, with
 * the unknown-agent finding's text (`error`, among `names`, as every unknown name reads) and
 * code in it, and that text as `error` beside it for stderr.
 */
export function whyJson(
  report: WhyReport,
  names: readonly string[],
): { value: Record<string, unknown>; error?: string } {
  if (report.winner) return { value: { ...report } };
  const { message } = unknownNameText({ kind: "agent", name: report.name, names });
  return { value: { ...report, error: message, code: "cli/unknown-agent" }, error: message };
}
