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

// Copilot CLI 1.0.102 `skillsLoad` (README "Skills", issue #52).
test("no frontmatter is refused; spaces in `name` become `-`; a bad name is refused; no description takes the body's first lines", () => {
  sandbox.write({
    "home/.copilot/skills/plain/SKILL.md": "Just text\n",
    "home/.copilot/skills/spaced/SKILL.md": '---\nname: "  has  two spaces "\ndescription: d\n---\nx\n',
    "home/.copilot/skills/dash/SKILL.md": '---\nname: "-lead"\ndescription: d\n---\nx\n',
    "home/.copilot/skills/number/SKILL.md": "---\nname: 123\ndescription: d\n---\nx\n",
    "home/.copilot/skills/body/SKILL.md":
      "---\nname: body\n---\n# Title\n\n  one  \ntwo\n## Sub\nthree\nfour\n",
    "home/.copilot/skills/empty/SKILL.md": '---\nname: empty\ndescription: ""\n---\nbody line\n',
  });
  const d = discoverSkills(sandbox.ctx(), { sources: [copilotSkills], as: "copilot" });
  expect(d.skills.map((s) => [s.name, s.description])).toEqual([
    ["body", "one two three"],
    ["empty", ""],
    ["has-two-spaces", "d"],
  ]);
  const reasons = Object.fromEntries(
    d.files.flatMap((f) => (f.outcome === "skipped" ? [[f.path.split("/").at(-2), f.reason.code]] : [])),
  );
  expect(reasons).toEqual({
    dash: "skill/bad-name",
    number: "skill/bad-name",
    plain: "skill/no-frontmatter",
  });
});

test("a SKILL.md at the root of a skills folder makes the whole folder that one skill", () => {
  sandbox.write({
    "project/.git/HEAD": "x",
    "project/.github/skills/SKILL.md": skill("root", "at the root"),
    "project/.github/skills/beside/SKILL.md": skill("beside", "hidden by the root one"),
    "project/.claude/skills/other/SKILL.md": skill("other", "another folder"),
  });
  const d = discoverSkills(sandbox.ctx(), { sources: [copilotSkills], as: "copilot" });
  expect(d.skills.map((s) => s.name)).toEqual(["root", "other"]);
});

// Copilot CLI 1.0.102 parses the frontmatter without the line break before the closing `---`
// (the corpus skill `brand-landingpage`, BENCHMARKS.md "Truth"); each expectation is what its
// `skillsLoad` returned for the same file.
test("a block description at the frontmatter's end loses its last line break, as Copilot CLI reads it", () => {
  sandbox.write({
    "project/.git/HEAD": "x",
    "project/.github/skills/clip/SKILL.md":
      "---\nname: clip\ndescription: >\n  line one\n  line two\n---\nx\n",
    "project/.github/skills/blank/SKILL.md": "---\nname: blank\ndescription: |\n  line two\n\n---\nx\n",
    "project/.github/skills/keep/SKILL.md": "---\nname: keep\ndescription: |+\n  line two\n\n---\nx\n",
    "project/.github/skills/keep2/SKILL.md": "---\nname: keep2\ndescription: |+\n  line two\n---\nx\n",
    "project/.github/skills/comment/SKILL.md":
      "---\nname: comment\ndescription: |\n  line two\n# note\n---\nx\n",
    "project/.github/skills/strip/SKILL.md": "---\nname: strip\ndescription: |-\n  line two\n---\nx\n",
    "project/.github/skills/after/SKILL.md": "---\ndescription: |\n  line two\nname: after\n---\nx\n",
  });
  const found = discoverSkills(sandbox.ctx(), { sources: [copilotSkills], as: "copilot" });
  const description = (name: string) => found.skills.find((s) => s.name === name)?.description;
  expect(description("clip")).toBe("line one line two");
  expect(description("blank")).toBe("line two\n");
  expect(description("keep")).toBe("line two\n");
  expect(description("keep2")).toBe("line two");
  expect(description("comment")).toBe("line two\n");
  expect(description("strip")).toBe("line two");
  expect(description("after")).toBe("line two\n");
});
