import type { AgentDefinition, LoadedItem } from "@roster/core";
import { EMBEDDED_AGENTS, EMBEDDED_COMMANDS, EMBEDDED_PARSED } from "./embedded.generated.js";
import {
  agentFromBundled,
  BundledDefinitionError,
  bundledFilePath,
  commandFromBundled,
  parseBundledFile,
} from "./parse-bundled.js";
import { TASK_VARIANTS } from "./task-variants.js";
import type { BundledBuild, BundledCommand, InjectedAgent } from "./types.js";

/** The agents whose frontmatter lives in their own file, in the order they are listed. */
export const AGENT_FILES: readonly string[] = ["explore.md", "plan.md", "designer.md", "reviewer.md"];

/** Every bundled agent name, in order: the four files, then the task variants. */
export const BUNDLED_AGENT_NAMES: readonly string[] = [
  "explore",
  "plan",
  "designer",
  "reviewer",
  ...TASK_VARIANTS.map((v) => v.frontmatter.name as string),
];

let agentsCache: BundledBuild<AgentDefinition> | undefined;
let commandsCache: BundledBuild<BundledCommand> | undefined;

/**
 * The embedded texts were parsed at build time (at level `fatal`); other texts (tests)
 * are parsed now.
 */
function parsedOf(texts: Readonly<Record<string, string>>, file: string) {
  const embedded =
    texts === EMBEDDED_AGENTS || texts === EMBEDDED_COMMANDS ? EMBEDDED_PARSED[file] : undefined;
  if (embedded)
    return { frontmatter: structuredClone(embedded.frontmatter), body: embedded.body, diagnostics: [] };
  return parseBundledFile(file, textOf(texts, file));
}

function textOf(texts: Readonly<Record<string, string>>, file: string): string {
  const text = texts[file];
  if (text === undefined) throw new BundledDefinitionError(file, "not embedded; run node scripts/embed.mjs");
  return text;
}

/** Builds the bundled agents (and their loader items) from embedded texts; throws when one is malformed. */
export function buildBundledAgents(
  texts: Readonly<Record<string, string>> = EMBEDDED_AGENTS,
): BundledBuild<AgentDefinition> {
  const specs: InjectedAgent[] = [
    ...AGENT_FILES.map((file) => ({ file, frontmatter: {} })),
    ...TASK_VARIANTS,
  ];
  const items: LoadedItem[] = [];
  const values: AgentDefinition[] = [];
  for (const { file, frontmatter } of specs) {
    const parsed = parsedOf(texts, file);
    const fields = { frontmatter: { ...parsed.frontmatter, ...frontmatter }, body: parsed.body };
    values.push(agentFromBundled(file, fields));
    items.push({ filePath: bundledFilePath(file), source: "bundled", ...fields });
  }
  return { items, values };
}

/** Builds the bundled commands (and their loader items) from embedded texts; throws when one is malformed. */
export function buildBundledCommands(
  texts: Readonly<Record<string, string>> = EMBEDDED_COMMANDS,
): BundledBuild<BundledCommand> {
  const items: LoadedItem[] = [];
  const values: BundledCommand[] = [];
  for (const file of Object.keys(texts).sort()) {
    const parsed = parsedOf(texts, file);
    const command = commandFromBundled(file, parsed);
    values.push(command);
    items.push({
      filePath: command.filePath,
      source: "bundled",
      frontmatter: parsed.frontmatter,
      body: parsed.body,
      defaultName: command.name,
    });
  }
  return { items, values };
}

function agents(): BundledBuild<AgentDefinition> {
  agentsCache ??= buildBundledAgents();
  return agentsCache;
}

function commands(): BundledBuild<BundledCommand> {
  commandsCache ??= buildBundledCommands();
  return commandsCache;
}

/**
 * The built-in agents, parsed once and cached in memory: every call returns the same
 * array until {@link clearBundledAgentsCache}. Treat it as read-only.
 *
 * @example loadBundledAgents().map((a) => a.name) // ["explore", "plan", "designer", "reviewer", "task", "quick_task"]
 */
export function loadBundledAgents(): AgentDefinition[] {
  return agents().values;
}

/** The built-in workflow commands (`init`), cached like {@link loadBundledAgents}. */
export function loadBundledCommands(): BundledCommand[] {
  return commands().values;
}

/** Drops the cached agents and commands; the next load parses the embedded texts again. */
export function clearBundledAgentsCache(): void {
  agentsCache = undefined;
  commandsCache = undefined;
}

/** Fresh loader items for a provider's `load`: callers may mutate them without touching the cache. */
export function bundledItems(kind: "agents" | "commands"): LoadedItem[] {
  const built = kind === "agents" ? agents() : kind === "commands" ? commands() : undefined;
  if (!built) return [];
  return built.items.map((item) => ({ ...item, frontmatter: structuredClone(item.frontmatter) }));
}
