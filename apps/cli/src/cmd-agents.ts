import { type AgentDefinition, discoverAgents, explainAgent, getAgent } from "@roster/core";
import type { App } from "./context.js";
import { FindingError } from "./errors.js";
import { headedTable, oneLine, paint, printJson, showPath } from "./output.js";
import { LIST_JSON, openAgentIndex, saveAgentIndex, storedListing, warnIndex } from "./persistent-index.js";
import { writeJson } from "./write-json.js";

/** The `list --json` view of one agent (SPEC §8). */
export function agentSummary(agent: AgentDefinition) {
  const view: Record<string, unknown> = {
    name: agent.name,
    description: agent.description,
    source: agent.source,
    provider: agent.provider,
    filePath: agent.filePath,
  };
  if (agent.tools) view.tools = agent.tools;
  if (agent.spawns) view.spawns = agent.spawns;
  if (agent.model) view.model = agent.model;
  if (agent.thinkingLevel) view.thinkingLevel = agent.thinkingLevel;
  if (agent.blocking !== undefined) view.blocking = agent.blocking;
  view.hasOutputSchema = agent.output !== undefined;
  if (agent.plugin) view.plugin = agent.plugin;
  return view;
}

function unknownAgent(names: string[], name: string): FindingError {
  return new FindingError(
    `Unknown agent "${name}". Available: ${names.length > 0 ? names.join(", ") : "none"}`,
  );
}

/** `roster list`. */
export async function listAgents(app: App): Promise<number> {
  const o = app.output;
  // One shot: no in-memory cache (nothing reads it again); the persistent index instead.
  const index = openAgentIndex(app);
  // An output is looked for (a stat-only pass) only where an index already is: a first run
  // in a place pays for no look that cannot find anything.
  const stored = index && o.json && index.stats.loaded > 0 ? await storedListing(app, index) : undefined;
  if (stored?.bytes) {
    o.write(stored.bytes);
    return 0;
  }
  const d = await discoverAgents(app.registry, app.ctx, index ? { index } : {});
  saveAgentIndex(app, index);
  if (o.json) {
    const view = {
      agents: d.agents.map(agentSummary),
      shadowed: d.shadowed.map((s) => ({
        name: s.agent.name,
        source: s.agent.source,
        provider: s.agent.provider,
        filePath: s.agent.filePath,
        shadowedBy: s.shadowedBy,
      })),
      diagnostics: [...app.loaded.diagnostics, ...d.diagnostics],
      projectAgentsDir: d.projectAgentsDir,
    };
    // Kept for the next run only when nothing changed since the stat-only look.
    if (index && stored?.key && d.fingerprint === stored.fingerprint) {
      const chunks: string[] = [];
      writeJson(view, (chunk) => {
        chunks.push(chunk);
        o.write(chunk);
      });
      warnIndex(app, index.writeOutput(LIST_JSON, stored.key, chunks));
    } else printJson(o, view);
    return 0;
  }
  const rows = d.agents.map((a) => [
    paint(o, "bold", a.name),
    a.source,
    a.provider,
    showPath(o, a.filePath),
    oneLine(a.description, 60),
  ]);
  o.out(headedTable(o, ["NAME", "SOURCE", "PROVIDER", "FILE", "DESCRIPTION"], rows));
  const notes: string[] = [];
  if (d.shadowed.length > 0) notes.push(`${d.shadowed.length} shadowed (roster why NAME)`);
  if (d.diagnostics.length > 0) notes.push(`${d.diagnostics.length} diagnostic(s) (roster doctor)`);
  o.out(paint(o, "dim", `\n${d.agents.length} agent(s)${notes.length ? `; ${notes.join("; ")}` : ""}`));
  return 0;
}

/** `roster show NAME`. */
export async function showAgent(app: App, name: string): Promise<number> {
  const d = await discoverAgents(app.registry, app.ctx, { cache: app.cache });
  const agent = getAgent(d, name);
  if (!agent)
    throw unknownAgent(
      d.agents.map((a) => a.name),
      name,
    );
  const o = app.output;
  if (o.json) {
    printJson(o, agent);
    return 0;
  }
  const field = (key: string, value: unknown) => {
    if (value === undefined) return;
    const text = Array.isArray(value)
      ? value.join(", ")
      : typeof value === "object"
        ? JSON.stringify(value)
        : String(value);
    o.out(`${paint(o, "dim", `${key}:`.padEnd(15))}${text}`);
  };
  field("name", agent.name);
  field("description", agent.description);
  field("source", agent.source);
  field("provider", agent.provider);
  field("file", showPath(o, agent.filePath));
  field("plugin", agent.plugin?.id);
  field("tools", agent.tools);
  field("spawns", agent.spawns);
  field("model", agent.model);
  field("thinkingLevel", agent.thinkingLevel);
  field("blocking", agent.blocking);
  field("output", agent.output);
  o.out(`\n${agent.systemPrompt}`);
  return 0;
}

/** `roster why NAME`. */
export async function whyAgent(app: App, name: string): Promise<number> {
  const d = await discoverAgents(app.registry, app.ctx, { cache: app.cache });
  const why = explainAgent(d, name);
  const o = app.output;
  if (o.json) {
    const winner = why.winner
      ? {
          name: why.winner.name,
          source: why.winner.source,
          provider: why.winner.provider,
          filePath: why.winner.filePath,
        }
      : null;
    printJson(o, { name, winner, candidates: why.candidates });
    return why.winner ? 0 : 1;
  }
  const mark = { winner: paint(o, "green", "winner"), shadowed: paint(o, "yellow", "shadowed") } as Record<
    string,
    string
  >;
  const rows = why.candidates.map((c, i) => [
    String(i + 1),
    c.provider,
    c.scope,
    showPath(o, c.location),
    mark[c.outcome] ?? paint(o, "dim", c.outcome),
    showPath(o, c.filePath),
  ]);
  o.out(headedTable(o, ["#", "PROVIDER", "SCOPE", "LOCATION", "OUTCOME", "FILE"], rows));
  if (!why.winner) {
    o.out("");
    throw unknownAgent(
      d.agents.map((a) => a.name),
      name,
    );
  }
  const shadowed = why.shadowed.map((a) => showPath(o, a.filePath)).join(", ");
  o.out(
    `\n${paint(o, "bold", name)} resolves to ${showPath(o, why.winner.filePath)} (${why.winner.provider}, ${why.winner.source})` +
      (shadowed ? `; it shadows ${shadowed}` : ""),
  );
  return 0;
}
