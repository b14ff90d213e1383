import { join } from "node:path";
import { defineSkillSource } from "@roster/family";
import { AGENT_SKILLS_KEYS, projectSkillPlaces } from "@roster/skills";
import { geminiDir } from "./gemini-paths.js";
import { geminiFolderTrust } from "./read-gemini-trust.js";

/**
 * Where Gemini CLI reads Agent Skills, highest precedence first (README "Skills"; its
 * `SkillManager.discoverSkills` adds them lowest first, the last of a name winning):
 * `<cwd>/.agents/skills`, `<cwd>/.gemini/skills` (only in a trusted folder), then
 * `~/.agents/skills`, `~/.gemini/skills`. One level deep (`SKILL.md` and `<folder>/SKILL.md`: a
 * `SKILL.md` at the root is a skill, dot folders are not searched), named by `name`; project
 * places only in a folder it trusts; the model activates a skill, it is not a `/` command.
 */
export const geminiSkills = defineSkillSource({
  id: "gemini",
  tool: "gemini",
  displayName: "Gemini CLI",
  checkedAgainst: "@google/gemini-cli 0.61.0",
  places: (ctx) => [
    ...projectSkillPlaces(ctx, [join(".agents", "skills")], { upTo: "cwd", owner: "codex" }),
    ...projectSkillPlaces(ctx, [join(".gemini", "skills")], { upTo: "cwd" }),
    { dir: join(ctx.home, ".agents", "skills"), scope: "user", owner: "codex" },
    { dir: join(geminiDir(ctx), "skills"), scope: "user" },
  ],
  writeDir: (ctx, scope) =>
    scope === "project" ? join(ctx.cwd, ".gemini", "skills") : join(geminiDir(ctx), "skills"),
  projectGate: geminiFolderTrust,
  rules: {
    layout: "one-level",
    identity: "name",
    duplicates: "first-wins",
    rawDescription: true,
    requiresDescription: true,
    badYaml: "fallback",
    requiresFrontmatter: true,
    invocable: false,
    knownKeys: AGENT_SKILLS_KEYS,
    sanitizeName: (name) => name.replace(/[:\\/<>*?"|]/g, "-"),
    rootSkill: "skill",
    dotFolders: false,
  },
});
