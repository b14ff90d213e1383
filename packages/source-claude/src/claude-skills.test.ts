import { join } from "node:path";
import { discoverSkills } from "@roster/skills";
import { createSandbox, type Sandbox } from "@roster/testkit";
import { afterEach, beforeEach, expect, test } from "vitest";
import { claudeSkills } from "./claude-skills.js";

const skill = (name: string, description: string) =>
  `---\nname: ${name}\ndescription: ${description}\n---\nBody of ${name}.\n`;

let sandbox: Sandbox;
beforeEach(() => {
  sandbox = createSandbox("roster-claude-skills-");
});
afterEach(() => sandbox.cleanup());

// Facts checked against Claude Code 2.1.197 (README "Skills"): personal over project, every
// `.claude/skills` up to the repository root, one level, named by folder.
test("personal skills win over project ones; every .claude/skills up to the repo root is read", () => {
  sandbox.write({
    "project/.git/HEAD": "x",
    "home/.claude/skills/deploy/SKILL.md": skill("deploy", "personal"),
    "project/.claude/skills/deploy/SKILL.md": skill("deploy", "project"),
    "project/.claude/skills/review/SKILL.md": skill("review", "root review"),
    "project/app/.claude/skills/review/SKILL.md": skill("review", "nearest review"),
    "project/.claude/skills/group/nested/SKILL.md": skill("nested", "too deep for Claude Code"),
  });
  const d = discoverSkills(sandbox.ctx({ cwd: join(sandbox.project, "app") }), {
    sources: [claudeSkills],
    as: "claude",
  });
  expect(d.skills.map((s) => [s.name, s.description])).toEqual([
    ["deploy", "personal"],
    ["review", "nearest review"],
  ]);
  expect(d.shadowed.map((s) => s.skill.description)).toEqual(["project", "root review"]);
  expect(d.files.find((f) => f.path.endsWith(join(".claude", "skills", "group")))?.outcome).toBe(
    "not-an-agent",
  );
});

test("CLAUDE_CONFIG_DIR replaces ~/.claude; the folder names the skill, not `name`", () => {
  sandbox.write({ "cfg/skills/ship-it/SKILL.md": skill("deploy", "ships") });
  const env = { CLAUDE_CONFIG_DIR: join(sandbox.root, "cfg") };
  const d = discoverSkills(sandbox.ctx({ env }), { sources: [claudeSkills], as: "claude" });
  expect(d.skills.map((s) => s.name)).toEqual(["ship-it"]);
  expect(d.diagnostics.find((x) => x.code === "skill/name-not-folder")?.message).toContain(
    'Claude Code names it after its folder, "ship-it"',
  );
});

// Claude Code 2.1.197's `initialize` answer (README "Skills", issue #52).
test("`name:` is the title Claude Code shows (the folder stays the command); bad YAML is read as text", () => {
  sandbox.write({
    "home/.claude/skills/deploy/SKILL.md": "---\nname: Ship it\ndescription: d\n---\nx\n",
    "home/.claude/skills/same/SKILL.md": "---\nname: same\ndescription: d\n---\nx\n",
    "home/.claude/skills/broken/SKILL.md": "---\nname: broken\ndescription: [oops\n---\nBody line\n",
  });
  const d = discoverSkills(sandbox.ctx(), { sources: [claudeSkills], as: "claude" });
  expect(d.skills.map((s) => [s.name, s.displayName, s.description])).toEqual([
    ["broken", undefined, "[oops"],
    ["deploy", "Ship it", "d"],
    ["same", undefined, "d"],
  ]);
});
