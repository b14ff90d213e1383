import type { SkillSource } from "@roster/family";
import { describe, expect, test } from "vitest";
import { SkillTargetError, skillScopeOf, skillTargetsOf } from "./skill-targets.js";

const sources = [
  { id: "a-skills", tool: "alpha" },
  { id: "plugin-skills" },
  { id: "b-skills", tool: "beta" },
] as unknown as SkillSource[];

describe("skillTargetsOf", () => {
  test("the sources --to names, in the order asked, spaces aside", () => {
    expect(skillTargetsOf(sources, "beta, alpha").map((s) => s.id)).toEqual(["b-skills", "a-skills"]);
  });

  test("no --to names the tools that can be copied for (a source without a tool is none)", () => {
    expect(() => skillTargetsOf(sources, undefined)).toThrow(
      new SkillTargetError("--to names the tool to copy for (alpha, beta)"),
    );
  });

  test("an unknown tool carries the list to suggest from", () => {
    let caught: SkillTargetError | undefined;
    try {
      skillTargetsOf(sources, "alpha,gamma");
    } catch (error) {
      caught = error as SkillTargetError;
    }
    expect(caught?.unknown).toEqual({
      kind: "tool",
      flag: "--to",
      wanted: "gamma",
      known: ["alpha", "beta"],
    });
  });
});

describe("skillScopeOf", () => {
  test("project, user or not given; anything else is unknown with both to suggest", () => {
    expect(skillScopeOf(undefined)).toBeUndefined();
    expect(skillScopeOf("user")).toBe("user");
    expect(() => skillScopeOf("global")).toThrow(SkillTargetError);
  });
});
