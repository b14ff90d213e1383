// What `list` prints, from a discovery or from the stored listing: the filters, the JSON and the
// table. The app's `list` and the shortcut the bin takes before the app loads (list-fast.ts)
// both print through here, so their output is the same bytes.
import type { AgentSource, FileRecord } from "@roster/core";
import { fileRecordView } from "@roster/profiles";
import {
  count,
  descriptionLine,
  headedTable,
  type Output,
  oneLine,
  paint,
  printJson,
  printNames,
  sentenceLines,
  shortList,
  showPath,
} from "./output.js";

/** One file record as `--json` shows it: core's view, shared with MCP `why_agent`. */
export const fileView = fileRecordView;

/** Filters of `roster list`. */
export interface ListFlags {
  provider?: string;
  source?: string;
  /** Names only, one per line (what shell completion reads). */
  names?: boolean;
  /** Add one record per file looked at (`files`). */
  files?: boolean;
  /** Order the agents by name, source or provider (default: precedence). */
  sort?: string;
  /** Every column whole, even on a terminal. */
  wide?: boolean;
  /** WORD matches the prompts too (they are read: never from the stored listing). */
  fullText?: boolean;
}

export const SOURCES: readonly AgentSource[] = ["project", "user", "bundled"];

/** What `--sort` takes. */
export const SORT_KEYS = ["name", "source", "provider"] as const;

/** What `list` prints of one agent, from a discovery or from the stored listing. */
export interface AgentRow {
  name: string;
  description: string;
  source: string;
  provider: string;
  filePath?: string;
  disabled?: boolean;
  /** The files roster wrote from this agent (sync, export): its copies, never in its place. */
  copies?: string[];
  /** This agent is itself a file roster wrote whose source is gone (the next sync removes it). */
  copy?: true;
  /** The plugin it comes from (its name is what the SOURCE column shows). */
  plugin?: { name: string };
}

/** A filter value `list` does not have: what the app reports (the shortcut leaves it to the app). */
export interface FilterProblem {
  kind: "provider" | "source" | "sort key";
  flag: "--provider" | "--source" | "--sort";
  wanted: string;
  known: readonly string[];
}

/** The flags' filters, checked before anything is read (`providers`: the registry's ids). */
export function filterProblem(providers: readonly string[], flags: ListFlags): FilterProblem | undefined {
  if (flags.provider !== undefined && !providers.includes(flags.provider))
    return { kind: "provider", flag: "--provider", wanted: flags.provider, known: providers };
  if (flags.source !== undefined && !SOURCES.includes(flags.source as AgentSource))
    return { kind: "source", flag: "--source", wanted: flags.source, known: SOURCES };
  if (flags.sort !== undefined && !(SORT_KEYS as readonly string[]).includes(flags.sort))
    return { kind: "sort key", flag: "--sort", wanted: flags.sort, known: SORT_KEYS };
  return undefined;
}

/** What the SOURCE column shows: `project`, `user`, `bundled`, or the plugin's name. */
export function sourceOf(agent: Pick<AgentRow, "source" | "plugin">): string {
  return typeof agent.plugin?.name === "string" ? agent.plugin.name : agent.source;
}

/** The order `--sort source` gives: project, user, plugins (by name), bundled. */
const SOURCE_RANK: Readonly<Record<string, number>> = { project: 0, user: 1, bundled: 3 };

/** Text compared as people read a list: case aside first, then as written (a stable, locale-free order). */
function byText(a: string, b: string): number {
  const [x, y] = [a.toLowerCase(), b.toLowerCase()];
  return x < y ? -1 : x > y ? 1 : a < b ? -1 : a > b ? 1 : 0;
}

/** The agents in `--sort` order (a stable sort: ties keep precedence order); as they are without a key. */
export function sortAgents<T extends Pick<AgentRow, "name" | "source" | "provider" | "plugin">>(
  agents: readonly T[],
  key: string | undefined,
): T[] {
  if (key === undefined) return [...agents];
  const rank = (a: T) => (a.plugin ? 2 : (SOURCE_RANK[a.source] ?? 2));
  const compare: (a: T, b: T) => number =
    key === "source"
      ? (a, b) => rank(a) - rank(b) || byText(sourceOf(a), sourceOf(b)) || byText(a.name, b.name)
      : key === "provider"
        ? (a, b) => byText(a.provider, b.provider) || byText(a.name, b.name)
        : (a, b) => byText(a.name, b.name);
  return [...agents].sort(compare);
}

/**
 * The agents `list` shows: by provider, by source, and a word found in the name or
 * description — or, with `--full-text`, in the prompt (`inPrompt`: does agent `i`'s prompt
 * hold the word, lower-cased?).
 */
export function filterAgents(
  agents: readonly AgentRow[],
  flags: ListFlags,
  word?: string,
  inPrompt?: (index: number, needle: string) => boolean,
): AgentRow[] {
  const needle = word?.toLowerCase();
  return agents.filter(
    (a, i) =>
      (flags.provider === undefined || a.provider === flags.provider) &&
      (flags.source === undefined || a.source === flags.source) &&
      (needle === undefined ||
        a.name.toLowerCase().includes(needle) ||
        a.description.toLowerCase().includes(needle) ||
        inPrompt?.(i, needle) === true),
  );
}

/**
 * `list --json`'s whole output, which every `list` but `--files` can be printed from: the
 * agents' summaries (with `disabled`), the shadowed, the diagnostics (the config's first).
 */
export interface Listing {
  agents: AgentRow[];
  shadowed: unknown[];
  diagnostics: unknown[];
  /** The project's agents folder, `null` when there is none (SPEC §8 prints the key either way). */
  projectAgentsDir?: string | null;
}

/** The stored listing's JSON, when it has the shape `list` prints from (else discovery runs). */
export function parseListing(bytes: Buffer): Listing | undefined {
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString("utf8"));
  } catch {
    return undefined;
  }
  const listing = value as Partial<Listing> | null;
  const text = (v: unknown) => typeof v === "string";
  if (
    !listing ||
    !Array.isArray(listing.agents) ||
    !Array.isArray(listing.shadowed) ||
    !Array.isArray(listing.diagnostics) ||
    !listing.agents.every(
      (a) => a && text(a.name) && text(a.description) && text(a.source) && text(a.provider),
    )
  )
    return undefined;
  return listing as Listing;
}

/** True when `list` prints the whole listing as JSON (no word, filter or `--names`): the stored bytes as they are. */
export function printsWhole(o: Pick<Output, "json">, flags: ListFlags, word: string | undefined): boolean {
  return (
    o.json &&
    word === undefined &&
    !flags.names &&
    !flags.files &&
    !flags.provider &&
    !flags.source &&
    flags.sort === undefined
  );
}

/**
 * Prints a `list` from the stored listing's bytes: as they are for the whole JSON, else parsed
 * and printed as {@link printListing} does. `undefined` (nothing printed) when the bytes have
 * not the shape `list` prints from: the caller reads the files instead.
 */
export function printStored(
  o: Output,
  bytes: Buffer,
  flags: ListFlags,
  word: string | undefined,
  configNotes: number,
): number | undefined {
  if (printsWhole(o, flags, word)) {
    o.stream(bytes);
    return 0;
  }
  const listing = parseListing(bytes);
  return listing ? printListing(o, listing, flags, word, configNotes) : undefined;
}

/**
 * What `list` prints of a listing: JSON, names or the table, filtered by the flags.
 * `configNotes` is how many of the listing's diagnostics are the config's (listed first, and
 * not counted in the table's footer); `files`, with `--files`, the records of every file.
 */
export function printListing(
  o: Output,
  listing: Listing,
  flags: ListFlags,
  word: string | undefined,
  configNotes: number,
  files?: readonly FileRecord[],
  inPrompt?: (index: number, needle: string) => boolean,
): number {
  const agents = sortAgents(filterAgents(listing.agents, flags, word, inPrompt), flags.sort);
  if (flags.names) {
    printNames(
      o,
      agents.map((a) => a.name),
    );
    return 0;
  }
  if (o.json) {
    printJson(o, {
      agents,
      shadowed: listing.shadowed,
      diagnostics: listing.diagnostics,
      projectAgentsDir: listing.projectAgentsDir ?? null,
      ...(files ? { files: files.map(fileView) } : {}),
    });
    return 0;
  }
  const rows = agents.map((a) => [
    a.disabled ? paint(o, "dim", `${a.name} (disabled)`) : paint(o, "bold", a.name),
    sourceOf(a),
    a.provider,
    showPath(o, a.filePath),
    descriptionLine(a.description),
  ]);
  // --wide: every column whole, as piped output has them.
  const fit = flags.wide ? { columns: undefined } : o;
  if (rows.length > 0) {
    // On a narrow terminal the file goes first, then the provider; the SOURCE stays (it says
    // project, user or which plugin) and is cut, from its end, before the name is.
    o.out(
      headedTable(fit, ["NAME", "SOURCE", "PROVIDER", "FILE", "DESCRIPTION"], rows, {
        keepEnd: [3],
        cutFirst: [1],
        drop: [3, 2],
        grow: 4,
      }),
    );
    o.out("");
  }
  if (files) {
    const fileRows = files.map((f) => [
      f.outcome,
      f.provider,
      showPath(o, f.path),
      f.outcome === "shadowed"
        ? `by ${showPath(o, f.shadowedBy)}`
        : f.outcome === "copy"
          ? `roster's copy of ${showPath(o, f.copyOf)}`
          : f.outcome === "skipped"
            ? `${f.reason.code}: ${oneLine(f.reason.message)}`
            : "",
    ]);
    o.out(headedTable(fit, ["OUTCOME", "PROVIDER", "FILE", "WHY"], fileRows, { keepEnd: [2] }));
    o.out("");
  }
  // The problems found reading agent files: the listing's diagnostics, less the config's (listed
  // first) and the notes (`info`: a README beside the agents). `doctor` counts the same number
  // among its errors and warnings ("N of them from reading agent files"; its `readingAgentFiles`).
  const found = listing.diagnostics
    .slice(configNotes)
    .filter((d) => (d as { severity?: unknown }).severity !== "info").length;
  const notes: string[] = [];
  // The shadowed by name (each once), so `roster why NAME` can be typed from the line.
  const shadowed = [
    ...new Set(
      listing.shadowed.map((s) => (s as { name?: unknown }).name).filter((n) => typeof n === "string"),
    ),
  ] as string[];
  if (shadowed.length > 0) notes.push(`shadowed: ${shortList(shadowed)} (roster why NAME)`);
  // roster's own copies (sync, export) stand under their sources: counted, never listed as agents.
  const copies = agents.reduce((n, a) => n + (Array.isArray(a.copies) ? a.copies.length : 0), 0);
  if (copies > 0) notes.push(`${count(copies, "copy", "copies")} roster wrote, under their sources`);
  if (found > 0) notes.push(`${count(found, "problem")} reading agent files (roster doctor)`);
  const agentCount =
    agents.length === listing.agents.length
      ? count(agents.length, "agent")
      : `${agents.length} of ${count(listing.agents.length, "agent")}`;
  // On a terminal the footer wraps at spaces, as doctor's totals do; piped, it is one line.
  for (const piece of sentenceLines(o, `${agentCount}${notes.length ? `; ${notes.join("; ")}` : ""}`))
    o.out(paint(o, "dim", piece));
  return 0;
}
