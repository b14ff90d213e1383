import { defineProvider } from "@roster/core";
import { describe, expect, test } from "vitest";
import { defineFamily, FamilyDefinitionError, familyProblem, ROSTER_VOCABULARY } from "./define-family.js";

const provider = defineProvider({ id: "team", locate: () => [] });
const family = { id: "team", displayName: "Team folder", provider, vocabulary: ROSTER_VOCABULARY };

describe("defineFamily", () => {
  test("returns the family, frozen", () => {
    const f = defineFamily(family);
    expect(f).toEqual(family);
    expect(Object.isFrozen(f)).toBe(true);
  });

  test.each([
    [{ ...family, id: "Team" }, 'a family needs an "id" of lower-case letters'],
    [{ ...family, displayName: " " }, 'family "team" needs a "displayName"'],
    [{ ...family, provider: { id: "team" } }, 'family "team" needs a "provider" made with defineProvider'],
    [
      { ...family, provider: { ...provider, id: "teams" } },
      'family "team" has provider "teams": give the provider the family\'s id ("team")',
    ],
    [
      { ...family, writer: { tool: "teams" } },
      'family "team" has a writer for "teams": set the writer\'s tool to "team"',
    ],
    [
      { ...family, profile: { tool: "x" } },
      'family "team" has a profile for "x": set the profile\'s tool to "team"',
    ],
    [
      { ...family, skills: { id: "teams" } },
      'family "team" has skills of "teams": give its skill source the family\'s id ("team")',
    ],
    [{ ...family, vocabulary: undefined }, 'family "team" needs a "vocabulary"'],
    [
      { ...family, vocabulary: { ...ROSTER_VOCABULARY, tools: { read: ["read"] } } },
      'family "team"\'s vocabulary has no tool names for grep, find, ls, lsp, web_search, fetch, bash, edit, write, task, todo: give [] for a capability its tool lacks',
    ],
    [
      { ...family, vocabulary: { ...ROSTER_VOCABULARY, models: { takes: ["claude-"] } } },
      'family "team"\'s vocabulary has "models" without "takes" (a list of RegExp): write them as {',
    ],
    [
      { ...family, vocabulary: { ...ROSTER_VOCABULARY, models: { takes: [/^x-/], strip: "vendor/" } } },
      'family "team"\'s vocabulary has "models" whose "strip" is not a list of strings',
    ],
    [
      { ...family, vocabulary: { ...ROSTER_VOCABULARY, models: { takes: [], respell: [{ match: "x-" }] } } },
      'family "team"\'s vocabulary has "models" whose "respell" is not a list of { match: RegExp, prefix: string }',
    ],
  ])("refuses a malformed family with the fix (%#)", (bad, message) => {
    expect(() => defineFamily(bad as never)).toThrow(FamilyDefinitionError);
    expect(familyProblem(bad)).toContain(message);
  });

  test("a provider with load and no locate is a provider", () => {
    expect(familyProblem({ ...family, provider: { id: "team", load: () => [] } })).toBeUndefined();
  });
});

describe("a vocabulary's tool aliases", () => {
  test("names for capabilities are taken; an unknown capability or a non-string is refused with the fix", () => {
    const aliased = (toolAliases: unknown) => ({
      ...family,
      vocabulary: { ...ROSTER_VOCABULARY, toolAliases },
    });
    expect(familyProblem(aliased({ edit: ["MultiEdit"], ls: ["LS"] }))).toBeUndefined();
    expect(familyProblem(aliased({ peek: ["Peek"] }))).toContain('"toolAliases" with "peek"');
    expect(familyProblem(aliased({ read: "Peek" }))).toContain('"toolAliases" with "read"');
    expect(familyProblem(aliased({ read: [1] }))).toContain('"toolAliases" with "read"');
  });
});
