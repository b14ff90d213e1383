import { join } from "node:path";
import { discoverSkills } from "@roster/skills";
import { createSandbox, type Sandbox } from "@roster/testkit";
import { afterEach, beforeEach, expect, test } from "vitest";
import { opencodeSkills } from "./opencode-skills.js";

const skill = (name: string, description: string) =>
  `---\nname: ${name}\ndescription: ${description}\n---\nx\n`;

let sandbox: Sandbox;
beforeEach(() => {
  sandbox = createSandbox("roster-opencode-skills-");
});
afterEach(() => sandbox.cleanup());

// What `opencode debug skill` listed (opencode 1.18.33, README "Skills").
test("every place is read; of two skills of one name opencode loads one at random, so its view names them all (ambiguous)", () => {
  sandbox.write({
    "project/.git/HEAD": "x",
    "project/.opencode/skills/mine/SKILL.md": skill("mine", "project opencode"),
    "home/.config/opencode/skill/mine/SKILL.md": skill("mine", "global"),
    "project/.claude/skills/same/SKILL.md": skill("same", "project root claude"),
    "project/sub/.claude/skills/same/SKILL.md": skill("same", "sub claude"),
    "home/.claude/skills/same/SKILL.md": skill("same", "home claude"),
    "project/.opencode/skills/noname/SKILL.md": "---\ndescription: no name\n---\nx\n",
    "project/.opencode/skills/deep/er/inner/SKILL.md": skill("inner", "nested"),
  });
  const d = discoverSkills(sandbox.ctx({ cwd: join(sandbox.project, "sub") }), {
    sources: [opencodeSkills],
    as: "opencode",
  });
  expect(d.skills.map((s) => [s.name, s.description])).toEqual([
    ["inner", "nested"],
    ["mine", "project opencode"],
    ["same", "project root claude"],
  ]);
  // `debug skill` gave a different one of each pair from run to run (issue #52).
  expect(d.skills.map((s) => s.ambiguous?.length ?? 0)).toEqual([0, 2, 3]);
  expect(d.shadowed).toEqual([]);
  expect(d.diagnostics.filter((x) => x.code === "skill/ambiguous").map((x) => x.message)).toEqual([
    expect.stringMatching(
      /^opencode loads one of the 2 skills named "mine", a different one from run to run: /,
    ),
    expect.stringMatching(/^opencode loads one of the 3 skills named "same"/),
  ]);
  // roster's own merged view still names a winner.
  expect(
    discoverSkills(sandbox.ctx({ cwd: join(sandbox.project, "sub") }), { sources: [opencodeSkills] })
      .shadowed,
  ).toHaveLength(3);
  expect(d.files.find((f) => f.outcome === "skipped")).toMatchObject({
    reason: { code: "skill/missing-name" },
  });
});

test("OPENCODE_DISABLE_CLAUDE_CODE_SKILLS drops the .claude/skills folders", () => {
  sandbox.write({ "home/.claude/skills/x/SKILL.md": skill("x", "claude") });
  const env = { OPENCODE_DISABLE_CLAUDE_CODE_SKILLS: "1" };
  expect(discoverSkills(sandbox.ctx({ env }), { sources: [opencodeSkills], as: "opencode" }).skills).toEqual(
    [],
  );
  expect(discoverSkills(sandbox.ctx(), { sources: [opencodeSkills], as: "opencode" }).skills).toHaveLength(1);
});

test("dot folders hold skills only in the external folders; a root SKILL.md is a skill", () => {
  sandbox.write({
    "project/.git/HEAD": "x",
    "project/.opencode/skills/.own/SKILL.md": skill("own-dot", "not read"),
    "project/.claude/skills/.ext/SKILL.md": skill("ext-dot", "read"),
    "home/.agents/skills/.user/SKILL.md": skill("user-dot", "read"),
    "home/.agents/skills/SKILL.md": skill("root", "at the root"),
  });
  const d = discoverSkills(sandbox.ctx(), { sources: [opencodeSkills], as: "opencode" });
  expect(d.skills.map((s) => s.name)).toEqual(["ext-dot", "root", "user-dot"]);
});
