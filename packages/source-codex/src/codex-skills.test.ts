import { join } from "node:path";
import { discoverSkills } from "@roster/skills";
import { createSandbox, type Sandbox } from "@roster/testkit";
import { afterEach, beforeEach, expect, test } from "vitest";
import { codexSkills } from "./codex-skills.js";

const skill = (name: string, description: string) =>
  `---\nname: ${name}\ndescription: ${description}\n---\nx\n`;

let sandbox: Sandbox;
beforeEach(() => {
  sandbox = createSandbox("roster-codex-skills-");
});
afterEach(() => sandbox.cleanup());

// What `codex app-server` answered to `skills/list` (Codex 0.171.0, README "Skills").
test("reads .agents/skills and .codex/skills up to the repo root, then ~/.agents and $CODEX_HOME; keeps every copy", () => {
  sandbox.write({
    "project/.git/HEAD": "x",
    "project/.agents/skills/a/SKILL.md": skill("a", "repo agents"),
    "project/.codex/skills/b/SKILL.md": skill("b", "repo codex"),
    "project/.agents/skills/nested/deep/inner/SKILL.md": skill("inner", "nested"),
    "project/.agents/skills/mismatch/SKILL.md": skill("other-name", "named by name"),
    "project/.agents/skills/nodesc/SKILL.md": "---\nname: nodesc\n---\nx\n",
    "project/.agents/skills/nofm/SKILL.md": "just text\n",
    "project/.claude/skills/c/SKILL.md": skill("c", "not read by Codex"),
    "home/.agents/skills/same/SKILL.md": skill("same", "user agents"),
    "home/.codex/skills/same/SKILL.md": skill("same", "user codex"),
  });
  const d = discoverSkills(sandbox.ctx(), { sources: [codexSkills], as: "codex" });
  expect(d.skills.map((s) => [s.name, s.description])).toEqual([
    ["a", "repo agents"],
    ["other-name", "named by name"],
    ["inner", "nested"],
    ["b", "repo codex"],
    ["same", "user agents"],
    ["same", "user codex"],
  ]);
  const skipped = d.files
    .filter((f) => f.outcome === "skipped")
    .map((f) => (f.outcome === "skipped" ? f.reason.code : ""));
  expect(skipped).toEqual(["skill/missing-description", "skill/no-frontmatter"]);
  expect(d.searched.map((s) => s.dir)).not.toContain(join(sandbox.project, ".claude/skills"));
});
