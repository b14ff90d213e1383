// Who answers `/name` when a tool has both command files and invocable skills (SPEC §18): a
// skill and a command of one family and one name clash, and the family's rule says which
// answers (`clash` in its skill rules). Commands are taken by shape, so this package needs
// none of @roster/commands.
import type { SkillRules } from "@roster/family";
import type { Skill } from "./skill-types.js";

/** A command as the clash rule reads it: its family, its name, and the plugin that scopes it. */
export interface InvocableCommand {
  provider: string;
  name: string;
  plugin?: { name: string } | undefined;
}

/** What answers `/name`: the commands, the invocable skills, and who hides whom. */
export interface Invocable<C extends InvocableCommand> {
  commands: C[];
  skills: Skill[];
  /** Commands a skill of the same tool answers before (Claude Code). */
  shadowedCommands: Array<{ command: C; by: Skill }>;
  /** Skills a command of the same tool answers before (Claude Code plugin commands over plugin skills). */
  shadowedSkills: Array<{ skill: Skill; by: C }>;
}

/** The name a command answers to: a plugin's scoped id (`plugin:name`), or its bare name. */
export function commandAnswersTo(command: InvocableCommand): string {
  return command.plugin ? `${command.plugin.name}:${command.name}` : command.name;
}

/** The command of its own family that `skill` answers `/name` before (its rule's `clash: "skill"`, Claude Code), or `undefined`. */
export function commandHiddenBy<C extends InvocableCommand>(
  commands: readonly C[],
  skill: Skill,
  rulesOf: (provider: string) => Pick<SkillRules, "clash"> | undefined,
): C | undefined {
  if (!skill.userInvocable || rulesOf(skill.provider)?.clash !== "skill") return undefined;
  return commands.find((c) => c.provider === skill.provider && commandAnswersTo(c) === skill.name);
}

/**
 * Commands and invocable skills side by side: a user-invocable skill and a command of its
 * family that answer to one name clash, and `rulesOf(skill.provider).clash` says which answers
 * (`skill`: the command is hidden; `command`: the skill is). Skills no one may invoke are left out.
 *
 * @example resolveInvocable(commands.commands, skills.skills, (id) => sources.find((s) => s.id === id)?.rules)
 */
export function resolveInvocable<C extends InvocableCommand>(
  commands: readonly C[],
  skills: readonly Skill[],
  rulesOf: (provider: string) => Pick<SkillRules, "clash"> | undefined,
): Invocable<C> {
  const result: Invocable<C> = { commands: [], skills: [], shadowedCommands: [], shadowedSkills: [] };
  const hidden = new Set<C>();
  for (const skill of skills) {
    if (!skill.userInvocable) continue;
    const rule = rulesOf(skill.provider)?.clash;
    const command = commands.find((c) => c.provider === skill.provider && commandAnswersTo(c) === skill.name);
    if (command && rule === "skill") {
      hidden.add(command);
      result.shadowedCommands.push({ command, by: skill });
    } else if (command && rule === "command") {
      result.shadowedSkills.push({ skill, by: command });
      continue;
    }
    result.skills.push(skill);
  }
  result.commands = commands.filter((c) => !hidden.has(c));
  return result;
}
