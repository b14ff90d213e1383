import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { defineSkillSource, type SkillRules } from "@roster/family";
import { createSandbox, type Sandbox } from "@roster/testkit";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { discoverSkills, SkillSourceError } from "./discover-skills.js";
import { projectSkillPlaces } from "./skill-places.js";

const skill = (name: string, description = `does ${name}`, extra = "") =>
  `---\nname: ${name}\ndescription: ${description}\n${extra}---\nUse ${name} well.\n`;

const claudeLike: SkillRules = {
  layout: "one-level",
  identity: "folder",
  duplicates: "first-wins",
  requiresDescription: false,
  descriptionFromBody: true,
  badYaml: "ignore",
  requiresFrontmatter: false,
  invocable: true,
  clash: "skill",
  knownKeys: ["name", "description", "user-invocable", "disable-model-invocation", "allowed-tools"],
};

/** A Claude-like tool: user before project, one level, named by folder. */
const alpha = defineSkillSource({
  id: "alpha",
  tool: "alpha",
  displayName: "Alpha",
  places: (ctx) => [
    { dir: join(ctx.home, ".alpha/skills"), scope: "user" },
    ...projectSkillPlaces(ctx, [".alpha/skills"], { upTo: "repo-root" }),
  ],
  rules: claudeLike,
});

/** A Codex-like tool: nested search, named by `name`, every copy kept, reads `.alpha/skills` too. */
const beta = defineSkillSource({
  id: "beta",
  tool: "beta",
  displayName: "Beta",
  places: (ctx) => [
    ...projectSkillPlaces(ctx, [".beta/skills"], { upTo: "repo-root" }),
    ...projectSkillPlaces(ctx, [".alpha/skills"], { upTo: "repo-root", owner: "alpha" }),
    { dir: join(ctx.home, ".beta/skills"), scope: "user" },
  ],
  rules: {
    layout: "nested",
    identity: "name",
    duplicates: "all",
    requiresDescription: true,
    badYaml: "skip",
    requiresFrontmatter: true,
    invocable: false,
    knownKeys: ["name", "description", "metadata"],
  },
});

let sandbox: Sandbox;
beforeEach(() => {
  sandbox = createSandbox("roster-skills-");
});
afterEach(() => sandbox.cleanup());

describe("discoverSkills", () => {
  test("reads user before project places, first name wins, and records every SKILL.md", () => {
    sandbox.write({
      "home/.alpha/skills/deploy/SKILL.md": skill("deploy", "user deploy"),
      "project/.alpha/skills/deploy/SKILL.md": skill("deploy", "project deploy"),
      "project/.alpha/skills/lint/SKILL.md": skill("lint"),
      "project/.alpha/skills/lint/scripts/run.sh": "echo hi\n",
      "project/.alpha/skills/notes/README.md": "not a skill\n",
    });
    const d = discoverSkills(sandbox.ctx(), { sources: [alpha] });
    expect(d.skills.map((s) => [s.name, s.description, s.scope])).toEqual([
      ["deploy", "user deploy", "user"],
      ["lint", "does lint", "project"],
    ]);
    expect(d.shadowed.map((s) => [s.skill.description, s.shadowedBy])).toEqual([
      ["project deploy", join(sandbox.home, ".alpha/skills/deploy/SKILL.md")],
    ]);
    expect(d.files.map((f) => [f.outcome, f.kind, f.path.slice(sandbox.root.length)])).toEqual([
      ["loaded", "skills", "/home/.alpha/skills/deploy/SKILL.md"],
      ["shadowed", "skills", "/project/.alpha/skills/deploy/SKILL.md"],
      ["loaded", "skills", "/project/.alpha/skills/lint/SKILL.md"],
      ["not-an-agent", "skills", "/project/.alpha/skills/notes"],
    ]);
    expect(d.searched.map((s) => [s.dir.slice(sandbox.root.length), s.status])).toEqual([
      ["/home/.alpha/skills", "read"],
      ["/project/.alpha/skills", "read"],
    ]);
  });

  test("lists the files beside SKILL.md with sizes, never reading them", () => {
    sandbox.write({
      "project/.alpha/skills/lint/SKILL.md": skill("lint"),
      "project/.alpha/skills/lint/scripts/run.sh": "echo hi\n",
      "project/.alpha/skills/lint/reference.md": "x".repeat(1000),
    });
    const [lint] = discoverSkills(sandbox.ctx(), { sources: [alpha] }).skills;
    expect(lint?.files).toEqual([
      { path: "SKILL.md", kind: "file", size: skill("lint").length },
      { path: "reference.md", kind: "file", size: 1000 },
      { path: "scripts", kind: "folder" },
      { path: "scripts/run.sh", kind: "file", size: 8 },
    ]);
    expect(lint?.body).toBe("Use lint well.");
  });

  test("--as a tool applies only its places and rules: names, nesting, every copy kept", () => {
    sandbox.write({
      "project/.git/HEAD": "ref: main\n",
      "project/.beta/skills/group/inner/SKILL.md": skill("inner"),
      "project/.alpha/skills/folder-a/SKILL.md": skill("called-b"),
      "home/.beta/skills/same/SKILL.md": skill("called-b", "user copy"),
      "project/.beta/skills/nodesc/SKILL.md": "---\nname: nodesc\n---\nbody\n",
    });
    const d = discoverSkills(sandbox.ctx(), { sources: [alpha, beta], as: "beta" });
    expect(d.skills.map((s) => [s.name, s.provider])).toEqual([
      ["inner", "beta"],
      ["called-b", "alpha"],
      ["called-b", "beta"],
    ]);
    expect(d.shadowed).toEqual([]);
    const skipped = d.files.find((f) => f.outcome === "skipped");
    expect(skipped).toMatchObject({ name: "nodesc", reason: { code: "skill/missing-description" } });
    // The same folder under Alpha's rules is named by its folder.
    const asAlpha = discoverSkills(sandbox.ctx(), { sources: [alpha, beta], as: "alpha" });
    expect(asAlpha.skills.map((s) => s.name)).toEqual(["folder-a"]);
    expect(asAlpha.diagnostics.map((x) => x.code)).toContain("skill/name-not-folder");
  });

  test("a nested search goes 6 folders deep, never through a deeper link or into a skill", () => {
    sandbox.write({
      "project/.git/HEAD": "ref: main\n",
      "project/.beta/skills/a/b/c/d/e/SKILL.md": skill("deepest"),
      "project/.beta/skills/a/b/c/d/e/f/SKILL.md": skill("inside-a-skill"),
      "project/.beta/skills/a/b/c/d/x/y/SKILL.md": skill("six-deep"),
      "project/.beta/skills/a/b/c/d/x/z/w/SKILL.md": skill("seven-deep"),
      "project/.beta/skills/a/.hidden/SKILL.md": skill("hidden"),
      "elsewhere/linked/SKILL.md": skill("linked"),
    });
    symlinkSync(join(sandbox.root, "elsewhere"), join(sandbox.project, ".beta/skills/a/b/link"));
    const d = discoverSkills(sandbox.ctx(), { sources: [beta], as: "beta" });
    expect(d.skills.map((s) => s.name)).toEqual(["deepest", "six-deep"]);
  });

  test("a nested search past its bound of entries stops, reported once on the skills folder", () => {
    const files: Record<string, string> = { "project/.git/HEAD": "ref: main\n" };
    for (const group of ["g1", "g2", "g3"])
      for (let i = 0; i < 4; i++)
        files[`project/.beta/skills/${group}/s${i}/SKILL.md`] = skill(`${group}-s${i}`);
    sandbox.write(files);
    const d = discoverSkills(sandbox.ctx(), { sources: [beta], as: "beta", maxEntries: 6 });
    expect(d.skills.map((s) => s.name)).toEqual(["g1-s0", "g1-s1", "g1-s2", "g1-s3", "g2-s0", "g2-s1"]);
    const bound = d.diagnostics.filter((x) => x.code === "skill/too-many-entries");
    expect(bound.map((x) => [x.filePath, x.message])).toEqual([
      [
        join(sandbox.project, ".beta/skills"),
        "the search below its skill folders read only the first 6 entries (in name order); the rest were skipped",
      ],
    ]);
  });

  test("an unknown tool for --as is a typed error naming the tools", () => {
    expect(() => discoverSkills(sandbox.ctx(), { sources: [alpha, beta], as: "gamma" })).toThrow(
      SkillSourceError,
    );
  });

  test("bad YAML: ignored by one tool, a skip with one reason for another", () => {
    sandbox.write({
      "project/.git/HEAD": "x",
      "project/.alpha/skills/broken/SKILL.md":
        "---\nname: broken\ndescription: [unclosed\n---\nFirst line here.\n",
    });
    const alphaView = discoverSkills(sandbox.ctx(), { sources: [alpha, beta], as: "alpha" });
    expect(alphaView.skills.map((s) => [s.name, s.description])).toEqual([["broken", "First line here."]]);
    expect(alphaView.diagnostics.map((x) => x.code)).toContain("frontmatter/yaml-error");
    const betaView = discoverSkills(sandbox.ctx(), { sources: [alpha, beta], as: "beta" });
    expect(betaView.skills).toEqual([]);
    const [record] = betaView.files;
    expect(record).toMatchObject({ outcome: "skipped", reason: { code: "skill/yaml-error" } });
    expect(record?.diagnostics.filter((x) => x.code === "skill/yaml-error")).toHaveLength(1);
  });

  test("unknown keys per tool, with a did-you-mean", () => {
    sandbox.write({ "project/.alpha/skills/x/SKILL.md": skill("x", "d", "user-invokable: false\n") });
    const d = discoverSkills(sandbox.ctx(), { sources: [alpha] });
    const unknown = d.diagnostics.find((x) => x.code === "skill/unknown-key");
    expect(unknown?.message).toContain('"user-invokable"');
    expect(unknown?.message).toContain('did you mean "user-invocable"');
    expect(d.files[0]).toMatchObject({ unknownKeys: ["user-invokable"] });
  });

  test('a quoted key is read as the key it quotes, as a tool view reads it ("color": red)', () => {
    sandbox.write({ "project/.alpha/skills/x/SKILL.md": skill("x", "d", '"color": red\n') });
    const d = discoverSkills(sandbox.ctx(), { sources: [alpha] });
    const [x] = d.skills;
    expect(x?.keys).toEqual(["name", "description", "color"]);
    expect(x?.fields).toMatchObject({ color: "red" });
    expect(d.files[0]).toMatchObject({ unknownKeys: ["color"] });
  });

  test("user-invocable: false and disable-model-invocation are read", () => {
    sandbox.write({
      "project/.alpha/skills/x/SKILL.md": skill(
        "x",
        "d",
        "user-invocable: false\ndisable-model-invocation: true\n",
      ),
    });
    const [x] = discoverSkills(sandbox.ctx(), { sources: [alpha] }).skills;
    expect(x).toMatchObject({ userInvocable: false, modelInvocable: false });
  });

  test("--no-project skips project places", () => {
    sandbox.write({ "project/.alpha/skills/x/SKILL.md": skill("x") });
    expect(discoverSkills(sandbox.ctx({ trustProject: false }), { sources: [alpha] }).skills).toEqual([]);
  });
});

describe("discoverSkills on bad input", () => {
  test("a huge SKILL.md is skipped with one diagnostic, the others load", () => {
    sandbox.write({
      "project/.alpha/skills/huge/SKILL.md": `${skill("huge")}${"x".repeat(1024 * 1024 + 10)}`,
      "project/.alpha/skills/small/SKILL.md": skill("small"),
    });
    const d = discoverSkills(sandbox.ctx(), { sources: [alpha] });
    expect(d.skills.map((s) => s.name)).toEqual(["small"]);
    expect(d.files[0]).toMatchObject({ outcome: "skipped", reason: { code: "load/file-too-large" } });
  });

  test("a project SKILL.md linking out of the project is skipped (load/outside-root), never read; a user one is read (issue #49)", () => {
    const skills = join(sandbox.project, ".alpha/skills");
    mkdirSync(join(skills, "leak"), { recursive: true });
    mkdirSync(join(skills, "inside"), { recursive: true });
    mkdirSync(join(sandbox.root, "elsewhere"), { recursive: true });
    writeFileSync(
      join(sandbox.root, "elsewhere/id_rsa"),
      "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaA\n",
    );
    symlinkSync(join(sandbox.root, "elsewhere/id_rsa"), join(skills, "leak/SKILL.md"));
    writeFileSync(join(sandbox.project, "inside.md"), skill("inside"));
    symlinkSync(join(sandbox.project, "inside.md"), join(skills, "inside/SKILL.md"));
    const user = join(sandbox.home, ".alpha/skills/mine");
    mkdirSync(user, { recursive: true });
    writeFileSync(join(sandbox.root, "elsewhere/mine.md"), skill("mine"));
    symlinkSync(join(sandbox.root, "elsewhere/mine.md"), join(user, "SKILL.md"));
    const d = discoverSkills(sandbox.ctx(), { sources: [alpha] });
    expect(d.skills.map((s) => s.name).sort()).toEqual(["inside", "mine"]);
    expect(JSON.stringify(d)).not.toContain("OPENSSH");
    const record = d.files.find((f) => f.path === join(skills, "leak/SKILL.md"));
    expect(record).toMatchObject({ outcome: "skipped", reason: { code: "load/outside-root" } });
    expect(record?.outcome === "skipped" && record.reason.message).toMatch(/^file skipped: its real path /);
    // The tool's own view says what the tool loads: the tools follow such a link.
    const asAlpha = discoverSkills(sandbox.ctx(), { sources: [alpha], as: "alpha" });
    expect(asAlpha.files.find((f) => f.path === join(skills, "leak/SKILL.md"))?.outcome).toBe("loaded");
    expect(asAlpha.diagnostics.map((x) => x.code)).not.toContain("load/outside-root");
  });

  test("a symlink loop and a project link leaving the project are skipped, never followed", () => {
    const skills = join(sandbox.project, ".alpha/skills");
    mkdirSync(join(skills, "ok"), { recursive: true });
    writeFileSync(join(skills, "ok/SKILL.md"), skill("ok"));
    symlinkSync(join(skills, "loop"), join(skills, "loop"));
    mkdirSync(join(sandbox.root, "elsewhere/stolen"), { recursive: true });
    writeFileSync(join(sandbox.root, "elsewhere/stolen/SKILL.md"), skill("stolen"));
    symlinkSync(join(sandbox.root, "elsewhere/stolen"), join(skills, "stolen"));
    // Inside a skill: a link back to its own folder is listed, not entered.
    symlinkSync(join(skills, "ok"), join(skills, "ok/self"));
    symlinkSync("/etc/hostname", join(skills, "ok/secret"));
    const d = discoverSkills(sandbox.ctx(), { sources: [alpha] });
    expect(d.skills.map((s) => s.name)).toEqual(["ok"]);
    const codes = d.diagnostics.map((x) => x.code);
    expect(codes).toContain("load/broken-symlink");
    expect(codes).toContain("load/outside-root");
    expect(d.skills[0]?.files).toEqual([
      { path: "SKILL.md", kind: "file", size: skill("ok").length },
      { path: "secret", kind: "symlink", target: "outside" },
      { path: "self", kind: "symlink", target: "folder" },
    ]);
  });

  test("a linked skill folder leaving the project: the merged view skips it, a tool's view loads it and warns (issue #52)", () => {
    mkdirSync(join(sandbox.root, "elsewhere/shared"), { recursive: true });
    writeFileSync(join(sandbox.root, "elsewhere/shared/SKILL.md"), skill("shared"));
    mkdirSync(join(sandbox.project, ".alpha/skills"), { recursive: true });
    symlinkSync(join(sandbox.root, "elsewhere/shared"), join(sandbox.project, ".alpha/skills/shared"));
    const merged = discoverSkills(sandbox.ctx(), { sources: [alpha] });
    expect(merged.skills).toEqual([]);
    expect(merged.diagnostics.map((x) => x.code)).toContain("load/outside-root");
    const asAlpha = discoverSkills(sandbox.ctx(), { sources: [alpha], as: "alpha" });
    expect(asAlpha.skills.map((s) => s.name)).toEqual(["shared"]);
    const warning = asAlpha.diagnostics.find((x) => x.code === "skill/leaves-project");
    expect(warning).toMatchObject({
      severity: "warning",
      filePath: join(sandbox.project, ".alpha/skills/shared"),
    });
    expect(warning?.message).toMatch(/^Alpha loads this linked skill folder, though its real path /);
  });

  test("a skills folder with 5,000 entries is read up to its bound, with a diagnostic", () => {
    const skills = join(sandbox.project, ".alpha/skills");
    mkdirSync(skills, { recursive: true });
    // Plain files stand for most entries (a folder each would make the test slow to clean up).
    for (let i = 0; i < 5000; i++) {
      const entry = join(skills, `s${String(i).padStart(4, "0")}`);
      if (i % 1000 !== 0) writeFileSync(entry, "");
      else {
        mkdirSync(entry);
        writeFileSync(join(entry, "SKILL.md"), skill(`s${i}`));
      }
    }
    const d = discoverSkills(sandbox.ctx(), { sources: [alpha], maxEntries: 2048 });
    expect(d.skills.map((s) => s.name)).toEqual(["s0000", "s1000", "s2000"]);
    expect(d.files).toHaveLength(3);
    const bound = d.diagnostics.find((x) => x.code === "skill/too-many-entries");
    expect(bound?.message).toContain("first 2048 of 5000");
  }, 60_000);

  test("a skill folder with many files is listed up to its bound", () => {
    const dir = join(sandbox.project, ".alpha/skills/big");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "SKILL.md"), skill("big"));
    for (let i = 0; i < 300; i++) writeFileSync(join(dir, `f${i}.txt`), "");
    const [big] = discoverSkills(sandbox.ctx(), { sources: [alpha] }).skills;
    expect(big?.files).toHaveLength(256);
    expect(big?.filesTruncated).toBe(true);
  });
});
