import type { WorkflowCommand } from "@roster/commands";
import { commandScopedId } from "@roster/commands";
import { type AgentDefinition, scopedId } from "@roster/core";
import { summarizeAgent } from "@roster/profiles";

/**
 * One agent as `list_agents` gives it: the fields of `roster list --json` (SPEC §8), plus
 * `scopedId` (`<plugin>:<name>`) for plugin agents.
 */
export function agentSummary(agent: AgentDefinition): Record<string, unknown> {
  const scoped = scopedId(agent);
  return { ...summarizeAgent(agent), ...(scoped !== undefined ? { scopedId: scoped } : {}) };
}

/** Filters of `list_agents`, and where its page starts. */
export interface AgentQuery {
  /** From `nextCursor` of the page before. */
  cursor?: string | undefined;
  /** Agents per page: 1 to {@link MAX_PAGE}, default {@link MAX_PAGE}. */
  limit?: number | undefined;
  /** Case-insensitive text looked for in the name, scoped id and description. */
  query?: string | undefined;
  provider?: string | undefined;
  source?: string | undefined;
}

/** True when `agent` passes every filter given. */
export function matchesQuery(agent: AgentDefinition, filter: AgentQuery): boolean {
  const needle = needleOf(filter);
  return matches(agent, filter, needle, needle === undefined ? "" : haystackOf(agent));
}

/** {@link matchesQuery} with the needle and the agent's haystack ({@link haystackOf}) at hand. */
function matches(
  agent: AgentDefinition,
  filter: AgentQuery,
  needle: string | undefined,
  haystack: string,
): boolean {
  return passes(agent, filter) && (needle === undefined || haystack.includes(needle));
}

/** The query as it is looked for: trimmed and lower-cased, or `undefined` for none. */
function needleOf(filter: AgentQuery): string | undefined {
  return filter.query?.trim().toLowerCase() || undefined;
}

/** The filters other than the query. */
function passes(agent: AgentDefinition, filter: AgentQuery): boolean {
  if (filter.provider !== undefined && agent.provider !== filter.provider) return false;
  return filter.source === undefined || agent.source === filter.source;
}

/** What a query is looked for in: the name, scoped id and description, lower-cased. */
function haystackOf(agent: AgentDefinition): string {
  // NUL between fields: a query never matches across two of them.
  return [agent.name, scopedId(agent) ?? "", agent.description].join("\0").toLowerCase();
}

/**
 * What the server keeps per agents list (its own, the same array while nothing it was read
 * from changed): each agent's haystack in order, made at the first query, and the last filter
 * with its matches.
 */
interface ListState {
  texts?: readonly string[];
  last?: { key: string; matches: readonly AgentDefinition[] };
}
const states = new WeakMap<readonly AgentDefinition[], ListState>();

function stateOf(agents: readonly AgentDefinition[]): ListState {
  let state = states.get(agents);
  if (state === undefined) {
    state = {};
    states.set(agents, state);
  }
  return state;
}

/** The definition as `show_agent` gives it: every field, with the scoped id of a plugin agent. */
export function agentDefinition(agent: AgentDefinition): Record<string, unknown> {
  const scoped = scopedId(agent);
  return { ...agent, ...(scoped !== undefined ? { scopedId: scoped } : {}) };
}

/** One command as `list_commands` gives it. */
export function commandSummary(command: WorkflowCommand): Record<string, unknown> {
  const scoped = commandScopedId(command);
  return {
    name: command.name,
    description: command.description,
    source: command.source,
    provider: command.provider,
    filePath: command.filePath,
    ...(command.namespace ? { namespace: command.namespace } : {}),
    ...(command.argumentHint ? { argumentHint: command.argumentHint } : {}),
    ...(scoped !== undefined ? { scopedId: scoped } : {}),
  };
}

/** The most agents one `list_agents` answer holds. */
export const MAX_PAGE = 100;

/** What a cursor holds: the key of the last agent given and its index among the matches. */
interface Cursor {
  after: string;
  index: number;
}

function keyOf(agent: AgentDefinition): string {
  return scopedId(agent) ?? agent.name;
}

function readCursor(cursor: string): Cursor | undefined {
  try {
    const value = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as Partial<Cursor>;
    if (typeof value.after === "string" && Number.isSafeInteger(value.index) && (value.index ?? -1) >= 0)
      return { after: value.after, index: value.index as number };
  } catch {
    // Not one of ours.
  }
  return undefined;
}

/** The agents that pass `filter`, in order. The next page of the same filter takes them as they were found. */
function matchesOf(agents: readonly AgentDefinition[], filter: AgentQuery): readonly AgentDefinition[] {
  const needle = needleOf(filter);
  if (needle === undefined && filter.provider === undefined && filter.source === undefined) return agents;
  const key = JSON.stringify([needle ?? null, filter.provider ?? null, filter.source ?? null]);
  const state = stateOf(agents);
  if (state.last?.key === key) return state.last.matches;
  // One array of texts for the list, not a lookup per agent: a query searches them in turn.
  if (needle !== undefined) state.texts ??= agents.map(haystackOf);
  const texts = state.texts;
  const found = agents.filter((agent, i) =>
    matches(agent, filter, needle, needle === undefined ? "" : texts![i]!),
  );
  state.last = { key, matches: found };
  return found;
}

/**
 * One page of the agents that match `filter`, in precedence order. A cursor names the last
 * agent of the page before, so a page stays in step when agents come and go between calls
 * (a gone one: the page goes on from where it stood).
 */
export function pageOf(
  agents: readonly AgentDefinition[],
  filter: AgentQuery,
): { agents: AgentDefinition[]; total: number; nextCursor?: string } | { error: string } {
  const matches = matchesOf(agents, filter);
  let start = 0;
  if (filter.cursor !== undefined) {
    const cursor = readCursor(filter.cursor);
    if (!cursor)
      return { error: "cursor is not one list_agents gave: call list_agents without one to start again" };
    const at = matches.findIndex((agent) => keyOf(agent) === cursor.after);
    // The last agent given is gone: the ones after it moved up into its place.
    start = at >= 0 ? at + 1 : Math.min(cursor.index, matches.length);
  }
  const limit = Math.min(Math.max(1, Math.floor(filter.limit ?? MAX_PAGE)), MAX_PAGE);
  const page = matches.slice(start, start + limit);
  const end = start + page.length;
  const last = page.at(-1);
  return {
    agents: page,
    total: matches.length,
    ...(end < matches.length && last
      ? {
          nextCursor: Buffer.from(JSON.stringify({ after: keyOf(last), index: end - 1 })).toString(
            "base64url",
          ),
        }
      : {}),
  };
}
