import { join } from "node:path";
import { discoverSkills } from "@roster/skills";
import { createSandbox, type Sandbox } from "@roster/testkit";
import { afterEach, beforeEach, expect, test } from "vitest";
import { copilotSkills } from "./copilot-skills.js";

const skill = (name: string, description: string) =>
  `---\nname: ${name}\ndescription: ${description}\n---\nx\n`;

let sandbox: Sandbox;
beforeEach(() => {
  sandbox = createSandbox("roster-copilot-skills-");
});
afterEach(() => sandbox.cleanup());

// What Copilot CLI 1.0.102's `skillsLoad` returned (README "Skills").
test("nearest project folder first (.github, .agents, .claude), then ~/.copilot and ~/.agents; ~/.claude is not read", () => {
  sandbox.write({
    "project/.git/HEAD": "x",
    "project/sub/.github/skills/same/SKILL.md": skill("same", "sub github"),
    "project/.github/skills/same/SKILL.md": skill("same", "root github"),
    "project/.claude/skills/same/SKILL.md": skill("same", "root claude"),
    "home/.copilot/skills/same/SKILL.md": skill("same", "user"),
    "home/.claude/skills/hidden/SKILL.md": skill("hidden", "not read"),
    "project/.github/skills/noname/SKILL.md": "---\ndescription: nn\n---\nx\n",
    "project/.github/skills/bad/SKILL.md": "---\nname: bad\ndescription: [unclosed\n---\nx\n",
  });
  const d = discoverSkills(sandbox.ctx({ cwd: join(sandbox.project, "sub") }), {
    sources: [copilotSkills],
    as: "copilot",
  });
  expect(d.skills.map((s) => [s.name, s.description, s.userInvocable])).toEqual([
    ["same", "sub github", true],
    ["noname", "nn", true],
  ]);
  expect(d.shadowed.map((s) => s.skill.description)).toEqual(["root github", "root claude", "user"]);
  expect(d.files.find((f) => f.outcome === "skipped")).toMatchObject({
    reason: { code: "skill/yaml-error" },
  });
});
