import { delimiter, join } from "node:path";
import { resolveUserPath } from "@roster/core/provider-kit";
import { defineSkillSource, type SkillPlace } from "@roster/family";
import { AGENT_SKILLS_KEYS, projectSkillPlaces } from "@roster/skills";
import { copilotHome } from "./copilot-paths.js";

/**
 * Copilot CLI's description of a skill without a `description` key: the first three lines of
 * the body that are neither blank nor headings (`#`), trimmed, joined by spaces.
 */
export function copilotBodyDescription(body: string): string {
  return body
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"))
    .slice(0, 3)
    .join(" ");
}

/** Copilot CLI's frontmatter: the text between the first `---` line and the next, without the line break before it. */
const COPILOT_FRONTMATTER = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

/**
 * The description Copilot CLI reads: it parses the frontmatter without the line break before
 * the closing `---`, so a block description (`|`, `>`, `|+`, `>+`) that is the frontmatter's
 * last key and runs to its last line loses one final `"\n"` (after a blank line or a comment
 * line it keeps it); a stripped one (`-`) has none to lose. Checked against 1.0.102's `skillsLoad`.
 *
 * @example copilotDescriptionAsRead("two lines\n", "---\ndescription: |\n  two lines\n---\n") // "two lines"
 */
export function copilotDescriptionAsRead(description: string, file: string): string {
  if (!description.endsWith("\n")) return description;
  const yaml = COPILOT_FRONTMATTER.exec(file)?.[1];
  if (yaml === undefined) return description;
  const lines = yaml.split(/\r?\n/);
  const last = lines.findLastIndex((line) => /^[^\s#-][^:]*:/.test(line));
  const header = /^(["']?)description\1[ \t]*:[ \t]*[|>]([-+1-9]{0,2})[ \t]*(?:#.*)?$/.exec(
    lines[last] ?? "",
  );
  if (!header) return description;
  if ((header[2] ?? "").includes("-")) return description;
  // The final line break goes only when the block runs to the frontmatter's last line.
  const end = lines.at(-1) ?? "";
  return last < lines.length - 1 && end.trim() !== "" && !end.startsWith("#")
    ? description.slice(0, -1)
    : description;
}

/** Why Copilot CLI refuses a skill's written `name` (its loader's messages), or `undefined`. */
export function checkCopilotSkillName(value: unknown): string | undefined {
  if (typeof value !== "string") return "Skill name must be a string";
  const name = value.trim();
  if (name === "") return "Skill name must not be empty";
  if (!/^[A-Za-z0-9][A-Za-z0-9_.: -]*$/.test(name))
    return "Skill name must start with an ASCII letter or number and contain only ASCII letters (a-z, A-Z), numbers, hyphens, underscores, dots, colons, and spaces";
  return undefined;
}

/**
 * Where Copilot CLI reads Agent Skills, highest precedence first (README "Skills"; its
 * `skillsGetDiscoveryDirectories`): for each folder from the cwd up to the repository root,
 * nearest first, `.github/skills`, `.agents/skills` and `.claude/skills`; then
 * `<COPILOT_HOME or ~/.copilot>/skills`, `~/.agents/skills` and the folders of
 * `COPILOT_SKILLS_DIRS`. Searched in sub-folders (a `SKILL.md` at the root makes the whole
 * folder that one skill), named by `name` (else the folder; spaces become `-`); frontmatter is
 * required; the first of a name wins; a skill answers `/name`.
 */
export const copilotSkills = defineSkillSource({
  id: "copilot",
  tool: "copilot",
  displayName: "Copilot CLI",
  checkedAgainst: "@github/copilot 1.0.102",
  places: (ctx) => {
    const owners: Record<string, string> = { ".agents": "codex", ".claude": "claude" };
    const places: SkillPlace[] = projectSkillPlaces(
      ctx,
      [join(".github", "skills"), join(".agents", "skills"), join(".claude", "skills")],
      { upTo: "repo-root" },
    ).map((place) => {
      const owner = owners[place.dir.split(/[\\/]/).at(-2) ?? ""];
      return owner ? { ...place, owner } : place;
    });
    const home = ctx.env.COPILOT_HOME?.trim()
      ? resolveUserPath(ctx, ctx.env.COPILOT_HOME.trim())
      : copilotHome(ctx);
    places.push({ dir: join(home, "skills"), scope: "user" });
    places.push({ dir: join(ctx.home, ".agents", "skills"), scope: "user", owner: "codex" });
    for (const dir of (ctx.env.COPILOT_SKILLS_DIRS ?? "").split(delimiter))
      if (dir.trim() !== "") places.push({ dir: resolveUserPath(ctx, dir.trim()), scope: "user" });
    return places;
  },
  writeDir: (ctx, scope) =>
    scope === "project"
      ? join(ctx.cwd, ".github", "skills")
      : join(
          ctx.env.COPILOT_HOME?.trim() ? resolveUserPath(ctx, ctx.env.COPILOT_HOME.trim()) : copilotHome(ctx),
          "skills",
        ),
  rules: {
    layout: "nested",
    identity: "name-or-folder",
    duplicates: "first-wins",
    rawDescription: true,
    requiresDescription: false,
    descriptionFromBody: copilotBodyDescription,
    descriptionAsRead: copilotDescriptionAsRead,
    badYaml: "skip",
    requiresFrontmatter: true,
    checkName: checkCopilotSkillName,
    sanitizeName: (name) => name.trim().replace(/\s+/g, "-"),
    rootSkill: "folder",
    invocable: true,
    knownKeys: [...AGENT_SKILLS_KEYS, "user-invocable", "disable-model-invocation", "argument-hint"],
  },
});
