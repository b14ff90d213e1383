// The skill source of every family that has one, in the family list's order (SPEC §4, §18):
// each family carries its own (`skills`); xcsh and Cursor have none (README "Skills").
import type { SkillRules, SkillSource } from "@roster/family";
import { FAMILIES } from "./families.js";

/** Every skill source, highest precedence first: the merged view reads them in this order. */
export const SKILL_SOURCES: readonly SkillSource[] = FAMILIES.flatMap((family) =>
  family.skills ? [family.skills] : [],
);

/** The `--as` values of `roster skills`. */
export const SKILL_TOOLS: readonly string[] = SKILL_SOURCES.flatMap((s) => (s.tool ? [s.tool] : []));

/** The rules of the source whose folder a skill is in (its `provider`). */
export function skillRulesOf(provider: string): SkillRules | undefined {
  return SKILL_SOURCES.find((s) => s.id === provider)?.rules;
}
