// What `list --as TOOL` shows of a tool's view: the agents a word finds, in the order asked,
// and each in the shape every `--json` gives an agent.
import { sortAgents } from "./select-listing.js";
import type { ToolView, ToolViewAgent } from "./tool-view.js";

/**
 * One agent of a tool's view in the shape every `--json` gives an agent (`list --json`):
 * `name` as its file writes it, `source`, and the tool's own `id` beside them where it differs
 * (opencode calls a file by its stem, Copilot a plugin's agent `plugin:name`).
 */
export function toolAgentView(agent: ToolViewAgent) {
  const name = agent.name ?? agent.id;
  return {
    name,
    ...(agent.id !== name ? { id: agent.id } : {}),
    description: agent.description,
    source: agent.scope,
    ...(agent.filePath !== undefined ? { filePath: agent.filePath } : {}),
    // What the tool would hand the model, byte for byte, and the files a deep merge read.
    ...(agent.prompt !== undefined ? { prompt: agent.prompt } : {}),
    ...(agent.mergedFrom !== undefined ? { mergedFrom: agent.mergedFrom } : {}),
  };
}

/** Options of {@link selectToolAgents}. */
export interface SelectToolAgentsOptions {
  /** A word looked for in the id and the description (case aside). */
  word?: string | undefined;
  /** The word is looked for in the prompts too (the view must hold them). */
  fullText?: boolean | undefined;
  /** `name` or `source` (`provider` is the tool alone: the view's order); default the view's order. */
  sort?: string | undefined;
}

/**
 * The agents of a tool's view `list --as TOOL [WORD] [--sort]` shows: a word found in the id,
 * the description or (`fullText`) the prompt; sorted by what the tool calls them or by source.
 *
 * @example selectToolAgents(view, { word: "review", sort: "name" }).map((a) => a.id)
 */
export function selectToolAgents(view: ToolView, options: SelectToolAgentsOptions = {}): ToolViewAgent[] {
  const needle = options.word?.toLowerCase();
  const found = view.agents.filter(
    (a) =>
      needle === undefined ||
      a.id.toLowerCase().includes(needle) ||
      a.description.toLowerCase().includes(needle) ||
      (options.fullText === true && a.prompt?.toLowerCase().includes(needle) === true),
  );
  // The tool is the one provider here, so `provider` keeps its order, as `name` sorts by what it calls them.
  if (options.sort !== "name" && options.sort !== "source") return found;
  return sortAgents(
    found.map((a, i) => ({ name: a.id, source: a.scope, provider: view.tool, i })),
    options.sort,
  ).map((row) => found[row.i]!);
}
