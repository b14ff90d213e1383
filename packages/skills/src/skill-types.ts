import type { Diagnostic, FileRecord, PluginInfo } from "@roster/core";
import type { ProfileScope } from "@roster/family";

/** One entry of a skill folder, listed (never read). */
export interface SkillFileEntry {
  /** `/`-separated, relative to the skill folder. */
  path: string;
  kind: "file" | "folder" | "symlink" | "other";
  /** Bytes, for a file (or a link to a file inside the skill folder). */
  size?: number;
  /** A symlink's target: inside the folder (`file`, `folder`), `outside` it (not followed), or `broken`. */
  target?: "file" | "folder" | "outside" | "broken";
}

/** One Agent Skill: its `SKILL.md` and the files beside it. */
export interface Skill {
  /** The name the tool answers to (`deploy`, `plugin:deploy`). */
  name: string;
  /** The title the tool shows instead, where it differs (Claude Code shows `name:`; the folder stays the command). */
  displayName?: string;
  /**
   * With `--as`, the `SKILL.md` files of this name the tool picks among, a different one from
   * run to run (opencode): no winner can be named. Absent when the tool's pick is settled.
   */
  ambiguous?: readonly string[];
  description: string;
  /** The skill folder. */
  dir: string;
  /** Its `SKILL.md`. */
  filePath: string;
  scope: ProfileScope;
  /** The source (family) whose place it was found in. */
  provider: string;
  plugin?: PluginInfo;
  /** Answers `/name` in its tool. */
  userInvocable: boolean;
  /** The model may call it on its own (`disable-model-invocation` not set). */
  modelInvocable: boolean;
  argumentHint?: string;
  allowedTools?: string[];
  license?: string;
  compatibility?: string;
  metadata?: unknown;
  /** Every frontmatter key as written, in order. */
  keys: readonly string[];
  /** Every frontmatter value, keys as written. */
  fields: Readonly<Record<string, unknown>>;
  /** The instructions (the body after the frontmatter). */
  body: string;
  /** The files beside `SKILL.md`, listed, in code-unit order of path. */
  files: readonly SkillFileEntry[];
  /** True when the listing stopped at its bound. */
  filesTruncated?: boolean;
}

/** A skill that lost to another of the same name. */
export interface ShadowedSkill {
  skill: Skill;
  /** The winner's `SKILL.md`. */
  shadowedBy: string;
}

/** What happened at one searched skills folder. */
export interface SearchedSkillPlace {
  dir: string;
  scope: ProfileScope;
  provider: string;
  status: "read" | "missing" | "not-a-directory" | "outside-root" | "unreadable" | "untrusted";
}

/** The result of {@link discoverSkills}. */
export interface SkillDiscovery {
  /** The winners, in precedence order. */
  skills: Skill[];
  shadowed: ShadowedSkill[];
  diagnostics: Diagnostic[];
  /** Every place searched, in order. */
  searched: SearchedSkillPlace[];
  /** One record per `SKILL.md` (and per folder without one), in search order; `kind: "skills"`. */
  files: FileRecord[];
  /** The tool whose rules were applied (`--as`), or `undefined` for the merged view. */
  as?: string;
}

/** The keys of the Agent Skills format itself (https://agentskills.io/specification), as written. */
export const AGENT_SKILLS_KEYS: readonly string[] = [
  "name",
  "description",
  "license",
  "compatibility",
  "metadata",
  "allowed-tools",
];

/** Every `skill/*` diagnostic code `discoverSkills` reports (the README's table lists the same). */
export const SKILL_DIAGNOSTIC_CODES = [
  "skill/missing-name",
  "skill/missing-description",
  "skill/name-not-folder",
  "skill/name-format",
  "skill/long-description",
  "skill/unknown-key",
  "skill/yaml-error",
  "skill/no-frontmatter",
  "skill/no-skill-md",
  "skill/too-many-entries",
  "skill/files-truncated",
  "skill/roster-copy",
  "skill/leaves-project",
  "skill/bad-name",
  "skill/ambiguous",
  "skill/untrusted",
] as const;

/** A `skill/*` diagnostic code. */
export type SkillDiagnosticCode = (typeof SKILL_DIAGNOSTIC_CODES)[number];
