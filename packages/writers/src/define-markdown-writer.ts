import { type AgentDefinition, GENERATED_BY_KEY, GENERATED_BY_VALUE } from "@roster/core";
import { type AgentWriter, defineAgentWriter, type ToolTable } from "@roster/family";
import { FieldReport, formatMarkdownAgent } from "./agent-writer.js";

/** What a markdown writer's `fields` step writes into and reports to. */
export interface MarkdownFields {
  /** The frontmatter so far (`name` and `description` first), in the order keys are set; `undefined` is left out. */
  frontmatter: Record<string, unknown>;
  report: FieldReport;
  /** Reports `field` dropped with `note` when the agent sets it (a field the target has no key for). */
  cannot(field: keyof AgentDefinition, note: string): void;
  /** The app's tool table (the write's `tools`): what the agent's tool names stand for. */
  tools: ToolTable;
}

/** A markdown writer as {@link defineMarkdownWriter} takes it: an {@link AgentWriter} whose `write` is built. */
export interface MarkdownWriterDefinition extends Omit<AgentWriter, "write"> {
  /**
   * How the file names the agent: by a `name` key (absent: the default), or by its path, the
   * report's `to` and note then saying so (`{ to: "(file name)", note: "… <name>.agent.md" }`).
   */
  nameBy?: { to: string; note: string };
  /**
   * The family's own step: every field but the name, the description and the prompt, in
   * the target's words, each reported once (its unmodelled keys too, with `writeExtras`).
   */
  fields(agent: AgentDefinition, out: MarkdownFields): void;
}

/**
 * Builds a writer of markdown agent files with YAML frontmatter, the shape every such family
 * shares: `name` (unless the path names the agent) and `description` first, each reported
 * kept with the prompt as the body; then the family's `fields`; then, for a `key`-marked
 * writer asked for it, roster's `generated-by` key last; the YAML written by the workspace's
 * library (`formatMarkdownAgent`).
 *
 * @example
 * export const acmeWriter = defineMarkdownWriter({
 *   tool: "acme", displayName: "Acme", extension: ".md", format: markdownFormat, marker: "key",
 *   folders: false, agentsDir: (ctx, scope) => join(scope === "project" ? ctx.cwd : ctx.home, ".acme/agents"),
 *   fields(agent, { frontmatter, report, cannot }) {
 *     if (agent.maxTurns !== undefined) { frontmatter.turns = agent.maxTurns; report.kept("maxTurns", "turns"); }
 *     cannot("output", "Acme agents have no output schema");
 *     writeExtras(agent, frontmatter, report, { known: ["color"], tool: "Acme" });
 *   },
 * });
 */
export function defineMarkdownWriter<D extends MarkdownWriterDefinition>(
  definition: D,
): Omit<D, "fields" | "nameBy"> & Pick<AgentWriter, "write"> {
  const { fields, nameBy, ...writer } = definition;
  return defineAgentWriter({
    ...writer,
    write(agent, options) {
      const report = new FieldReport(agent);
      // `name` holds its place first even when a family sets it later (a display name).
      const frontmatter: Record<string, unknown> = {
        name: nameBy ? undefined : agent.name,
        description: agent.description,
      };
      if (nameBy) report.kept("name", nameBy.to, nameBy.note);
      else report.kept("name", "name");
      report.kept("description", "description");
      report.kept("systemPrompt", "body");
      const cannot = (field: keyof AgentDefinition, note: string) => {
        if (agent[field] !== undefined) report.dropped(field, note);
      };
      fields(agent, { frontmatter, report, cannot, tools: options.tools });
      if (options.marker && writer.marker === "key") frontmatter[GENERATED_BY_KEY] = GENERATED_BY_VALUE;
      return { content: formatMarkdownAgent(frontmatter, agent.systemPrompt), fields: report.fields };
    },
  });
}

/**
 * Writes modelled fields under their own names, as they are, each reported kept: for a
 * format that speaks roster's words (xcsh, a team folder).
 */
export function writeAsIs(
  agent: AgentDefinition,
  out: Pick<MarkdownFields, "frontmatter" | "report">,
  keys: readonly (keyof AgentDefinition)[],
): void {
  for (const key of keys) {
    if (agent[key] === undefined) continue;
    out.frontmatter[key] = agent[key];
    out.report.kept(key, key);
  }
}
