import { join } from "node:path";
import { defineSkillSource } from "@roster/family";
import { AGENT_SKILLS_KEYS, projectSkillPlaces } from "@roster/skills";
import { codexHome } from "./codex-paths.js";

/**
 * Where Codex reads Agent Skills, in the order its `skills/list` answers (README
 * "Skills"): every `.agents/skills` and `.codex/skills` from the cwd up to the repository
 * root, then `~/.agents/skills` and `$CODEX_HOME/skills`. Searched in sub-folders (a
 * `SKILL.md` at the root of a skills folder is a skill too), named by
 * `name` (else the folder); every copy of a name is kept; a skill is mentioned as `$name`,
 * not run as a `/` command.
 */
export const codexSkills = defineSkillSource({
  id: "codex",
  tool: "codex",
  displayName: "Codex",
  checkedAgainst: "@openai/codex 0.171.0",
  places: (ctx) => [
    ...projectSkillPlaces(ctx, [join(".agents", "skills"), join(".codex", "skills")], { upTo: "repo-root" }),
    { dir: join(ctx.home, ".agents", "skills"), scope: "user" },
    { dir: join(codexHome(ctx), "skills"), scope: "user" },
  ],
  writeDir: (ctx, scope) =>
    scope === "project" ? join(ctx.cwd, ".agents", "skills") : join(codexHome(ctx), "skills"),
  rules: {
    layout: "nested",
    identity: "name-or-folder",
    duplicates: "all",
    requiresDescription: true,
    badYaml: "fallback",
    requiresFrontmatter: true,
    invocable: false,
    knownKeys: AGENT_SKILLS_KEYS,
    rootSkill: "skill",
  },
});
