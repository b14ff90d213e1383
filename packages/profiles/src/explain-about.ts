// `roster why NAME`'s one discovery: about NAME alone where that finds it, whole otherwise.
import {
  type AgentDiscovery,
  type DiscoveryContext,
  discoverAgents,
  type ProviderRegistry,
} from "@roster/core";
import type { ToolProfile } from "@roster/family";
import { type AgentExplanation, explainAgent } from "./explain-agent.js";
import { prepareToolViews, type ToolViews } from "./prepare-tool-views.js";

/** Options of {@link explainAbout}. */
export interface ExplainAboutOptions {
  registry: ProviderRegistry;
  /** The name asked about. */
  name: string;
  /** The tools whose views are planned first (they take each file the discovery reads); none: no view. */
  profiles: readonly ToolProfile[];
}

/**
 * Explains NAME from one discovery that serves the table and the other tools' lines: the
 * tools' views are planned first and take each file it reads (one read), and it is about NAME
 * alone (a file that cannot hold it is not parsed). A name that finds no definition so is
 * asked again of everything, for its did-you-mean (no view is prepared again: with no winner,
 * no tool resolves NAME differently). No prompt is decoded until one is asked for.
 */
export async function explainAbout(
  ctx: DiscoveryContext,
  options: ExplainAboutOptions,
): Promise<{ discovery: AgentDiscovery; why: AgentExplanation; views?: ToolViews }> {
  const { registry, name, profiles } = options;
  const views =
    profiles.length > 0 ? await prepareToolViews(profiles, ctx, { registry, about: name }) : undefined;
  let discovery = await discoverAgents(registry, views?.ctx ?? ctx, { bodies: "on-demand", about: name });
  let why = explainAgent(discovery, name);
  if (!why.winner) {
    discovery = await discoverAgents(registry, ctx, { bodies: "on-demand" });
    why = explainAgent(discovery, name);
  }
  return { discovery, why, ...(views ? { views } : {}) };
}
