import { hasRosterMarker, nameProblem } from "@roster/frontmatter";
import { agentFieldsProblem, checkedAgentFields } from "./agent-fields.js";
import { deferPrompt, deferredOf } from "./deferred-body.js";
import type { DiscoveryCache } from "./discovery-cache.js";
import { deepFreeze } from "./freeze.js";
import type { SourcesStat } from "./look.js";
import { type Interpretation, mergeSources, type ReadableSource } from "./merge-sources.js";
import { readSources, type SearchedLocation, type SourcesRead, siftFor } from "./read-sources.js";
import type { ProviderRegistry } from "./registry.js";
import type {
  AgentDefinition,
  Diagnostic,
  DiscoveryContext,
  FileRecord,
  ParsedFrontmatter,
  PluginInfo,
} from "./types.js";

/** A definition that lost to another of the same name. */
export interface ShadowedAgent {
  agent: AgentDefinition;
  /** The file (or `embedded:` id) of the winner. */
  shadowedBy: string;
}

/** A file roster wrote (export, sync) from another definition: a copy (SPEC §16). */
export interface AgentCopy {
  agent: AgentDefinition;
  /**
   * The file (or `embedded:` id) of the definition of its name it stands under. Absent when
   * nothing else defines the name (its source is gone): the copy then loads, last of all.
   */
  copyOf?: string;
}

/** The result of {@link discoverAgents}. Every agent and record in it is frozen. */
export interface AgentDiscovery {
  /** The merged agents, in precedence order. */
  agents: AgentDefinition[];
  shadowed: ShadowedAgent[];
  /**
   * Every file roster wrote (a `generated-by: roster` key, or listed in its folder's
   * `.roster-sync.json`), in search order. A copy never outranks or shadows a definition: it
   * is not in `agents` or `shadowed` while its name has another definition.
   */
  copies: AgentCopy[];
  diagnostics: Diagnostic[];
  /** The first project-scope location found, or `null`. */
  projectAgentsDir: string | null;
  /** Changes whenever the merged result would change. */
  fingerprint: string;
  /** Every location searched, in order (for `why` and `doctor`). */
  searched: SearchedLocation[];
  /** One record per file looked at (and per provider-loaded item), in search order. */
  files: FileRecord[];
  /**
   * With `look: true`: the stat-only look (`statSources`) at the files as they were read. A
   * later `statSources` giving the same fingerprint means the same files, unchanged.
   */
  look?: SourcesStat;
}

/** Options of {@link discoverAgents}. */
export interface DiscoverOptions {
  /** Reuse what an earlier discovery read when it is unchanged. */
  cache?: DiscoveryCache;
  /**
   * `on-demand`: a markdown agent's system prompt is read from its file when first asked
   * for, so a listing that never shows one never decodes one (a file changed in between:
   * its record gains `load/changed-after-read`). `none`: never read; every system prompt is
   * "" (a listing, which shows none: fewer objects per file). Default `now`: read with the
   * frontmatter.
   */
  bodies?: "now" | "on-demand" | "none";
  /** Also give the stat-only look at the files read (`AgentDiscovery.look`), for storing a result. */
  look?: boolean;
  /**
   * `false`: no record per file (`files` is empty), for a caller that shows none (a listing);
   * agents, shadowed agents and diagnostics are the same. With a cache, records are always
   * made (the merge it keeps serves every caller).
   */
  records?: boolean;
  /** `why NAME`: parse only files that may define this name (`mayHoldName`); the rest
   * are stat'ed and get no record: other names may be missing. Not with a cache. */
  about?: string;
}

function withFile(diagnostic: Diagnostic, filePath: string | undefined): Diagnostic {
  return filePath && diagnostic.filePath === undefined ? { ...diagnostic, filePath } : diagnostic;
}

/** Where an agent comes from, besides its fields. */
type AgentMeta = Pick<AgentDefinition, "source" | "provider" | "filePath" | "plugin">;

/**
 * Builds one agent from parsed fields, or reports why it cannot (pushing a diagnostic).
 * For providers that build agents themselves (bundled); discovery uses the same rules.
 */
export function agentFromParsed(
  parsed: Pick<ParsedFrontmatter, "frontmatter" | "body">,
  meta: AgentMeta,
  diagnostics: Diagnostic[],
): AgentDefinition | undefined {
  const problem = agentFieldsProblem(parsed.frontmatter);
  if (problem) {
    diagnostics.push(withFile({ ...problem, message: `skipped: ${problem.message}` }, meta.filePath));
    return undefined;
  }
  return checkedAgent(parsed, meta, diagnostics);
}

/** {@link agentFromParsed} of a frontmatter already checked: name and description are usable. */
function checkedAgent(
  parsed: Pick<ParsedFrontmatter, "frontmatter" | "body">,
  meta: AgentMeta,
  diagnostics: Diagnostic[],
): AgentDefinition {
  const fieldDiagnostics: Diagnostic[] = [];
  const fields = checkedAgentFields(parsed.frontmatter, fieldDiagnostics);
  for (const d of fieldDiagnostics) diagnostics.push(withFile(d, meta.filePath));
  const odd = nameProblem(fields.name);
  if (odd) {
    diagnostics.push(
      withFile(
        {
          severity: "warning",
          code: "agent/suspicious-name",
          message: `agent name ${JSON.stringify(fields.name)} ${odd}; loaded as written`,
          hint: "rename the agent; lookups need the exact name, invisible characters included",
        },
        meta.filePath,
      ),
    );
  }
  // A deferred body stays deferred: the agent's prompt reads it on first access. Added as a
  // new property in the same place as the string would be (objects keep one fast shape).
  const deferred = deferredOf(parsed);
  // The fields are this agent's own (made just now): completed in place, not copied.
  const agent = fields as AgentDefinition;
  if (deferred) deferPrompt(agent, deferred);
  else agent.systemPrompt = parsed.body;
  agent.source = meta.source;
  agent.provider = meta.provider;
  if (meta.filePath !== undefined) agent.filePath = meta.filePath;
  if (meta.plugin) agent.plugin = meta.plugin;
  return agent;
}

const NO_DIAGNOSTICS: readonly Diagnostic[] = Object.freeze([]);

/** The format's own complaint, when it had one: it explains a skip better than a missing field. */
function formatComplaint(diagnostics: readonly Diagnostic[]): Diagnostic | undefined {
  return diagnostics.find((d) => d.severity !== "info" && d.code !== "load/invalid-utf8");
}

/** Interprets fields as an agent: a definition, a skip with its one reason, or documentation. */
function interpretAgent(
  parsed: Pick<ParsedFrontmatter, "frontmatter" | "body" | "diagnostics">,
  meta: AgentMeta,
  options: { documentation: boolean },
): Interpretation<AgentDefinition> {
  const diagnostics = parsed.diagnostics.map((d) => withFile(d, meta.filePath));
  const problem = agentFieldsProblem(parsed.frontmatter);
  if (problem) {
    const complaint = formatComplaint(diagnostics);
    if (complaint) return { kind: "skipped", reason: complaint, diagnostics };
    if (options.documentation && Object.keys(parsed.frontmatter).length === 0) {
      const note = withFile(
        {
          severity: "info",
          code: "agent/not-an-agent",
          message: "no frontmatter and no name: read as documentation, not as an agent",
        },
        meta.filePath,
      );
      return { kind: "not-an-agent", diagnostics: [...diagnostics, note] };
    }
    const reason = withFile(
      {
        ...problem,
        message: `skipped: ${problem.message}`,
        hint: 'add "name:" and "description:" lines to the frontmatter',
      },
      meta.filePath,
    );
    const name = parsed.frontmatter.name;
    const skip: Interpretation<AgentDefinition> = {
      kind: "skipped",
      reason,
      diagnostics: [...diagnostics, reason],
    };
    if (typeof name === "string" && name.trim() !== "") skip.name = name;
    return skip;
  }
  const agent = checkedAgent(parsed, meta, diagnostics);
  // Most files have nothing to say: they share one frozen empty list.
  const said = diagnostics.length > 0 ? diagnostics : NO_DIAGNOSTICS;
  return { kind: "definition", value: deepFreeze(agent, "systemPrompt"), diagnostics: said };
}

function pluginKey(plugin: PluginInfo | undefined): string {
  return plugin ? `${plugin.id}\0${plugin.name}\0${plugin.marketplace}\0${plugin.version}` : "";
}

export function interpret(
  source: ReadableSource,
  cache: DiscoveryCache | undefined,
): Interpretation<AgentDefinition> {
  if (source.kind === "item") {
    const { item, provider } = source;
    const meta = { source: item.source ?? "bundled", provider, filePath: item.filePath, plugin: item.plugin };
    return interpretAgent({ ...item, diagnostics: [] }, meta, { documentation: false });
  }
  const { location } = source;
  const meta = {
    source: location.scope,
    provider: source.provider,
    filePath: source.filePath,
    plugin: location.plugin,
  };
  if (!cache) return interpretAgent(source.parsed, meta, { documentation: true });
  const build = () => interpretAgent(source.parsed, meta, { documentation: true });
  // An unchanged file hands back the same parse object: its agent is not rebuilt either.
  const key = `${source.provider}\0${location.scope}\0${source.filePath}\0${pluginKey(location.plugin)}`;
  return cache.build(source.parsed, key, build);
}

/** Is this a file roster wrote (a copy; a string: written under another name, its agent's)? Read from its own fields and its folder's manifest. */
export function isCopy(source: ReadableSource): boolean | string {
  return source.kind === "file" && (source.listed ?? hasRosterMarker(source.parsed.frontmatter));
}

/** Everything decided by one read: reused whole while nothing that decides it changed. */
type Merged = Omit<AgentDiscovery, "searched">;

function mergeAgents(read: SourcesRead, cache: DiscoveryCache | undefined, records: boolean): Merged {
  const merged = mergeSources<AgentDefinition>({
    read,
    kind: "agents",
    interpret: (source) => interpret(source, cache),
    idOf: (winner) => winner.filePath ?? winner.provider,
    // Read from the file's own fields and its folder's manifest, as the writer marked it.
    isCopy,
    records,
  });
  const project = read.searched.find((s) => s.location.scope === "project" && s.status === "read");
  return {
    agents: merged.winners,
    shadowed: merged.shadowed.map(({ item, shadowedBy }) => Object.freeze({ agent: item, shadowedBy })),
    copies: merged.copies.map(({ item, copyOf }) =>
      Object.freeze(copyOf !== undefined ? { agent: item, copyOf } : { agent: item }),
    ),
    diagnostics: merged.diagnostics,
    files: merged.files,
    projectAgentsDir: project ? project.location.dir : null,
    fingerprint: read.fingerprint,
  };
}

/**
 * Discovers every agent the registry's providers know of and merges them (SPEC §5):
 * locations in registry order, then `load` items; the first definition of an exact
 * name wins and every loser is listed in `shadowed`; every file gets a record in `files`.
 * Agents and records are frozen, and each call hands out fresh arrays.
 *
 * @example
 * const { agents, shadowed, files } = await discoverAgents(registry, { cwd, home, env: process.env });
 */
export async function discoverAgents(
  registry: ProviderRegistry,
  ctx: DiscoveryContext,
  options: DiscoverOptions = {},
): Promise<AgentDiscovery> {
  const { cache } = options;
  const read = await readSources(registry, ctx, {
    kind: "agents",
    cache,
    bodies: options.bodies,
    look: options.look,
    sift: options.about === undefined || cache ? undefined : siftFor(options.about),
  });
  const build = () => mergeAgents(read, cache, cache ? true : options.records !== false);
  // The parse objects, by identity: a file re-read without a visible stat change (a racy
  // timestamp) yields a new one, and the merge must then be redone.
  const inputs = read.sources.map((s) => (s.kind === "file" ? s.parsed : s.kind));
  const merged = cache
    ? cache.merge("agents", { owner: registry, fingerprint: read.fingerprint, inputs }, build)
    : build();
  const discovery: AgentDiscovery = {
    ...merged,
    agents: [...merged.agents],
    shadowed: [...merged.shadowed],
    copies: [...merged.copies],
    diagnostics: [...merged.diagnostics],
    files: [...merged.files],
    searched: read.searched,
  };
  if (read.look) discovery.look = read.look;
  return discovery;
}
