import {
  type AgentDefinition,
  type AgentDiscovery,
  type FileRecord,
  getAgent,
  type Location,
  type LocationStatus,
  type Scope,
  type SkipReason,
} from "@roster/core";

/** What one searched place held for the name asked about. */
export type CandidateOutcome = "winner" | "shadowed" | "copy" | "skipped" | "absent" | LocationStatus;

/**
 * What each outcome of a searched place means, in one line (the legend under `roster why`).
 * Also the places of a tool's own view (`why --as`), which adds `rejected` and `ignored`.
 */
export const OUTCOME_MEANINGS: Readonly<Record<CandidateOutcome | "rejected" | "ignored", string>> = {
  winner: "the definition used",
  shadowed: "a definition of the name that one above it overrides",
  copy: "a file roster wrote (sync, export) from the winner: listed under it, never in its place",
  skipped: "a file of the name that did not load (the reason is beside it)",
  absent: "searched: no file of the name there",
  read: "searched",
  missing: "the folder does not exist",
  unreadable: "the folder could not be opened",
  untrusted: "not read: project folders are skipped here (--no-project, or the tool's trust)",
  "not-a-directory": "not read: the path is a file, not a folder",
  "outside-root": "not read: it leads outside the folder it belongs to (a link)",
  rejected: "a file of the name the tool refuses (the reason is below)",
  ignored: "a file of the name the tool would load but does not here",
};

/** An agent in a few fields, as `why --json` names the winner and each definition it shadows. */
export function briefAgent(agent: AgentDefinition): {
  name: string;
  source: AgentDefinition["source"];
  provider: string;
  filePath?: string;
} {
  return {
    name: agent.name,
    source: agent.source,
    provider: agent.provider,
    ...(agent.filePath !== undefined ? { filePath: agent.filePath } : {}),
  };
}

/** One place searched, in search order. */
export interface ExplainCandidate {
  /** The folder searched, or `provider:<id>` for items a provider loads itself. */
  location: string;
  scope: Scope | "bundled";
  provider: string;
  /** The file that defines the name there, when one does. */
  filePath?: string;
  outcome: CandidateOutcome;
  /** Why a file that names the agent was skipped. */
  reason?: Pick<SkipReason, "code" | "message">;
  /** For a `copy`: the file (or provider) of the definition it was written from. */
  copyOf?: string;
  /**
   * For a `shadowed` file beaten by a file of the same folder: the file read first there, and
   * why it comes first (within one folder files are read in code-unit order of their path
   * below it, sub-folders included: `ahk/code-reviewer.md` before `code-reviewer.md`).
   */
  sameFolder?: { first: string; message: string };
}

/** Why an agent resolves as it does (the data `roster why` prints). */
export interface AgentExplanation {
  name: string;
  /** The definition the bare name resolves to (first wins, SPEC §5), even when NAME is a scoped id. */
  winner: AgentDefinition | null;
  /**
   * The definition NAME names: the winner, or for a scoped id `<plugin>:<name>` that plugin's
   * definition, which may be shadowed by the bare name's winner (SPEC §5 `getAgent`).
   */
  asked: AgentDefinition | null;
  candidates: ExplainCandidate[];
  shadowed: AgentDefinition[];
  /** The files roster wrote from the winner (sync, export), in search order: never in its place. */
  copies: AgentDefinition[];
  /** The records of every file that defines (or tried to define) the name, in search order. */
  files: FileRecord[];
}

/** True when two locations name the same place (folder, scope and plugin). */
function sameLocation(a: Location | undefined, b: Location): boolean {
  if (a === b) return true;
  return a !== undefined && a.dir === b.dir && a.scope === b.scope && a.plugin?.id === b.plugin?.id;
}

/** `/`-separated path of `file` below `dir`. */
function below(dir: string, file: string): string {
  return file.startsWith(`${dir}/`) ? file.slice(dir.length + 1) : file;
}

/**
 * Why `first` beats `record` in the same folder: first wins, and within one folder the files
 * are read in code-unit order of their path below it (SPEC §5 step 2), sub-folders included.
 */
function sameFolderOrder(record: FileRecord, first: FileRecord): ExplainCandidate["sameFolder"] {
  const dir = record.location!.dir;
  const a = below(dir, first.path);
  const b = below(dir, record.path);
  return {
    first: first.path,
    message: `${a} is read before ${b} (within one folder, files are read in code-unit order of their path below it, sub-folders included), and the first definition wins`,
  };
}

/**
 * Explains a name over a discovery: every location searched in order, which files there
 * define it (winner, shadowed, or skipped with the reason), the winner and what it
 * shadows. A location with no file of the name is `absent` (or says why it was not
 * read: `missing`, `untrusted`, `outside-root`, …). A scoped id `<plugin>:<name>` keeps the
 * real order: the bare name's winner is the `winner`, the plugin's definition is `asked`.
 */
export function explainAgent(discovery: AgentDiscovery, name: string): AgentExplanation {
  const asked = getAgent(discovery, name) ?? null;
  // A scoped id names one plugin's definition; the bare name still follows first-wins.
  const winner = asked && asked.name !== name ? (getAgent(discovery, asked.name) ?? asked) : asked;
  const target = winner?.name ?? name;
  const defining = [...discovery.agents, ...discovery.shadowed.map((s) => s.agent)].filter(
    (agent) => agent.name === target || agent === winner,
  );
  // The records of the name: one per file (two bundled agents may share one embedded file).
  const files = discovery.files.filter((record) => "name" in record && record.name === target);
  const recordsAt = new Map<string, FileRecord[]>();
  for (const record of files) {
    const at = recordsAt.get(record.path);
    if (at) at.push(record);
    else recordsAt.set(record.path, [record]);
  }
  const outcomeOf = (record: FileRecord): ExplainCandidate["outcome"] => {
    if (record.outcome === "skipped") return "skipped";
    if (record.outcome === "copy") return "copy";
    const agent = defining.find((a) => (a.filePath ?? `provider:${a.provider}`) === record.path);
    return agent === winner ? "winner" : "shadowed";
  };
  const candidate = (base: Omit<ExplainCandidate, "outcome">, record: FileRecord): ExplainCandidate => {
    const c: ExplainCandidate = { ...base, filePath: record.path, outcome: outcomeOf(record) };
    if (record.outcome === "skipped") c.reason = { code: record.reason.code, message: record.reason.message };
    if (record.outcome === "copy") c.copyOf = record.copyOf;
    if (record.outcome === "shadowed" && record.location) {
      const first = recordsAt
        .get(record.shadowedBy)
        ?.find((r) => r.location && sameLocation(r.location, record.location!));
      if (first) c.sameFolder = sameFolderOrder(record, first);
    }
    return c;
  };

  const candidates: ExplainCandidate[] = [];
  const placed = new Set<FileRecord>();
  for (const searched of discovery.searched) {
    const base = {
      location: searched.location.dir,
      scope: searched.location.scope,
      provider: searched.provider,
    };
    // By value: a cached merge keeps the records of an earlier read, whose location objects
    // are not this read's.
    const here = searched.files
      .flatMap((file) => recordsAt.get(file) ?? [])
      .filter((r) => r.provider === searched.provider && sameLocation(r.location, searched.location));
    if (here.length === 0) {
      candidates.push({ ...base, outcome: searched.status === "read" ? "absent" : searched.status });
      continue;
    }
    for (const record of here) {
      placed.add(record);
      candidates.push(candidate(base, record));
    }
  }
  // Items providers load themselves (bundled) come last, as in the merge.
  for (const record of files) {
    if (placed.has(record)) continue;
    candidates.push(
      candidate(
        { location: `provider:${record.provider}`, scope: record.scope, provider: record.provider },
        record,
      ),
    );
  }
  return {
    name,
    winner,
    asked,
    candidates,
    shadowed: defining.filter((agent) => agent !== winner),
    copies: asked ? copiesOf(discovery, asked) : [],
    files,
  };
}

/**
 * The files roster wrote from `agent` (sync, export), in search order: the copies of its
 * name that stand under it (SPEC §16).
 */
export function copiesOf(
  discovery: Pick<AgentDiscovery, "copies">,
  agent: Pick<AgentDefinition, "filePath" | "provider">,
): AgentDefinition[] {
  // One agent: a pass over the copies (what MCP's show_agent asks each call), not a grouping.
  const id = originalId(agent);
  return discovery.copies.filter((c) => c.copyOf === id).map((c) => c.agent);
}

/** What a copy names as its source (`copyOf`): the agent's file, or its provider. */
function originalId(agent: Pick<AgentDefinition, "filePath" | "provider">): string {
  return agent.filePath ?? agent.provider;
}

/**
 * {@link copiesOf} for many agents of one discovery: the copies are grouped once, so asking
 * for every agent of a synced tree (thousands of copies) is linear, not agents × copies.
 * The answer for each agent is {@link copiesOf}'s; each call gives a fresh array.
 *
 * @example const copiesOfAgent = copiesByOriginal(d); d.agents.map(copiesOfAgent)
 */
export function copiesByOriginal(
  discovery: Pick<AgentDiscovery, "copies">,
): (agent: Pick<AgentDefinition, "filePath" | "provider">) => AgentDefinition[] {
  const byOriginal = new Map<string, AgentDefinition[]>();
  for (const { copyOf, agent } of discovery.copies) {
    if (copyOf === undefined) continue;
    const group = byOriginal.get(copyOf);
    if (group) group.push(agent);
    else byOriginal.set(copyOf, [agent]);
  }
  return (agent) => [...(byOriginal.get(originalId(agent)) ?? [])];
}
