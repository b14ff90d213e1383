import { describe, expect, test } from "vitest";
import { defineSkillSource, type SkillRules, skillRulesOf, skillToolsOf } from "./skill-source.js";

const rules = (clash: SkillRules["clash"]): SkillRules => ({
  layout: "one-level",
  identity: "name",
  duplicates: "first-wins",
  requiresDescription: true,
  badYaml: "skip",
  requiresFrontmatter: true,
  invocable: true,
  clash,
  knownKeys: ["name", "description"],
});
const source = (id: string, tool: string | undefined, clash: SkillRules["clash"]) =>
  defineSkillSource({
    id,
    ...(tool ? { tool } : {}),
    displayName: id,
    places: () => [],
    rules: rules(clash),
  });

// A set as the app holds it: two tools, a source that is no tool of its own (plugins), in order.
const set = {
  skillSources: [
    source("lab", "lab", "skill"),
    source("lab-plugins", undefined, "command"),
    source("bench", "bench", "command"),
  ],
};

describe("skill sources of a set", () => {
  test("the --as values are the sources' tools in the set's order, without a source that is no tool", () => {
    expect(skillToolsOf(set)).toEqual(["lab", "bench"]);
  });

  test("a skill's rules are its provider's source's, and none for a provider without one", () => {
    expect(skillRulesOf(set, "lab")?.clash).toBe("skill");
    expect(skillRulesOf(set, "lab-plugins")?.clash).toBe("command");
    expect(skillRulesOf(set, "notes")).toBeUndefined();
  });
});
