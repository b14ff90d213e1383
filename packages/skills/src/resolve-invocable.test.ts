import { describe, expect, test } from "vitest";
import { commandAnswersTo, resolveInvocable, type Skill } from "./index.js";

const skill = (provider: string, name: string, userInvocable = true) =>
  ({ provider, name, userInvocable }) as Skill;
const command = (provider: string, name: string, plugin?: string) => ({
  provider,
  name,
  ...(plugin ? { plugin: { name: plugin } } : {}),
});

describe("resolveInvocable", () => {
  const rules: Record<string, { clash?: "skill" | "command" }> = {
    skillFirst: { clash: "skill" },
    commandFirst: { clash: "command" },
    noRule: {},
  };
  const rulesOf = (provider: string) => rules[provider];

  test("a clash of one family and one name is settled by that family's rule", () => {
    const commands = [command("skillFirst", "deploy"), command("commandFirst", "p:lint", undefined)];
    const lintCommand = command("commandFirst", "lint", "p");
    const all = [...commands, lintCommand];
    const deploy = skill("skillFirst", "deploy");
    const lint = skill("commandFirst", "p:lint");
    const result = resolveInvocable(all, [deploy, lint], rulesOf);
    // The skill hides the command of its name; the plugin's command hides the skill.
    expect(result.shadowedCommands).toEqual([{ command: commands[0], by: deploy }]);
    expect(result.shadowedSkills.map((s) => s.skill)).toEqual([lint]);
    expect(result.commands).toEqual([commands[1], lintCommand]);
    expect(result.skills).toEqual([deploy]);
  });

  test("no clash across families, without a rule, or for a skill no one may invoke", () => {
    const commands = [command("skillFirst", "a"), command("noRule", "b"), command("skillFirst", "c")];
    const skills = [skill("other", "a"), skill("noRule", "b"), skill("skillFirst", "c", false)];
    const result = resolveInvocable(commands, skills, rulesOf);
    expect(result.commands).toEqual(commands);
    expect(result.skills.map((s) => s.name)).toEqual(["a", "b"]);
    expect(result.shadowedCommands).toEqual([]);
    expect(result.shadowedSkills).toEqual([]);
  });

  test("a plugin's command answers to its scoped id", () => {
    expect(commandAnswersTo(command("x", "lint", "p"))).toBe("p:lint");
    expect(commandAnswersTo(command("x", "lint"))).toBe("lint");
  });
});
