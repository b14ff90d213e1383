import { join } from "node:path";
import { defineSkillSource } from "@roster/family";
import { AGENT_SKILLS_KEYS, projectSkillPlaces } from "@roster/skills";
import { claudeConfigDir } from "./claude-paths.js";
import { CLAUDE_MANAGED_DIR } from "./claude-profile.js";

/**
 * The `SKILL.md` keys Claude Code reads (its `parseSkillFrontmatterFields`), besides the
 * Agent Skills format's own.
 */
export const CLAUDE_SKILL_KEYS: readonly string[] = [
  ...AGENT_SKILLS_KEYS,
  "disallowed-tools",
  "argument-hint",
  "arguments",
  "when_to_use",
  "version",
  "model",
  "effort",
  "disable-model-invocation",
  "user-invocable",
  "hooks",
  "context",
  "agent",
  "paths",
  "shell",
  "fallback",
];

/**
 * Where Claude Code reads Agent Skills, highest precedence first (README "Skills"):
 * managed `/etc/claude-code/.claude/skills`, `<CLAUDE_CONFIG_DIR or ~/.claude>/skills`,
 * then every `.claude/skills` from the cwd up to the repository root (or up to the home
 * folder outside a repository), then plugin skills. One level deep, named by folder (its
 * `name:` is the title it shows); YAML it cannot parse is read as `key: value` text; a skill
 * answers `/name` before a command file of that name.
 */
export const claudeSkills = defineSkillSource({
  id: "claude",
  tool: "claude",
  displayName: "Claude Code",
  checkedAgainst: "@anthropic-ai/claude-code 2.1.197",
  places: (ctx) => [
    { dir: join(CLAUDE_MANAGED_DIR, ".claude", "skills"), scope: "managed" },
    { dir: join(claudeConfigDir(ctx), "skills"), scope: "user" },
    ...projectSkillPlaces(ctx, [join(".claude", "skills")], { upTo: "repo-root", withoutRepo: "home" }),
  ],
  writeDir: (ctx, scope) =>
    scope === "project" ? join(ctx.cwd, ".claude", "skills") : join(claudeConfigDir(ctx), "skills"),
  borrows: ["plugins"],
  rules: {
    layout: "one-level",
    identity: "folder",
    duplicates: "first-wins",
    requiresDescription: false,
    descriptionFromBody: true,
    badYaml: "fallback",
    requiresFrontmatter: false,
    invocable: true,
    clash: "skill",
    knownKeys: CLAUDE_SKILL_KEYS,
    maxBytes: 1_000_000,
  },
});
