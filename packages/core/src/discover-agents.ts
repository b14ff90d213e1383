import { agentFieldsProblem, parseAgentFields } from "./agent-fields.js";
import type { DiscoveryCache } from "./discovery-cache.js";
import { nameProblem } from "./names.js";
import type { ParseIndex } from "./parsed-record.js";
import { type LocatedFile, readLocations, type SearchedLocation } from "./read-locations.js";
import type { ProviderRegistry } from "./registry.js";
import type {
  AgentDefinition,
  Diagnostic,
  DiscoveryContext,
  FormatParse,
  ParsedFrontmatter,
} from "./types.js";

/** A definition that lost to another of the same name. */
export interface ShadowedAgent {
  agent: AgentDefinition;
  /** The file (or `embedded:` id) of the winner. */
  shadowedBy: string;
}

/** The result of {@link discoverAgents}. */
export interface AgentDiscovery {
  /** The merged agents, in precedence order. */
  agents: AgentDefinition[];
  shadowed: ShadowedAgent[];
  diagnostics: Diagnostic[];
  /** The first project-scope location found, or `null`. */
  projectAgentsDir: string | null;
  /** Changes whenever the merged result would change. */
  fingerprint: string;
  /** Every location searched, in order (for `why` and `doctor`). */
  searched: SearchedLocation[];
}

/** Options of {@link discoverAgents}. */
export interface DiscoverOptions {
  /** Reuse what an earlier discovery read when it is unchanged. */
  cache?: DiscoveryCache;
  /** A persistent index of parses: files whose stat it vouches for are not read. */
  index?: ParseIndex;
}

function withFile(diagnostic: Diagnostic, filePath: string | undefined): Diagnostic {
  return filePath && diagnostic.filePath === undefined ? { ...diagnostic, filePath } : diagnostic;
}

/**
 * Builds one agent from parsed fields, or reports why it cannot.
 * Exported for providers and tests; discovery uses it for every file and loaded item.
 */
export function agentFromParsed(
  parsed: Pick<ParsedFrontmatter, "frontmatter" | "body">,
  meta: Pick<AgentDefinition, "source" | "provider" | "filePath" | "plugin">,
  diagnostics: Diagnostic[],
): AgentDefinition | undefined {
  const problem = agentFieldsProblem(parsed.frontmatter);
  if (problem) {
    diagnostics.push(withFile({ ...problem, message: `skipped: ${problem.message}` }, meta.filePath));
    return undefined;
  }
  const fieldDiagnostics: Diagnostic[] = [];
  const fields = parseAgentFields(parsed.frontmatter, fieldDiagnostics)!;
  for (const d of fieldDiagnostics) diagnostics.push(withFile(d, meta.filePath));
  const odd = nameProblem(fields.name);
  if (odd) {
    diagnostics.push(
      withFile(
        {
          severity: "warning",
          code: "agent/suspicious-name",
          message: `agent name ${JSON.stringify(fields.name)} ${odd}; loaded as written`,
        },
        meta.filePath,
      ),
    );
  }
  // The fields object becomes the agent (no copy). The prompt is read when first asked for
  // (a file's body may still be on disk): an accessor in the prompt's usual place among the
  // keys, so JSON of the agent is unchanged. (An accessor written in an object literal after
  // a spread would land after the data properties in V8.)
  const agent = fields as AgentDefinition;
  let prompt: string | undefined;
  Object.defineProperty(agent, "systemPrompt", {
    get: () => {
      prompt ??= parsed.body;
      return prompt;
    },
    set: (value: string) => {
      prompt = value;
    },
    enumerable: true,
    configurable: true,
  });
  agent.source = meta.source;
  agent.provider = meta.provider;
  if (meta.filePath !== undefined) agent.filePath = meta.filePath;
  if (meta.plugin) agent.plugin = meta.plugin;
  return agent;
}

interface Built {
  key: string;
  agent: AgentDefinition | undefined;
  diagnostics: Diagnostic[];
}

/**
 * Agents built from a parsed file, per parse result: a cached (unchanged) file hands back
 * the same parsed object, so a warm rediscovery does not rebuild its agent either.
 */
const builtAgents = new WeakMap<ParsedFrontmatter, Built>();

/** The last merge done through a cache, reused while the fingerprint is unchanged. */
const lastMerge = new WeakMap<
  DiscoveryCache,
  { registry: ProviderRegistry; readKey: string; result: AgentDiscovery }
>();

function buildOnce(file: LocatedFile, memo: boolean): Built {
  const plugin = file.location.plugin;
  // Without a cache nothing is built twice: no memo key, no memo entry.
  const key = memo
    ? `${file.provider}\0${file.location.scope}\0${file.filePath}\0${plugin ? JSON.stringify(plugin) : ""}`
    : "";
  const cached = memo ? builtAgents.get(file.parsed) : undefined;
  if (cached && cached.key === key) return cached;
  const diagnostics = file.parsed.diagnostics.map((d) => withFile(d, file.filePath));
  let agent: AgentDefinition | undefined;
  // A format that found the file unusable said so with an error diagnostic.
  const skip = (file.parsed as FormatParse).skip === true;
  if (!skip && !file.parsed.diagnostics.some((d) => d.severity === "error")) {
    const meta = { source: file.location.scope, provider: file.provider, filePath: file.filePath, plugin };
    agent = agentFromParsed(file.parsed, meta, diagnostics);
  }
  const built = { key, agent, diagnostics };
  if (memo) builtAgents.set(file.parsed, built);
  return built;
}

/**
 * Discovers every agent the registry's providers know of and merges them (SPEC §5):
 * locations in registry order, then `load` items; the first definition of an exact
 * name wins and every loser is listed in `shadowed`.
 *
 * @example
 * const { agents, shadowed } = await discoverAgents(registry, { cwd, home, env: process.env });
 */
export async function discoverAgents(
  registry: ProviderRegistry,
  ctx: DiscoveryContext,
  options: DiscoverOptions = {},
): Promise<AgentDiscovery> {
  const parsesBefore = options.cache?.stats.parses;
  const read = await readLocations(registry, ctx, "agents", { cache: options.cache, index: options.index });
  // Same registry, same fingerprint, nothing re-parsed (a racy file may be re-read with an
  // unchanged stat) and the same provider diagnostics: the merge would repeat itself.
  const memo = options.cache ? lastMerge.get(options.cache) : undefined;
  const readKey = read.diagnostics.length === 0 ? "" : JSON.stringify(read.diagnostics);
  if (
    memo &&
    memo.registry === registry &&
    memo.readKey === readKey &&
    memo.result.fingerprint === read.fingerprint &&
    options.cache?.stats.parses === parsesBefore
  ) {
    const last = memo.result;
    return {
      ...last,
      agents: [...last.agents],
      shadowed: [...last.shadowed],
      diagnostics: [...last.diagnostics],
      searched: read.searched,
    };
  }
  const diagnostics: Diagnostic[] = [...read.diagnostics];
  const candidates: AgentDefinition[] = [];

  for (const file of read.files) {
    const built = buildOnce(file, options.cache !== undefined);
    for (const d of built.diagnostics) diagnostics.push(d);
    if (built.agent) candidates.push(built.agent);
  }
  for (const { provider, item } of read.loaded) {
    const meta = { source: item.source ?? "bundled", provider, filePath: item.filePath, plugin: item.plugin };
    const agent = agentFromParsed(item, meta, diagnostics);
    if (agent) candidates.push(agent);
  }

  const { winners, shadowed } = mergeFirstWins(candidates);
  const project = read.searched.find((s) => s.location.scope === "project" && s.status === "read");
  const result: AgentDiscovery = {
    agents: winners,
    shadowed: shadowed.map(({ item, winner }) => ({
      agent: item,
      shadowedBy: winner.filePath ?? winner.provider,
    })),
    diagnostics,
    projectAgentsDir: project ? project.location.dir : null,
    fingerprint: read.fingerprint,
    searched: read.searched,
  };
  if (options.cache) lastMerge.set(options.cache, { registry, readKey, result });
  return { ...result, agents: [...winners], shadowed: [...result.shadowed], diagnostics: [...diagnostics] };
}

/** First wins by exact, case-sensitive name; returns winners in order and every loser with its winner. */
export function mergeFirstWins<T extends { name: string }>(
  items: readonly T[],
): { winners: T[]; shadowed: Array<{ item: T; winner: T }> } {
  const seen = new Map<string, T>();
  const winners: T[] = [];
  const shadowed: Array<{ item: T; winner: T }> = [];
  for (const item of items) {
    const winner = seen.get(item.name);
    if (winner) shadowed.push({ item, winner });
    else {
      seen.set(item.name, item);
      winners.push(item);
    }
  }
  return { winners, shadowed };
}
