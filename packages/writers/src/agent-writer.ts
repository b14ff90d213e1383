import type { AgentDefinition } from "@roster/core";
import { isMarkerKey } from "@roster/core";
import type { FamilyVocabulary, FieldMapping } from "@roster/family";
import { chooseModel } from "@roster/family";
import { kebabToCamel, stringifyFrontmatter } from "@roster/frontmatter";

// The marker is core's (discovery reads it: a file roster wrote is a copy, SPEC §16).
export { GENERATED_BY_KEY, GENERATED_BY_VALUE, isMarkerKey } from "@roster/core";

/** Top-level fields of a definition that a report accounts for (provenance excluded). */
const MODELLED = [
  "name",
  "description",
  "systemPrompt",
  "tools",
  "spawns",
  "model",
  "thinkingLevel",
  "output",
  "blocking",
  "disallowedTools",
  "permissionMode",
  "maxTurns",
] as const;

/**
 * Every field of a definition a translation report must account for: the modelled ones
 * that are set (`systemPrompt` always), then `extra.<key>` for each unmodelled key (roster's
 * own marker excepted). `toolsAsWritten` is part of `tools`.
 */
export function agentInputFields(agent: AgentDefinition): string[] {
  const fields: string[] = [];
  for (const key of MODELLED) {
    if (key === "systemPrompt" || agent[key] !== undefined) fields.push(key);
  }
  for (const key of Object.keys(agent.extra ?? {})) if (!isMarkerKey(key)) fields.push(`extra.${key}`);
  return fields;
}

/** The value of a report field of {@link agentInputFields}. */
export function agentFieldValue(agent: AgentDefinition, field: string): unknown {
  if (field.startsWith("extra.")) return agent.extra?.[field.slice(6)];
  if (field === "tools") return writtenTools(agent);
  return (agent as unknown as Record<string, unknown>)[field];
}

/** The unmodelled keys of a definition, roster's marker excepted. */
export function extraEntries(agent: AgentDefinition): Array<[string, unknown]> {
  return Object.entries(agent.extra ?? {}).filter(([key]) => !isMarkerKey(key));
}

/**
 * The spelling a tool knows for an `extra` key (keys arrive camel-cased from kebab-case:
 * `mcp-servers` → `mcpServers`), or `undefined` when the tool does not know it.
 */
export function knownKeyOf(key: string, known: readonly string[]): string | undefined {
  return known.find((k) => k === key || kebabToCamel(k) === key);
}

/** Collects the fate of each field while a writer builds its file. */
export class FieldReport {
  readonly fields: FieldMapping[] = [];
  readonly #agent: AgentDefinition;
  constructor(agent: AgentDefinition) {
    this.#agent = agent;
  }
  /** The field went through as it is. */
  kept(field: string, to: string, note?: string): void {
    this.fields.push({ field, fate: "kept", to, ...(note ? { note } : {}) });
  }
  /** The field went through in another form or with another meaning. */
  changed(field: string, to: string, note: string, lost?: unknown): void {
    const mapping: FieldMapping = {
      field,
      fate: "changed",
      to,
      value: agentFieldValue(this.#agent, field),
      note,
    };
    if (lost !== undefined) mapping.lost = lost;
    this.fields.push(mapping);
  }
  /** The target cannot express the field. */
  dropped(field: string, note: string): void {
    this.fields.push({ field, fate: "dropped", value: agentFieldValue(this.#agent, field), note });
  }
}

/** True when a report loses something: a dropped field or a part of one. */
export function isLossy(fields: readonly FieldMapping[]): boolean {
  return fields.some((f) => f.fate === "dropped" || f.lost !== undefined);
}

/** A markdown agent file: frontmatter (in the order given, `undefined` left out) and the prompt. */
export function formatMarkdownAgent(frontmatter: Record<string, unknown>, body: string): string {
  return stringifyFrontmatter(frontmatter, body);
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Options of {@link writeExtras}. */
export interface WriteExtrasOptions {
  /** Keys the target reads, as written in its files. */
  known: readonly string[];
  /** The target's name in notes (`Gemini CLI`). */
  tool: string;
  /** The target's own check of a field (its profile's `checkFields`): a refused value is dropped. */
  check?: (fields: Record<string, unknown>) => { message: string } | undefined;
  /** Can the value be written in this format? (TOML has no null.) */
  writable?: (value: unknown) => boolean;
}

/**
 * Writes the unmodelled keys a target reads into `frontmatter` (under the target's own
 * spelling) and reports each: kept; dropped when the target does not read it, refuses its
 * value, or already has that key from a modelled field with another value.
 */
export function writeExtras(
  agent: AgentDefinition,
  frontmatter: Record<string, unknown>,
  report: FieldReport,
  options: WriteExtrasOptions,
): void {
  for (const [key, value] of extraEntries(agent)) {
    const field = `extra.${key}`;
    // A tool list with `*` (Copilot's, Gemini CLI's, Claude Code's) is every tool: written as
    // no tool list, which every tool reads so.
    if (key === "allTools" && agent.tools === undefined && !options.known.includes(key)) {
      report.kept(field, "(no tools)", "every tool, as a file without a tool list gives");
      continue;
    }
    const target = knownKeyOf(key, options.known);
    if (!target) {
      report.dropped(field, `${options.tool} does not read \`${key}\``);
      continue;
    }
    if (frontmatter[target] !== undefined) {
      if (sameValue(frontmatter[target], value))
        report.kept(field, target, "same value as the field written there");
      else report.dropped(field, `\`${target}\` is already written from a modelled field`);
      continue;
    }
    const problem = options.check?.({ [target]: value });
    if (problem) {
      report.dropped(field, `${options.tool} ${problem.message}`);
      continue;
    }
    if (options.writable && !options.writable(value)) {
      report.dropped(field, "its value has no form in this file format");
      continue;
    }
    frontmatter[target] = value;
    report.kept(field, target);
  }
}

/** The agent's tools as written (roster's `submit_result` left out), or `undefined`. */
export function writtenTools(agent: AgentDefinition): string[] | undefined {
  const list = agent.toolsAsWritten ?? agent.tools;
  return list?.filter((tool) => tool.toLowerCase() !== "submit_result");
}

/**
 * Translates a tool list into a target's vocabulary and reports it under `field`: kept when
 * every name stays, changed (with each rename, and what has no counterpart as `lost`).
 * `translate` returns the target's names for one tool, or `undefined` when it has none.
 */
export function translateTools(
  tools: readonly string[],
  translate: (tool: string) => string[] | undefined,
): { out: string[]; renamed: string[]; lost: string[] } {
  const out: string[] = [];
  const renamed: string[] = [];
  const lost: string[] = [];
  for (const tool of tools) {
    const names = translate(tool);
    if (!names || names.length === 0) {
      lost.push(tool);
      continue;
    }
    if (names.length !== 1 || names[0] !== tool) renamed.push(`${tool} → ${names.join(", ")}`);
    for (const name of names) if (!out.includes(name)) out.push(name);
  }
  return { out, renamed, lost };
}

/** Reports a translated tool list (see {@link translateTools}) under `field` → `to`. */
export function reportTools(
  report: FieldReport,
  field: string,
  to: string,
  result: { renamed: string[]; lost: string[] },
  tool: string,
): void {
  if (result.renamed.length === 0 && result.lost.length === 0) {
    report.kept(field, to);
    return;
  }
  const notes: string[] = [];
  if (result.renamed.length > 0) notes.push(`renamed for ${tool}: ${result.renamed.join("; ")}`);
  if (result.lost.length > 0) notes.push(`no ${tool} counterpart: ${result.lost.join(", ")}`);
  report.changed(field, to, notes.join("; "), result.lost.length > 0 ? result.lost : undefined);
}

/**
 * The model a tool's file gets from an agent's prioritised list, reported under `model`: the
 * first model the tool takes ({@link chooseModel}, the table `roster run` uses), in its
 * spelling. Models it does not take are left out with a note, as `run` skips them; the
 * fallbacks after the chosen one are lost (a file holds one model). A tool whose vocabulary
 * has no model rules (`models`) gets the first model as it is.
 */
export function writeModel(
  agent: AgentDefinition,
  report: FieldReport,
  target: { displayName: string; vocabulary: Pick<FamilyVocabulary, "models" | "modelAliases"> },
): string | undefined {
  const models = agent.model;
  if (!models || models.length === 0) return undefined;
  if (!target.vocabulary.models) {
    if (models.length > 1)
      report.changed(
        "model",
        "model",
        `${target.displayName} takes one model; the fallbacks are lost`,
        models.slice(1),
      );
    else report.kept("model", "model");
    return models[0];
  }
  const { model, skipped } = chooseModel(target.vocabulary, models);
  if (model === undefined) {
    const which = models.length === 1 ? "does not take this model" : "takes none of these models";
    report.dropped("model", `${target.displayName} ${which} (left out, as roster run does)`);
    return undefined;
  }
  const chosen = skipped.length;
  const fallbacks = models.slice(chosen + 1);
  const notes: string[] = [];
  if (skipped.length > 0)
    notes.push(`models ${target.displayName} does not take were left out: ${skipped.join(", ")}`);
  if (model !== models[chosen]) notes.push(`${models[chosen]} is written as ${model}`);
  if (fallbacks.length > 0) notes.push(`${target.displayName} takes one model; the fallbacks are lost`);
  const lost = [...skipped, ...fallbacks];
  if (lost.length > 0) report.changed("model", "model", notes.join("; "), lost);
  else if (notes.length > 0) report.changed("model", "model", notes.join("; "));
  else report.kept("model", "model");
  return model;
}
