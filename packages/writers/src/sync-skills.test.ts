import { existsSync, realpathSync } from "node:fs";
import { join } from "node:path";
import { defineSkillSource, type SkillRules } from "@roster/family";
import { discoverSkills } from "@roster/skills";
import { createSandbox, type Sandbox } from "@roster/testkit";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { exportSkillFolder, skillCopyFails, syncSkillFolders } from "./index.js";

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

// Three tools of a made-up family: `src` and `both` hold skills, `dst` is written to; `both`
// reads `dst`'s folder too (a tool's own skills are never copied for it).
const src = defineSkillSource({
  id: "src",
  tool: "src",
  displayName: "Source tool",
  places: (ctx) => [
    { dir: join(ctx.cwd, ".src/skills"), scope: "project" },
    { dir: join(ctx.home, ".src/skills"), scope: "user" },
  ],
  rules: RULES,
});
const dst = defineSkillSource({
  id: "dst",
  tool: "dst",
  displayName: "Target tool",
  places: (ctx) => [
    { dir: join(ctx.cwd, ".dst/skills"), scope: "project" },
    { dir: join(ctx.cwd, ".shared/skills"), scope: "project" },
  ],
  writeDir: (ctx, scope) => join(scope === "project" ? ctx.cwd : ctx.home, ".dst/skills"),
  rules: { ...RULES, identity: "name" },
});
const shared = defineSkillSource({
  id: "shared",
  tool: "shared",
  displayName: "Shared tool",
  places: (ctx) => [{ dir: join(ctx.cwd, ".shared/skills"), scope: "project" }],
  rules: RULES,
});
const sources = [src, dst, shared];

const skillFile = (name: string) => `---\nname: ${name}\ndescription: ${name} it\n---\nDo it.\n`;

let sandbox: Sandbox;
beforeEach(() => {
  sandbox = createSandbox("roster-sync-skills-");
  sandbox.write({
    "project/.src/skills/deploy/SKILL.md": skillFile("deploy"),
    "project/.shared/skills/lint/SKILL.md": skillFile("lint"),
    "home/.src/skills/notes/SKILL.md": skillFile("notes"),
  });
});
afterEach(() => sandbox.cleanup());

function ctx() {
  return { ...sandbox.ctx(), cwd: realpathSync(sandbox.project), home: realpathSync(sandbox.home) };
}

const merged = () => discoverSkills(ctx(), { sources });
const rows = (copies: ReturnType<typeof syncSkillFolders>) =>
  copies.map(
    (c) => `${c.action} ${c.skill} ${c.tool} ${c.dir.replace(ctx().cwd, "P").replace(ctx().home, "H")}`,
  );

describe("syncSkillFolders", () => {
  test("every skill for each tool, project skills into the project and personal ones into home; a tool's own skills stay", () => {
    const copies = syncSkillFolders({
      ctx: ctx(),
      skills: merged(),
      targets: [dst],
      sources,
      pinned: new Set(),
    });
    // `lint` is in a folder `dst` reads already: not copied for it.
    expect(rows(copies)).toEqual([
      "create deploy dst P/.dst/skills/deploy",
      "create notes dst H/.dst/skills/notes",
    ]);
    expect(existsSync(join(ctx().cwd, ".dst/skills/deploy/SKILL.md"))).toBe(true);
    expect(existsSync(join(ctx().home, ".dst/skills/notes/SKILL.md"))).toBe(true);
  });

  test("--scope keeps the skills whose copies go there; a dry run writes nothing", () => {
    const copies = syncSkillFolders({
      ctx: ctx(),
      skills: merged(),
      targets: [dst],
      sources,
      only: "user",
      pinned: new Set(),
      dryRun: true,
    });
    expect(rows(copies)).toEqual(["create notes dst H/.dst/skills/notes"]);
    expect(existsSync(join(ctx().home, ".dst/skills"))).toBe(false);
  });

  test("a folder a source wrote into (roster.lock) is a conflict, left to it; only --strict fails on it", () => {
    const pinned = new Set([join(ctx().cwd, ".dst/skills/deploy/SKILL.md")]);
    const copies = syncSkillFolders({ ctx: ctx(), skills: merged(), targets: [dst], sources, pinned });
    const deploy = copies.find((c) => c.skill === "deploy")!;
    expect(deploy).toMatchObject({ action: "conflict", files: [], error: { code: "sync/conflict" } });
    expect(existsSync(join(ctx().cwd, ".dst/skills/deploy"))).toBe(false);
    expect(skillCopyFails(deploy)).toBe(false);
    expect(skillCopyFails(deploy, { strict: true })).toBe(true);
    expect(skillCopyFails({ action: "refused" })).toBe(true);
    expect(skillCopyFails({ action: "create" }, { strict: true })).toBe(false);
  });
});

describe("exportSkillFolder", () => {
  const deploy = () => merged().skills.find((s) => s.name === "deploy")!;
  const notes = () => merged().skills.find((s) => s.name === "notes")!;

  test("into the skill's own scope unless --scope says otherwise", () => {
    const base = { ctx: ctx(), target: dst, sources, pinned: new Set<string>(), dryRun: true };
    expect(exportSkillFolder({ ...base, skill: notes() }).dir).toBe(join(ctx().home, ".dst/skills/notes"));
    expect(exportSkillFolder({ ...base, skill: notes(), scope: "project" }).dir).toBe(
      join(ctx().cwd, ".dst/skills/notes"),
    );
  });

  test("a pinned folder is a conflict; --out is a folder the person names, never left to a source", () => {
    const pinned = new Set([join(ctx().cwd, ".dst/skills/deploy/SKILL.md")]);
    const base = { ctx: ctx(), skill: deploy(), target: dst, sources, pinned };
    expect(exportSkillFolder(base).action).toBe("conflict");
    // Even the tool's own folder, named with --out.
    const out = join(ctx().cwd, ".dst/skills");
    const copy = exportSkillFolder({ ...base, outDir: out });
    expect(copy).toMatchObject({ action: "create", dir: join(out, "deploy") });
    expect(existsSync(join(out, "deploy/SKILL.md"))).toBe(true);
  });
});
