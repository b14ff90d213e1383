import { draw, type Text } from "@roster/terminal";
import { describe, expect, it } from "vitest";
import { describeCommand, describeInvocables, invocableJson } from "./describe-invocable.js";
import {
  describeSkill,
  describeSkillList,
  describeSkillWinner,
  formatSize,
  skillsTotal,
  skillWhyJson,
} from "./describe-skills.js";
import type { Skill, SkillDiscovery } from "./skill-types.js";

const plain = (texts: readonly Text[]) => texts.map((t) => draw(t, false));
const view = { cwd: "/p", home: "/h" };

function skill(over: Partial<Skill> = {}): Skill {
  return {
    name: "deploy",
    description: "Ships it.",
    provider: "acme",
    scope: "project",
    filePath: "/p/.acme/skills/deploy/SKILL.md",
    dir: "/p/.acme/skills/deploy",
    userInvocable: true,
    modelInvocable: true,
    keys: ["name", "description", "owner"],
    fields: { name: "deploy", description: "Ships it.", owner: "ops" },
    files: [{ path: "SKILL.md", kind: "file", size: 2048 }],
    body: "Do it.",
    ...over,
  } as Skill;
}

function discovery(over: Partial<SkillDiscovery> = {}): SkillDiscovery {
  return { skills: [skill()], shadowed: [], diagnostics: [], searched: [], files: [], ...over };
}

describe("skills list", () => {
  it("counts the skills, the shadowed ones and the problems, for the tool asked", () => {
    const problems = [
      { severity: "error", code: "skill/missing-name", message: "m", filePath: "f" },
    ] as never;
    expect(skillsTotal(discovery({ as: "acme", diagnostics: problems }))).toBe(
      "1 skill for acme, 1 problem reading skill files (roster doctor)",
    );
    const lines = plain(describeSkillList(view, discovery()));
    expect(lines[0]).toContain("/deploy");
    expect(lines.slice(1)).toEqual(["", "1 skill", "/name: the skill answers that command"]);
    expect(plain(describeSkillList(view, discovery({ skills: [] })))).toEqual(["0 skills"]);
  });
});

describe("skills show", () => {
  it("gives the fields, the keys as written beyond the known ones, the files and the body", () => {
    const lines = plain(describeSkill(view, skill({ modelInvocable: false })));
    expect(lines.slice(0, 5)).toEqual([
      "deploy — Ships it.",
      "acme, project, .acme/skills/deploy",
      "invocable:      /deploy",
      "model:          never calls it on its own (disable-model-invocation)",
      "owner:          ops",
    ]);
    expect(lines).toContain("Files (1):");
    expect(lines.at(-1)).toBe("\nDo it.");
  });

  it("sizes files in bytes, KiB and MiB", () => {
    expect([formatSize(undefined), formatSize(10), formatSize(2048), formatSize(3 * 1024 * 1024)]).toEqual([
      "",
      "10 B",
      "2.0 KiB",
      "3.0 MiB",
    ]);
  });
});

describe("skills why", () => {
  it("has no winner when the tool picks among several, and names the command it hides", () => {
    const hidden = { name: "deploy", provider: "acme", filePath: "/p/.acme/commands/deploy.md" };
    const why = {
      d: discovery(),
      name: "deploy",
      winner: skill({ ambiguous: ["/a", "/b"] }),
      candidates: [],
      hidden,
    };
    expect(skillWhyJson(why)).toMatchObject({
      winner: null,
      ambiguous: ["/a", "/b"],
      hides: [{ kind: "command" }],
    });
    const lines = plain(describeSkillWinner(view, why));
    expect(lines[0]).toContain("deploy is ambiguous: the tool loads one of these 2");
    expect(lines[1]).toBe(
      "It hides the command .acme/commands/deploy.md (acme): the skill answers /deploy first",
    );
    expect(plain(describeSkillWinner(view, { ...why, winner: skill(), hidden: undefined }))).toEqual([
      "\ndeploy resolves to .acme/skills/deploy/SKILL.md (acme, project)",
    ]);
  });
});

describe("commands list", () => {
  it("lists commands and invocable skills, the shadowed with why, and counts them", () => {
    const command = {
      name: "deploy",
      provider: "acme",
      description: "d",
      source: "project",
      filePath: "/p/.acme/commands/deploy.md",
    };
    const all = {
      commands: [],
      skills: [],
      shadowedCommands: [{ command, by: skill() }],
      shadowedSkills: [],
    };
    const lines = plain(describeInvocables(view, all, 2));
    expect(lines[0]).toBe("Shadowed:");
    expect(lines[1]).toContain("the skill .acme/skills/deploy answers /deploy first");
    expect(lines.at(-1)).toBe(
      "0 commands, 1 shadowed; 2 diagnostics (roster commands list --json shows them)",
    );
    expect(invocableJson(all, []).shadowed).toEqual([
      {
        kind: "command",
        name: "deploy",
        provider: "acme",
        filePath: command.filePath,
        shadowedBy: skill().filePath,
      },
    ]);
  });
});

describe("commands show", () => {
  it("the name and description, where it comes from with its path shown short, then the instructions", () => {
    const command = {
      name: "deploy",
      provider: "acme",
      description: "",
      source: "project",
      filePath: "/p/.acme/commands/deploy.md",
      instructions: "Ship $1.",
    };
    expect(plain(describeCommand(view, command))).toEqual([
      "deploy — (no description)",
      "acme, project, .acme/commands/deploy.md",
      "\nShip $1.",
    ]);
  });
});
