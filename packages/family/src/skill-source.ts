import type { Diagnostic, DiscoveryContext, PluginInfo } from "@roster/core";
import type { ProfileScope, ToolReason } from "./tool-profile.js";

/**
 * One folder a tool reads Agent Skills from (SPEC §18): each skill is a sub-folder holding
 * `SKILL.md`, or (with `single`) the folder itself is one skill.
 */
export interface SkillPlace {
  dir: string;
  scope: ProfileScope;
  /** Plugin skills: named `<plugin>:<folder>` (Claude Code). */
  plugin?: PluginInfo;
  /** The folder the place and each skill folder must stay inside (a project's root). */
  root?: string;
  /** The family whose folder this is, when another family's tool reads it (`.claude/skills` read by Copilot CLI). */
  owner?: string;
  /** The folder is one skill (a plugin manifest entry naming a skill folder). */
  single?: boolean;
  /** Dot folders hold skills here, whatever the rules say (opencode's `.claude/skills` and `.agents/skills`). */
  dotFolders?: boolean;
}

/** How one tool reads skills, as data (checked against the installed tool; the family README cites the loader). */
export interface SkillRules {
  /** `one-level`: only `<dir>/<name>/SKILL.md`; `nested`: `SKILL.md` is searched in sub-folders too. */
  layout: "one-level" | "nested";
  /**
   * `folder`: the skill folder's name (Claude Code; `name` is only a display name); `name`:
   * the `name` field (skipped without one); `name-or-folder`: the field, else the folder.
   */
  identity: "folder" | "name" | "name-or-folder";
  /**
   * The same name twice: the first in place order wins (`first-wins`), every copy is kept
   * (`all`, Codex), or the tool picks one at random each run (`ambiguous`, opencode: its view
   * names no winner; roster's merged view keeps the first).
   */
  duplicates: "first-wins" | "all" | "ambiguous";
  /** Is a skill without a `description` refused? */
  requiresDescription: boolean;
  /**
   * Without a description, the tool makes one from the body: its first line (`true`, Claude
   * Code), or what the function makes of the body when the key is missing (Copilot CLI).
   */
  descriptionFromBody?: boolean | ((body: string) => string);
  /** Frontmatter YAML it cannot parse: `ignore` the frontmatter and load, `skip` the skill, or read `key: value` lines (`fallback`). */
  badYaml: "ignore" | "skip" | "fallback";
  /** Is a `SKILL.md` without frontmatter refused? */
  requiresFrontmatter: boolean;
  /** Does a skill answer `/name` as a command does (unless `user-invocable: false`)? */
  invocable: boolean;
  /** On a clash of names, does the skill answer `/name` before a command file (`skill`) or after (`command`)? */
  clash?: "skill" | "command";
  /** Frontmatter keys it reads, as written in files. */
  knownKeys: readonly string[];
  /** The most bytes of `SKILL.md` it reads; a larger one is skipped. Default 1 MiB. */
  maxBytes?: number;
  /** Characters it replaces in a name (Gemini CLI: `:\/<>*?"|` become `-`). */
  sanitizeName?: (name: string) => string;
  /** Why the tool refuses a written `name` value (the skill is skipped), or `undefined`. */
  checkName?: (value: unknown) => string | undefined;
  /** A `SKILL.md` at the root of a skills folder: a skill of its own (`skill`), or the whole folder is that one skill (`folder`, Copilot CLI). Absent: ignored. */
  rootSkill?: "skill" | "folder";
  /** Is the description kept as YAML gives it, whitespace included (a folded `>` block's final newline)? Default: trimmed. */
  rawDescription?: boolean;
  /**
   * What the tool makes of a description it read, given the `SKILL.md` text (Copilot CLI reads
   * the frontmatter without its last line break, so a block description ending there loses one).
   */
  descriptionAsRead?: (description: string, file: string) => string;
  /** Are dot folders searched for skills? Default: yes one level deep, no in a `nested` search. */
  dotFolders?: boolean;
}

/**
 * Where one family's tool reads Agent Skills and how (SPEC §18). Declared by the family
 * package (`claudeSkills`, `codexSkills`, …) and read by `discoverSkills`
 * (@roster/skills).
 *
 * @example
 * const acmeSkills = defineSkillSource({
 *   id: "acme", tool: "acme", displayName: "Acme", checkedAgainst: "acme 1.0",
 *   places: (ctx) => [{ dir: join(ctx.home, ".acme/skills"), scope: "user" }],
 *   rules: { layout: "one-level", identity: "name", duplicates: "first-wins", requiresDescription: true,
 *            badYaml: "skip", requiresFrontmatter: true, invocable: false, knownKeys: ["name", "description"] },
 * });
 */
export interface SkillSource {
  /** The family's id (`"claude"`), which records and the merged view name. */
  id: string;
  /** The `--as` value, when the family is a tool of its own (plugins are not). */
  tool?: string;
  displayName: string;
  /** The tool version the facts were checked against. */
  checkedAgainst?: string;
  /** Its places, highest precedence first. */
  places(ctx: DiscoveryContext): SkillPlace[] | { places: SkillPlace[]; diagnostics: Diagnostic[] };
  /**
   * The folder a copy of a skill is written into for this tool (`export`/`sync --skills`):
   * its project folder under `ctx.cwd`, or its user folder. Absent: skills are not copied to it.
   */
  writeDir?(ctx: DiscoveryContext, scope: "project" | "user"): string;
  /** Other sources whose places this tool reads after its own (Claude Code: `plugins`). */
  borrows?: readonly string[];
  /** Why the tool reads none of its project places in `ctx.cwd` (Gemini CLI's folder trust), or `undefined`. */
  projectGate?(ctx: DiscoveryContext): ToolReason | undefined;
  rules: SkillRules;
}

/** Identity helper that types a skill source. */
export function defineSkillSource<S extends SkillSource>(source: S): S {
  return source;
}

/** The `--as` values of skills (`roster skills --as`): the tools among a set's skill sources, in its order. */
export function skillToolsOf(set: { readonly skillSources: readonly SkillSource[] }): string[] {
  return set.skillSources.flatMap((s) => (s.tool ? [s.tool] : []));
}

/** The rules of the source whose folder a skill is in (the skill's `provider`), among a set's skill sources. */
export function skillRulesOf(
  set: { readonly skillSources: readonly SkillSource[] },
  provider: string,
): SkillRules | undefined {
  return set.skillSources.find((s) => s.id === provider)?.rules;
}
