// The listing `roster list --json` gives, built from one discovery: each agent's summary with
// what roster knows about it beside (disabled, its copies, a copy whose source is gone).
import type { AgentDiscovery } from "@roster/core";
import { summarizeAgent } from "./agent-summary.js";
import { copiesByOriginal } from "./explain-agent.js";
import type { AgentRow, Listing } from "./select-listing.js";

/** Options of {@link buildListing}. */
export interface BuildListingOptions {
  /** The agents the config disables (`disabledAgents`): listed, marked `disabled`. */
  disabled?: readonly string[];
  /** Diagnostics listed before discovery's (the config's). */
  configDiagnostics?: readonly unknown[];
}

/**
 * `list --json`'s listing of one discovery: the agents' summaries (SPEC §8) with `disabled`,
 * `copies` (the files roster wrote from each) and `copy` (a copy whose source is gone), the
 * shadowed, the diagnostics (the config's first) and the project's agents folder.
 *
 * @example buildListing(await discoverAgents(registry, ctx), { disabled: ["old"] }).agents[0].name
 */
export function buildListing(d: AgentDiscovery, options: BuildListingOptions = {}): Listing {
  const disabled = new Set(options.disabled ?? []);
  const orphans = new Set(d.copies.filter((c) => c.copyOf === undefined).map((c) => c.agent));
  // Grouped once: a synced tree has thousands of copies, and every agent asks.
  const copiesOfAgent = copiesByOriginal(d);
  return {
    agents: d.agents.map((a) => {
      const summary = summarizeAgent(a) as unknown as AgentRow;
      if (disabled.has(a.name)) summary.disabled = true;
      const copies = copiesOfAgent(a);
      if (copies.length > 0) summary.copies = copies.map((c) => c.filePath ?? c.provider);
      if (orphans.has(a)) summary.copy = true;
      return summary;
    }),
    shadowed: d.shadowed.map((s) => ({
      name: s.agent.name,
      source: s.agent.source,
      provider: s.agent.provider,
      filePath: s.agent.filePath,
      shadowedBy: s.shadowedBy,
    })),
    diagnostics: [...(options.configDiagnostics ?? []), ...d.diagnostics],
    projectAgentsDir: d.projectAgentsDir ?? null,
  };
}
