// One tool's answer about one name (`why|show NAME --as TOOL`, `new`'s check): the view about
// that name alone, and, where the tool answers to no NAME, the files of that name it refuses.
import {
  type AgentDefinition,
  type AgentDiscovery,
  type DiscoveryCache,
  type DiscoveryContext,
  discoverAgents,
  type ProviderRegistry,
} from "@roster/core";
import type { ToolProfile } from "@roster/family";
import { filesAbout } from "./files-about.js";
import { prepareToolViews } from "./prepare-tool-views.js";
import type { ToolView, ToolViewAgent, ToolViewFile } from "./tool-view.js";
import { viewAsTool } from "./view-as-tool.js";

/** Options of the answers about one name. */
export interface ViewAboutOptions {
  /** Resolves the profile's borrowed places through other providers. */
  registry: ProviderRegistry;
  /** The name asked about. */
  name: string;
  /** The view keeps the prompts the tool would give (JSON and `show` print them). */
  prompts?: boolean | undefined;
}

/**
 * One tool's view about `name` alone: every place and every file of that id, as the whole
 * view has them, while a file whose bytes cannot hold the name is passed unparsed where the
 * tool allows it (`prepareToolViews`' `about`). With `discover`: roster's own discovery about
 * the name too, whose reads the view takes.
 */
export async function viewAbout(
  profile: ToolProfile,
  ctx: DiscoveryContext,
  options: ViewAboutOptions & { discover?: boolean },
): Promise<{ view: ToolView; discovery?: AgentDiscovery }> {
  const { registry, name } = options;
  const views = await prepareToolViews([profile], ctx, { registry, about: name });
  const discovery = options.discover ? await discoverAgents(registry, views.ctx, { about: name }) : undefined;
  const view = await views.view(profile, {
    focus: { ids: new Set([name]) },
    prompts: options.prompts === true,
  });
  return { view, ...(discovery ? { discovery } : {}) };
}

/**
 * When the tool answers to no NAME: its whole view (no prompts), and the files about NAME it
 * does not load (a focused view keeps only what it calls NAME), or none (an unknown name,
 * whose did-you-mean the whole view gives).
 */
export async function filesNotLoaded(
  profile: ToolProfile,
  ctx: DiscoveryContext,
  options: ViewAboutOptions,
): Promise<{ view: ToolView; files: ToolViewFile[] }> {
  const whole = await viewAsTool(profile, ctx, { registry: options.registry, prompts: false });
  return { view: whole, files: filesAbout(whole, options.name) };
}

/** What one tool does with a name: the agent it loads for it, if any, and every file of that id with its outcome and reason. */
export interface ToolResolution {
  /** The view that says so (about the name, or whole when only a refused file is about it). */
  view: ToolView;
  winner?: ToolViewAgent;
  files: ToolViewFile[];
}

/**
 * What one tool does with `name` (`why NAME --as TOOL`, `new`'s check): its view about the
 * name, the agent it loads and the files of that id; where it answers to no NAME and calls no
 * file so, the whole view and the files it refused unnamed that may still be it.
 */
export async function resolveAs(
  profile: ToolProfile,
  ctx: DiscoveryContext,
  options: ViewAboutOptions & { whole?: boolean },
): Promise<ToolResolution> {
  const { view } = await viewAbout(profile, ctx, options);
  const winner = view.agents.find((a) => a.id === options.name);
  const files = view.files.filter((f) => f.id === options.name);
  if (winner) return { view, winner, files };
  if (files.length > 0 || options.whole === false) return { view, files };
  const whole = await filesNotLoaded(profile, ctx, options);
  return whole.files.length > 0 ? whole : { view, files };
}

/**
 * What one tool does with `name` as `new`'s check reads it (@roster/writers' checkNewAgent):
 * its name, the agent it loads for `name`, if any, and every file of that id with its outcome
 * and reason, from its view about the name alone (no prompts, never the whole view).
 */
export async function toolResolutionOf(
  profile: ToolProfile,
  ctx: DiscoveryContext,
  options: Pick<ViewAboutOptions, "registry" | "name">,
): Promise<{ displayName: string; winner?: ToolViewAgent; files: ToolViewFile[] }> {
  const { view, winner, files } = await resolveAs(profile, ctx, { ...options, prompts: false, whole: false });
  return { displayName: view.displayName, ...(winner ? { winner } : {}), files };
}

/** What `show NAME --as TOOL` shows: the agent the tool loads and roster's record of its file, or the files of NAME it does not load. */
export type ShownAs =
  | { view: ToolView; winner: ToolViewAgent; definition?: AgentDefinition }
  | { view: ToolView; winner?: undefined; files: ToolViewFile[] };

/**
 * `show NAME --as TOOL`'s answer: the agent the tool loads for NAME (its prompt kept) with
 * roster's own record of that file, or else the files about NAME it does not load (none: an
 * unknown name, `view` then the whole view for its did-you-mean).
 */
export async function showAsTool(
  profile: ToolProfile,
  ctx: DiscoveryContext,
  options: ViewAboutOptions & { cache?: DiscoveryCache | undefined },
): Promise<ShownAs> {
  const { name } = options;
  const { view, discovery } = await viewAbout(profile, ctx, { ...options, prompts: true, discover: true });
  const winner = view.agents.find((a) => a.id === name);
  if (!winner) {
    // A file of the name the tool will not load is not an unknown name: say it is there, and why.
    const focused = filesAbout(view, name);
    return focused.length > 0 ? { view, files: focused } : filesNotLoaded(profile, ctx, options);
  }
  if (!winner.filePath) return { view, winner };
  // roster's record of the file: from the discovery about the tool's name for it, or, where
  // roster calls that file by another name (a tool that names agents by their file), the whole one.
  const at = (d: AgentDiscovery) =>
    [...d.agents, ...d.shadowed.map((s) => s.agent)].find((a) => a.filePath === winner.filePath);
  const definition =
    (discovery && at(discovery)) ??
    at(await discoverAgents(options.registry, ctx, options.cache ? { cache: options.cache } : {}));
  return { view, winner, ...(definition ? { definition } : {}) };
}
