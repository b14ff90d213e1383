import { createHash } from "node:crypto";
import type { AgentDefinition } from "@roster/core";

/** Options of {@link buildTaskDescription}. */
export interface TaskDescriptionOptions {
  /**
   * The most bytes the description may take as a JSON string (UTF-8, escapes counted). The agents that fit are named, the
   * most useful first (project, then user, then plugins and other loaded items, then
   * bundled; the merge's order within each), each description cut to one short line; the
   * rest are counted, with a pointer to `more`. Default: no limit, every agent in full.
   */
  maxBytes?: number;
  /** Where the unnamed agents can be found, e.g. "call list_agents (query, provider, source) to see them". */
  more?: string;
}

/** The longest one agent's description gets in a budgeted description. */
const BRIEF_CHARS = 160;

/**
 * Project agents first, then the user's own, then plugins'; the rest (provider-loaded and
 * built-in agents) keep discovery's order, where the families that go last (roster's
 * built-ins) already come last.
 */
function rank(agent: AgentDefinition): number {
  if (agent.source === "project") return 0;
  if (agent.source === "user") return agent.plugin ? 2 : 1;
  return 3;
}

function brief(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

/**
 * The task tool's description for a host: the agents with their descriptions, and a
 * warning that agents with a built-in output schema must get no output-format prose.
 * With `maxBytes` it stays within that size whatever the number of agents.
 */
export function buildTaskDescription(
  agents: readonly AgentDefinition[],
  options: TaskDescriptionOptions = {},
): string {
  const head = [
    "Run one or more tasks with a specialised sub-agent. Tasks run in parallel and each returns its own result.",
    'Input: { agent, context?, schema?, tasks: [{ id, description, assignment }] }. "context" is shared by every task and placed before each assignment.',
    "",
    "Agents:",
  ];
  const line = (agent: AgentDefinition, max = Number.POSITIVE_INFINITY) =>
    `- ${agent.name}: ${brief(agent.description, max)}${agent.output !== undefined ? " [structured output]" : ""}`;
  const structuredNote = (names: string[]) =>
    names.length > 0
      ? [
          "",
          `Agents with a built-in output schema (${names.join(", ")}) already know the shape of their result: do not describe an output format in the assignment or context, and do not pass a schema for them.`,
        ]
      : [];
  if (options.maxBytes === undefined) {
    const lines = [...head, ...(agents.length === 0 ? ["(none)"] : agents.map((a) => line(a)))];
    lines.push(...structuredNote(agents.filter((a) => a.output !== undefined).map((a) => a.name)));
    return lines.join("\n");
  }
  // Budgeted: the most useful agents first, each on one short line, until the budget is spent.
  const ordered = agents
    .map((agent, index) => ({ agent, index }))
    .sort((a, b) => rank(a.agent) - rank(b.agent) || a.index - b.index)
    .map(({ agent }) => agent);
  // Counted as the text travels in JSON (a quote or backslash takes two bytes there).
  const bytes = (lines: readonly string[]) => Buffer.byteLength(JSON.stringify(lines.join("\n"))) - 2;
  const tail = (left: number) =>
    left > 0
      ? [
          "",
          `…and ${left} more agent(s) not named here: ${options.more ?? "ask for them by name"}. Any of them can be run.`,
        ]
      : [];
  const named: AgentDefinition[] = [];
  const lines = [...head];
  if (agents.length === 0) lines.push("(none)");
  for (const agent of ordered) {
    const next = line(agent, BRIEF_CHARS);
    const withOutput = [...named, agent].filter((a) => a.output !== undefined).map((a) => a.name);
    const total = bytes([
      ...lines,
      next,
      ...structuredNote(withOutput),
      ...tail(ordered.length - named.length - 1),
    ]);
    if (total > options.maxBytes) break;
    lines.push(next);
    named.push(agent);
  }
  lines.push(...structuredNote(named.filter((a) => a.output !== undefined).map((a) => a.name)));
  lines.push(...tail(ordered.length - named.length));
  return lines.join("\n");
}

/** A fingerprint of what {@link buildTaskDescription} depends on. */
export function descriptionFingerprint(description: string): string {
  return createHash("sha1").update(description).digest("hex");
}
