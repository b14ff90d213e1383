// Every spelling of every tool, read from the families' own vocabularies: a family declares
// its tool's names (`vocabulary.tools`, and `vocabulary.toolAliases` for names it reads but
// roster never writes), and the app's family set builds this table once from all of them.
import type { FamilyVocabulary } from "./define-family.js";
import { READING_CAPABILITIES } from "./raising.js";
import { CAPABILITIES, type Capability, ruleToolName, type ToolTable } from "./tool-names.js";
import { READ_ONLY_CAPABILITIES } from "./untrusted.js";

/**
 * The table of the tool names of `vocabularies` (a family set's, highest precedence first):
 * roster's own names (`read`, `find`, …) first, then each vocabulary's `tools` and
 * `toolAliases`, capabilities in {@link CAPABILITIES} order. A
 * name two capabilities claim (Claude Code's `Glob` for `find` and `ls`, Copilot's `search`)
 * stands for the first; between vocabularies, the first vocabulary's claim wins.
 *
 * @example toolTable([claudeVocabulary]).capabilityOf("Glob") // "find"
 */
export function toolTable(vocabularies: readonly FamilyVocabulary[]): ToolTable {
  // roster's own names stand for themselves whatever the set (an agent's tools in roster's words).
  const byName = new Map<string, Capability>(CAPABILITIES.map((capability) => [capability, capability]));
  for (const vocabulary of vocabularies)
    for (const capability of CAPABILITIES)
      for (const name of [...vocabulary.tools[capability], ...(vocabulary.toolAliases?.[capability] ?? [])]) {
        const key = name.trim().toLowerCase();
        if (!byName.has(key)) byName.set(key, capability);
      }
  const capabilityOf = (tool: string) => byName.get(tool.trim().toLowerCase());
  return Object.freeze({
    capabilityOf,
    canonicalToolName: (name: string) => capabilityOf(name) ?? name.trim().toLowerCase(),
    isReadOnlyTool(name: string) {
      const tool = ruleToolName(name);
      const capability = tool === undefined ? undefined : capabilityOf(tool);
      return capability !== undefined && READ_ONLY_CAPABILITIES.includes(capability);
    },
    toolsBeyondReading: (value: unknown) =>
      splitTools(value).filter((tool) => {
        const capability = capabilityOf(tool.replace(/\(.*$/s, "").trim());
        return capability === undefined || !READING_CAPABILITIES.includes(capability);
      }),
  });
}

/** Splits a tool list written with commas or spaces, parentheses kept whole. */
function splitTools(value: unknown): string[] {
  if (Array.isArray(value))
    return value.filter((v): v is string => typeof v === "string").map((v) => v.trim());
  if (typeof value !== "string") return [];
  const items: string[] = [];
  let depth = 0;
  let current = "";
  for (const c of value) {
    if (c === "(") depth += 1;
    else if (c === ")") depth = Math.max(0, depth - 1);
    if (depth === 0 && (c === "," || /\s/.test(c))) {
      if (current.trim()) items.push(current.trim());
      current = "";
    } else current += c;
  }
  if (current.trim()) items.push(current.trim());
  return items;
}
