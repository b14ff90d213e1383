import { existsSync, readFileSync, realpathSync } from "node:fs";
import { join } from "node:path";
import { SYNC_MANIFEST } from "@roster/core";
import { defineSkillSource, type SkillRules } from "@roster/family";
import { discoverSkills, type Skill } from "@roster/skills";
import { createSandbox, type Sandbox } from "@roster/testkit";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { copySkill } from "./copy-skill.js";

const RULES: SkillRules = {
  layout: "one-level",
  identity: "name-or-folder",
  duplicates: "first-wins",
  requiresDescription: true,
  badYaml: "skip",
  requiresFrontmatter: true,
  invocable: false,
  knownKeys: ["name", "description"],
};

// Two tools of a made-up family: `src` holds the skills, `dst` is written to.
const src = defineSkillSource({
  id: "src",
  tool: "src",
  displayName: "Source tool",
  places: (ctx) => [{ dir: join(ctx.cwd, ".src/skills"), scope: "project" }],
  rules: RULES,
});
const dst = defineSkillSource({
  id: "dst",
  tool: "dst",
  displayName: "Target tool",
  places: (ctx) => [{ dir: join(ctx.cwd, ".dst/skills"), scope: "project" }],
  writeDir: (ctx, scope) => join(scope === "project" ? ctx.cwd : ctx.home, ".dst/skills"),
  rules: { ...RULES, identity: "name" },
});
const sources = [src, dst];

let sandbox: Sandbox;
beforeEach(() => {
  sandbox = createSandbox("roster-copy-skill-");
  sandbox.write({
    "project/.src/skills/deploy/SKILL.md": "---\nname: deploy\ndescription: Deploys\n---\nShip it.\n",
    "project/.src/skills/deploy/scripts/run.sh": "echo run\n",
  });
});
afterEach(() => sandbox.cleanup());

function ctx() {
  return { ...sandbox.ctx(), cwd: realpathSync(sandbox.project) };
}

function skill(name: string): Skill {
  const found = discoverSkills(ctx(), { sources, as: "src" }).skills.find((s) => s.name === name);
  if (!found) throw new Error(`no skill ${name}`);
  return found;
}

describe("copySkill", () => {
  test("copies every file, records the folder in the manifest and reads the copy back as the target does", () => {
    const copy = copySkill({ ctx: ctx(), skill: skill("deploy"), target: dst, scope: "project", sources });
    const dir = join(ctx().cwd, ".dst/skills/deploy");
    expect(copy).toMatchObject({ action: "create", dir, loadsAs: "deploy" });
    expect(copy.files.map((f) => [f.path, f.action])).toEqual([
      ["SKILL.md", "copied"],
      ["scripts/run.sh", "copied"],
    ]);
    expect(readFileSync(join(dir, "scripts/run.sh"), "utf8")).toBe("echo run\n");
    const manifest = JSON.parse(readFileSync(join(ctx().cwd, ".dst/skills", SYNC_MANIFEST), "utf8"));
    expect(JSON.stringify(manifest)).toContain("deploy");
    // Again: roster's own copy is updated, not a conflict.
    expect(
      copySkill({ ctx: ctx(), skill: skill("deploy"), target: dst, scope: "project", sources }).action,
    ).toBe("update");
  });

  test("a dry run writes nothing", () => {
    const copy = copySkill({
      ctx: ctx(),
      skill: skill("deploy"),
      target: dst,
      scope: "project",
      sources,
      dryRun: true,
    });
    expect(copy.action).toBe("create");
    expect(copy.files).toHaveLength(2);
    expect(existsSync(join(ctx().cwd, ".dst"))).toBe(false);
  });

  test("a folder a person wrote is a conflict, left untouched", () => {
    sandbox.write({ "project/.dst/skills/deploy/SKILL.md": "mine\n" });
    const copy = copySkill({ ctx: ctx(), skill: skill("deploy"), target: dst, scope: "project", sources });
    expect(copy).toMatchObject({ action: "conflict", error: { code: "sync/conflict" } });
    expect(readFileSync(join(ctx().cwd, ".dst/skills/deploy/SKILL.md"), "utf8")).toBe("mine\n");
  });

  test("never writes through a link at any component of the path", () => {
    sandbox.write({ "outside/.keep": "", "project/.dst": { symlink: join(sandbox.root, "outside") } });
    const copy = copySkill({ ctx: ctx(), skill: skill("deploy"), target: dst, scope: "project", sources });
    expect(copy).toMatchObject({ action: "conflict", error: { code: "sync/conflict" } });
    expect(copy.error?.message).toContain("symbolic link");
    expect(existsSync(join(sandbox.root, "outside/skills"))).toBe(false);
  });

  test("a tool that names skills by their field refuses a skill without one", () => {
    sandbox.write({
      "project/.src/skills/nameless/SKILL.md": "---\ndescription: No name\n---\nBody.\n",
    });
    const copy = copySkill({ ctx: ctx(), skill: skill("nameless"), target: dst, scope: "project", sources });
    expect(copy).toMatchObject({ action: "refused", error: { code: "export/skill-unloadable" } });
  });

  test("a tool roster does not write skills for is refused", () => {
    const copy = copySkill({ ctx: ctx(), skill: skill("deploy"), target: src, scope: "project", sources });
    expect(copy).toMatchObject({ action: "refused", error: { code: "export/no-writer" } });
  });
});
