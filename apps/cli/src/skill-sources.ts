// The skill source of every family that has one, in the registry's order (SPEC §4, §18).
// xcsh and Cursor have none (README "Skills"). When the family list carries `skills`, this
// list becomes that list's `skills` values.
import type { SkillRules, SkillSource } from "@roster/core";
import { claudeSkills } from "@roster/source-claude";
import { codexSkills } from "@roster/source-codex";
import { copilotSkills } from "@roster/source-copilot";
import { geminiSkills } from "@roster/source-gemini";
import { opencodeSkills } from "@roster/source-opencode";
import { pluginSkills } from "@roster/source-plugins";

/** Every skill source, highest precedence first: the merged view reads them in this order. */
export const SKILL_SOURCES: readonly SkillSource[] = [
  claudeSkills,
  codexSkills,
  geminiSkills,
  opencodeSkills,
  copilotSkills,
  pluginSkills,
];

/** The `--as` values of `roster skills`. */
export const SKILL_TOOLS: readonly string[] = SKILL_SOURCES.flatMap((s) => (s.tool ? [s.tool] : []));

/** The rules of the source whose folder a skill is in (its `provider`). */
export function skillRulesOf(provider: string): SkillRules | undefined {
  return SKILL_SOURCES.find((s) => s.id === provider)?.rules;
}
