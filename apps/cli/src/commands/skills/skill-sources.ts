// The skills side of the app's family set (SPEC §4, §18): each family carries its own skill
// source (`skills`), a config family's too; xcsh and Cursor have none (README "Skills").
import type { SkillRules } from "@roster/family";
import type { AppFamilies } from "../../families.js";

/** The `--as` values of `roster skills`: the tools among the set's skill sources, in its order. */
export function skillToolsOf(families: AppFamilies): string[] {
  return families.skillSources.flatMap((s) => (s.tool ? [s.tool] : []));
}

/** The rules of the source whose folder a skill is in (its `provider`). */
export function skillRulesOf(families: AppFamilies, provider: string): SkillRules | undefined {
  return families.skillSources.find((s) => s.id === provider)?.rules;
}
