import { defineProvider } from "@roster/core";
import { describe, expect, test } from "vitest";
import { type FamilyDefinition, FamilyDefinitionError, ROSTER_VOCABULARY } from "./define-family.js";
import { createFamilySet } from "./family-set.js";
import type { SkillSource } from "./skill-source.js";
import type { AgentWriter, ToolProfile } from "./tool-profile.js";

/** A family of `id` with the parts given (each bearing the family's id). */
function family(id: string, parts: Partial<FamilyDefinition> = {}): FamilyDefinition {
  return {
    id,
    displayName: `The ${id} tool`,
    provider: defineProvider({ id, locate: () => [] }),
    vocabulary: ROSTER_VOCABULARY,
    ...parts,
  };
}
const profile = (tool: string) => ({ tool }) as ToolProfile;
const writer = (tool: string) => ({ tool }) as AgentWriter;
const skills = (id: string) => ({ id, tool: id }) as unknown as SkillSource;
const host = (id: string) => ({ id, displayName: id });

describe("createFamilySet", () => {
  test("keeps the list's order, a post family after every other one (config families before it)", () => {
    const set = createFamilySet([
      family("alpha"),
      family("late", { enforce: "post" }),
      family("last", { enforce: "post" }),
      family("team"),
    ]);
    expect(set.ids()).toEqual(["alpha", "team", "late", "last"]);
    expect(set.providers.map((p) => p.id)).toEqual(["alpha", "team", "late", "last"]);
  });

  test("its tool table reads every family's vocabulary, in the set's order, a config family's too", () => {
    const peek = family("team", {
      vocabulary: { ...ROSTER_VOCABULARY, tools: { ...ROSTER_VOCABULARY.tools, read: ["Peek"] } },
    });
    const set = createFamilySet([family("late", { enforce: "post" }), peek]);
    expect(set.tools.capabilityOf("peek")).toBe("read");
    expect(set.tools.isReadOnlyTool("Peek")).toBe(true);
    expect(createFamilySet([family("alpha")]).tools.isReadOnlyTool("Peek")).toBe(false);
  });

  test("gives each part of the families that have it, in the set's order", () => {
    const set = createFamilySet([
      family("alpha", { profile: profile("alpha"), writer: writer("alpha"), host: host("alpha") }),
      family("late", { enforce: "post", skills: skills("late"), host: host("alpha") }),
      family("team", { profile: profile("team"), skills: skills("team"), host: host("team") }),
      family("beta", { writer: writer("beta") }),
    ]);
    expect(set.profiles.map((p) => p.tool)).toEqual(["alpha", "team"]);
    expect(set.writers.map((w) => w.tool)).toEqual(["alpha", "beta"]);
    expect(set.skillSources.map((s) => s.id)).toEqual(["team", "late"]);
    // `late` runs on alpha's host: `--host` names alpha once.
    expect(set.hosts.map((f) => f.id)).toEqual(["alpha", "team"]);
    expect(set.get("team")?.displayName).toBe("The team tool");
    expect(set.get("nope")).toBeUndefined();
  });

  test("is frozen, its lists too", () => {
    const set = createFamilySet([family("alpha", { profile: profile("alpha") })]);
    expect(Object.isFrozen(set)).toBe(true);
    for (const list of [set.families, set.providers, set.profiles, set.writers, set.skillSources, set.hosts])
      expect(Object.isFrozen(list)).toBe(true);
  });

  test("refuses two families of one id, saying the fix", () => {
    expect(() => createFamilySet([family("team"), family("alpha"), family("team")])).toThrow(
      new FamilyDefinitionError(
        'two families have the id "team": give one of them another id (each id names one family\'s --as, --to and --host)',
      ),
    );
  });

  test("refuses a family that is not well formed, naming which one and the fix", () => {
    expect(() => createFamilySet([family("alpha"), family("team", { writer: writer("teams") })])).toThrow(
      'family 2 of the set: family "team" has a writer for "teams": set the writer\'s tool to "team"',
    );
    expect(() => createFamilySet([family("team", { enforce: "last" as "post" })])).toThrow(
      'family "team" has enforce "last": give "post" (after every other family) or leave it out',
    );
  });
});
