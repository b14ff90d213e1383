import type { AgentDiscovery } from "./discover-agents.js";
import { getAgent } from "./get-agent.js";
import type { LocationStatus } from "./read-locations.js";
import type { AgentDefinition, Scope } from "./types.js";

/** What one searched place held for the name asked about. */
export type CandidateOutcome = "winner" | "shadowed" | "absent" | LocationStatus;

/** One place searched, in search order. */
export interface ExplainCandidate {
  /** The folder searched, or `provider:<id>` for items a provider loads itself. */
  location: string;
  scope: Scope | "bundled";
  provider: string;
  /** The file that defines the name there, when one does. */
  filePath?: string;
  outcome: CandidateOutcome;
}

/** Why an agent resolves as it does (the data `roster why` prints). */
export interface AgentExplanation {
  name: string;
  winner: AgentDefinition | null;
  candidates: ExplainCandidate[];
  shadowed: AgentDefinition[];
}

/**
 * Explains a name over a discovery: every location searched in order, which ones define
 * it, the winner and what it shadows. A location with no definition of the name is
 * `absent` (or says why it was not read: `missing`, `untrusted`, …).
 */
export function explainAgent(discovery: AgentDiscovery, name: string): AgentExplanation {
  const winner = getAgent(discovery, name) ?? null;
  const target = winner?.name ?? name;
  const defining = [...discovery.agents, ...discovery.shadowed.map((s) => s.agent)].filter(
    (agent) => agent.name === target || (winner !== null && agent === winner),
  );
  const byFile = new Map<string, AgentDefinition[]>();
  for (const agent of defining) {
    const key = agent.filePath ?? `provider:${agent.provider}`;
    byFile.set(key, [...(byFile.get(key) ?? []), agent]);
  }
  const outcome = (agent: AgentDefinition): CandidateOutcome => (agent === winner ? "winner" : "shadowed");

  const candidates: ExplainCandidate[] = [];
  for (const searched of discovery.searched) {
    const here = searched.files.flatMap((file) => byFile.get(file) ?? []);
    const base = {
      location: searched.location.dir,
      scope: searched.location.scope,
      provider: searched.provider,
    };
    if (here.length === 0) {
      candidates.push({ ...base, outcome: searched.status === "read" ? "absent" : searched.status });
      continue;
    }
    for (const agent of here)
      candidates.push({ ...base, filePath: agent.filePath!, outcome: outcome(agent) });
  }
  // Items providers load themselves (bundled) come last, as in the merge.
  const inFolders = new Set(discovery.searched.flatMap((s) => s.files));
  for (const agent of defining) {
    if (agent.filePath && inFolders.has(agent.filePath)) continue;
    const candidate: ExplainCandidate = {
      location: `provider:${agent.provider}`,
      scope: agent.source === "bundled" ? "bundled" : agent.source,
      provider: agent.provider,
      outcome: outcome(agent),
    };
    if (agent.filePath) candidate.filePath = agent.filePath;
    candidates.push(candidate);
  }
  return { name, winner, candidates, shadowed: defining.filter((agent) => agent !== winner) };
}
