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
  const d = discoverSkills(sandbox.ctx({ env: { GEMINI_CLI_TRUST_WORKSPACE: "true" } }), {
    sources: [geminiSkills],
    as: "gemini",
  });
  expect(d.skills.map((s) => [s.name, s.description])).toEqual([
    ["same", "project agents"],
    ["a-b", "sanitised"],
  ]);
  expect(d.shadowed.map((s) => s.skill.description)).toEqual(["project gemini", "user gemini"]);
  expect(d.searched.map((s) => s.dir)).not.toContain(join(sandbox.root, ".gemini/skills"));
});

// Gemini CLI 0.61.0 `SkillManager.discoverSkills(storage, extensions, isTrusted)`: no
// workspace skill in a folder it does not trust (folder trust is on by default).
test("folder trust gates the project's skills as it gates project agents", () => {
  sandbox.write({
    "project/.gemini/skills/mine/SKILL.md": skill("mine", "project"),
    "project/.agents/skills/ours/SKILL.md": skill("ours", "project agents"),
    "home/.gemini/skills/user/SKILL.md": skill("user", "user"),
  });
  const untrusted = discoverSkills(sandbox.ctx(), { sources: [geminiSkills], as: "gemini" });
  expect(untrusted.skills.map((s) => s.name)).toEqual(["user"]);
  expect(untrusted.searched.filter((s) => s.status === "untrusted").map((s) => s.scope)).toEqual([
    "project",
    "project",
  ]);
  expect(untrusted.diagnostics.map((d) => d.code)).toContain("skill/untrusted");
  sandbox.write({
    "home/.gemini/trustedFolders.json": JSON.stringify({ [sandbox.project]: "TRUST_FOLDER" }),
  });
  const trusted = discoverSkills(sandbox.ctx(), { sources: [geminiSkills], as: "gemini" });
  expect(trusted.skills.map((s) => s.name)).toEqual(["ours", "mine", "user"]);
  // roster's own merged view is not Gemini CLI's: it still lists the project's skills.
  expect(discoverSkills(sandbox.ctx(), { sources: [geminiSkills] }).skills.map((s) => s.name)).toContain(
    "mine",
  );
});

// Its loader globs `SKILL.md` and `*/SKILL.md`: a root SKILL.md is a skill; `*` skips dot folders.
test("a SKILL.md at the root of a skills folder is a skill; dot folders are not searched", () => {
  sandbox.write({
    "home/.gemini/skills/SKILL.md": skill("root", "at the root"),
    "home/.gemini/skills/beside/SKILL.md": skill("beside", "beside it"),
    "home/.gemini/skills/.hidden/SKILL.md": skill("hidden", "a dot folder"),
  });
  const d = discoverSkills(sandbox.ctx(), { sources: [geminiSkills], as: "gemini" });
  expect(d.skills.map((s) => s.name)).toEqual(["root", "beside"]);
});
