// The listing `roster list` shows: its rows (one agent each), the filters and orders the flags
// ask for, and what its footer counts. Pure data, shared by every path that prints a listing
// (the app's `list` and the bin's shortcut) and by MCP; the CLI draws it.
import type { AgentSource } from "@roster/core";

/** What a listing is filtered and ordered by (`list --provider --source --sort`). */
export interface ListFilters {
  /** Only agents of this provider. */
  provider?: string;
  /** Only agents of this source (`project`, `user`, `bundled`). */
  source?: string;
  /** Order by name, source or provider (default: precedence). */
  sort?: string;
}

/** The sources `--source` takes. */
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
export function filterProblem(providers: readonly string[], flags: ListFilters): FilterProblem | undefined {
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
  flags: ListFilters,
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

/** What {@link selectListing} answers: the agents to show, in order, and what the footer counts. */
export interface ListingSelection {
  /** The agents filtered and sorted. */
  agents: AgentRow[];
  /** How many agents the whole listing has. */
  total: number;
  /** The shadowed agents' names, each once, in order (so `roster why NAME` can be typed). */
  shadowed: string[];
  /** How many files roster wrote (sync, export) from the agents shown. */
  copies: number;
  /** The problems found reading agent files: the diagnostics, less the config's and the notes. */
  problems: number;
}

/**
 * The agents `list` shows of a listing and what its footer counts. `configNotes`: how many of
 * the listing's diagnostics are the config's (listed first, not counted as problems reading
 * agent files); `inPrompt` as {@link filterAgents} takes it.
 *
 * @example selectListing(listing, { filters: { sort: "name" }, word: "review", configNotes: 0 }).agents
 */
export function selectListing(
  listing: Listing,
  options: {
    filters: ListFilters;
    word?: string | undefined;
    configNotes: number;
    inPrompt?: ((index: number, needle: string) => boolean) | undefined;
  },
): ListingSelection {
  const agents = sortAgents(
    filterAgents(listing.agents, options.filters, options.word, options.inPrompt),
    options.filters.sort,
  );
  // `doctor` counts the same number among its errors and warnings ("N of them from reading
  // agent files"; its `readingAgentFiles`): a note (`info`: a README beside the agents) is none.
  const problems = listing.diagnostics
    .slice(options.configNotes)
    .filter((d) => (d as { severity?: unknown }).severity !== "info").length;
  const shadowed = [
    ...new Set(
      listing.shadowed.map((s) => (s as { name?: unknown }).name).filter((n) => typeof n === "string"),
    ),
  ] as string[];
  // roster's own copies (sync, export) stand under their sources: counted, never listed as agents.
  const copies = agents.reduce((n, a) => n + (Array.isArray(a.copies) ? a.copies.length : 0), 0);
  return { agents, total: listing.agents.length, shadowed, copies, problems };
}

/**
 * True when a `list` shows its listing whole: no word, no filter, no order, not names only,
 * no file records. Its JSON is then the stored listing's bytes as they are.
 */
export function showsWhole(
  filters: ListFilters & { names?: boolean; files?: boolean },
  word: string | undefined,
): boolean {
  return (
    word === undefined &&
    !filters.names &&
    !filters.files &&
    !filters.provider &&
    !filters.source &&
    filters.sort === undefined
  );
}
