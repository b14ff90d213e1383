import { join } from "node:path";
import { discoverSkills } from "@roster/skills";
import { createSandbox, type Sandbox } from "@roster/testkit";
import { afterEach, beforeEach, expect, test } from "vitest";
import { geminiSkills } from "./gemini-skills.js";

const skill = (name: string, description: string) =>
  `---\nname: ${name}\ndescription: ${description}\n---\nx\n`;

let sandbox: Sandbox;
beforeEach(() => {
  sandbox = createSandbox("roster-gemini-skills-");
});
afterEach(() => sandbox.cleanup());

// Gemini CLI 0.61.0 `SkillManager.discoverSkills` (README "Skills"): the workspace (the cwd
// only) over the user; `.agents` over `.gemini` in each; one level; name and description needed.
test("the cwd's .agents/.gemini skills win over the user's; parent folders are not read", () => {
  sandbox.write({
    ".gemini/skills/parent/SKILL.md": skill("parent", "not read: above the cwd"),
    "project/.gemini/skills/same/SKILL.md": skill("same", "project gemini"),
    "project/.agents/skills/same/SKILL.md": skill("same", "project agents"),
    "home/.gemini/skills/same/SKILL.md": skill("same", "user gemini"),
    "home/.gemini/skills/odd/SKILL.md": skill("a:b", "sanitised"),
    "home/.gemini/skills/group/deeper/SKILL.md": skill("deeper", "too deep"),
  });
  const d = discoverSkills(sandbox.ctx(), { sources: [geminiSkills], as: "gemini" });
  expect(d.skills.map((s) => [s.name, s.description])).toEqual([
    ["same", "project agents"],
    ["a-b", "sanitised"],
  ]);
  expect(d.shadowed.map((s) => s.skill.description)).toEqual(["project gemini", "user gemini"]);
  expect(d.searched.map((s) => s.dir)).not.toContain(join(sandbox.root, ".gemini/skills"));
});
