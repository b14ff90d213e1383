import type { AgentWriter } from "@roster/family";
import { describe, expect, test } from "vitest";
import { nameRefusal, renameFor, slugName } from "./rename-agent.js";

/** A writer with only what the name rules read: a slug-only tool, as Gemini CLI is. */
const slugOnly = {
  tool: "slugs",
  displayName: "Slugs",
  folders: false,
  profile: { nameProblem: (name: string) => (/^[a-z0-9-_]+$/.test(name) ? undefined : "is not a slug") },
} as unknown as AgentWriter;
const anyName = { tool: "any", displayName: "Any", folders: false } as unknown as AgentWriter;

describe("slugName", () => {
  test.each([
    ["CSharpExpert", "csharp-expert"],
    ["dotnet-framework-4.8-expert", "dotnet-framework-4-8-expert"],
    ["Code Reviewer", "code-reviewer"],
    ["  team/Reviewer  ", "team-reviewer"],
    ["résumé_writer", "resume_writer"],
    ["already-a-slug", "already-a-slug"],
    ["-lead", "lead"],
    ["日本語", ""],
  ])("%j → %j", (name, slug) => {
    expect(slugName(name)).toBe(slug);
  });
});

describe("renameFor", () => {
  test("a name the tool refuses is written as its slug, with the refusal in the reason", () => {
    expect(renameFor(slugOnly, "CSharpExpert")).toEqual({
      name: "csharp-expert",
      reason: 'Slugs does not accept the name "CSharpExpert": it is not a slug; written as csharp-expert',
    });
    // A name unsafe as a file name for any tool: its slug too.
    expect(renameFor(anyName, "Code Reviewer")?.name).toBe("Code-Reviewer".toLowerCase());
  });

  test("no rename for a name the tool takes, or when no slug of it is taken either", () => {
    expect(renameFor(slugOnly, "csharp-expert")).toBeUndefined();
    expect(renameFor(anyName, "CSharpExpert")).toBeUndefined();
    expect(renameFor(slugOnly, "日本語")).toBeUndefined();
    expect(nameRefusal(slugOnly, "日本語")?.code).toBe("export/unsafe-name");
  });
});
