import { join } from "node:path";
import type { DiscoveryContext } from "@roster/core";
import { defineSkillSource, type SkillPlace } from "@roster/family";
import { AGENT_SKILLS_KEYS, projectSkillPlaces } from "@roster/skills";
import { opencodeUserDir } from "./opencode-paths.js";

function on(ctx: DiscoveryContext, name: string): boolean {
  const value = ctx.env[name]?.trim().toLowerCase();
  return value === "1" || value === "true";
}

/**
 * Where opencode reads Agent Skills, highest precedence first (README "Skills"; it loads
 * them lowest first and the last of a name wins): `.opencode/{skill,skills}` from the cwd
 * up to the repository root, the global `{skill,skills}` folder, then the external
 * `.claude/skills` and `.agents/skills` of the project (the farthest first) and of the home
 * folder (`OPENCODE_DISABLE_EXTERNAL_SKILLS`, `OPENCODE_DISABLE_CLAUDE_CODE_SKILLS` turn
 * them off). Searched in sub-folders (dot folders only in the external ones; a `SKILL.md` at
 * the root is a skill too), named by `name`; of two skills of one name it loads one, a
 * different one from run to run (`ambiguous`).
 */
export const opencodeSkills = defineSkillSource({
  id: "opencode",
  tool: "opencode",
  displayName: "opencode",
  checkedAgainst: "opencode-ai 1.18.33",
  places: (ctx) => {
    const own = [join(".opencode", "skill"), join(".opencode", "skills")];
    const global = opencodeUserDir(ctx);
    const places: SkillPlace[] = [
      ...projectSkillPlaces(ctx, own, { upTo: "repo-root" }),
      { dir: join(global, "skill"), scope: "user" },
      { dir: join(global, "skills"), scope: "user" },
    ];
    if (on(ctx, "OPENCODE_DISABLE_EXTERNAL_SKILLS")) return places;
    const noClaude =
      on(ctx, "OPENCODE_DISABLE_CLAUDE_CODE") || on(ctx, "OPENCODE_DISABLE_CLAUDE_CODE_SKILLS");
    const external = noClaude
      ? [join(".agents", "skills")]
      : [join(".claude", "skills"), join(".agents", "skills")];
    const owner = (dir: string) => (dir.endsWith(join(".claude", "skills")) ? "claude" : "codex");
    places.push(
      ...projectSkillPlaces(ctx, external, { upTo: "repo-root" })
        .reverse()
        .map((place) => ({ ...place, owner: owner(place.dir), dotFolders: true })),
    );
    places.push({
      dir: join(ctx.home, ".agents", "skills"),
      scope: "user",
      owner: "codex",
      dotFolders: true,
    });
    if (!noClaude)
      places.push({
        dir: join(ctx.home, ".claude", "skills"),
        scope: "user",
        owner: "claude",
        dotFolders: true,
      });
    return places;
  },
  writeDir: (ctx, scope) =>
    scope === "project" ? join(ctx.cwd, ".opencode", "skills") : join(opencodeUserDir(ctx), "skills"),
  rules: {
    layout: "nested",
    identity: "name",
    duplicates: "ambiguous",
    rawDescription: true,
    requiresDescription: false,
    badYaml: "skip",
    requiresFrontmatter: true,
    invocable: false,
    knownKeys: AGENT_SKILLS_KEYS,
    rootSkill: "skill",
  },
});
