// Which skills `export --skills` and `sync --skills` copy, for which tool, into which scope
// (SPEC §18), and which folders they leave to a source (SPEC §20). Each copy is `copySkill`'s;
// nothing here prints: the CLI shows the reports as a table or JSON.
import { sep } from "node:path";
import type { DiscoveryContext } from "@roster/core";
import type { SkillSource } from "@roster/family";
import { discoverSkills, type Skill, type SkillDiscovery } from "@roster/skills";
import { type CopySkillOptions, copySkill, type SkillCopy } from "./copy-skill.js";

/** The scope a copy is written to: `project` or `user` (`--scope`). */
export type SkillCopyScope = "project" | "user";

/**
 * {@link copySkill}, unless a source wrote into that skill folder (its files in `pinned`, from
 * roster.lock): then a `conflict`, nothing written (SPEC §20: a source's files are its own).
 */
export function copySkillUnlessPinned(options: CopySkillOptions, pinned: ReadonlySet<string>): SkillCopy {
  const planned = copySkill({ ...options, dryRun: true });
  const inside = planned.dir !== "" && [...pinned].some((path) => path.startsWith(`${planned.dir}${sep}`));
  if (!inside) return options.dryRun ? planned : copySkill(options);
  return {
    ...planned,
    action: "conflict",
    files: [],
    error: { code: "sync/conflict", message: "a source wrote this skill folder (roster.lock); left to it" },
  };
}

/** The scope a skill's copy goes to: a project skill into the project, any other (personal, bundled) the user's. */
export function skillCopyScope(skill: Pick<Skill, "scope">): SkillCopyScope {
  return skill.scope === "project" ? "project" : "user";
}

/** Options of {@link exportSkillFolder}. */
export interface ExportSkillFolderOptions {
  ctx: DiscoveryContext;
  skill: Skill;
  target: SkillSource;
  /** Every skill source (to read the copy back as the target would). */
  sources: readonly SkillSource[];
  /** `--scope`; by default the skill's own ({@link skillCopyScope}). */
  scope?: SkillCopyScope | undefined;
  /** Write into this folder instead of the tool's: no source's folder there, none is pinned. */
  outDir?: string | undefined;
  /** The files sources wrote (roster.lock): a skill folder holding one is left to its source. */
  pinned: ReadonlySet<string>;
  dryRun?: boolean | undefined;
}

/** `export NAME --skills --to TOOL`: one skill folder copied for one tool, or why not. */
export function exportSkillFolder(options: ExportSkillFolderOptions): SkillCopy {
  const { ctx, skill, target, sources } = options;
  return copySkillUnlessPinned(
    {
      ctx,
      skill,
      target,
      scope: options.scope ?? skillCopyScope(skill),
      sources,
      ...(options.outDir !== undefined ? { outDir: options.outDir } : {}),
      ...(options.dryRun ? { dryRun: true } : {}),
    },
    options.outDir !== undefined ? new Set() : options.pinned,
  );
}

/** Options of {@link syncSkillFolders}. */
export interface SyncSkillFoldersOptions {
  ctx: DiscoveryContext;
  /** The merged discovery of skills (every tool's, as `roster skills list` shows them). */
  skills: SkillDiscovery;
  /** The tools to copy for, in order. */
  targets: readonly SkillSource[];
  /** Every skill source (each target's own skills are discovered with them). */
  sources: readonly SkillSource[];
  /** `--scope`: only skills whose copies go to this scope. */
  only?: SkillCopyScope | undefined;
  /** The files sources wrote (roster.lock): a skill folder holding one is left to its source. */
  pinned: ReadonlySet<string>;
  dryRun?: boolean | undefined;
}

/**
 * `sync --skills --to TOOLS`: every skill copied for each tool, project skills into project
 * folders and personal ones into user folders; a plugin's skills and a tool's own skills (those
 * it loads already) stay where they are.
 */
export function syncSkillFolders(options: SyncSkillFoldersOptions): SkillCopy[] {
  const { ctx, sources, only, pinned } = options;
  const copies: SkillCopy[] = [];
  for (const target of options.targets) {
    const own = discoverSkills(ctx, { sources, as: target.tool! });
    const native = new Set(own.skills.map((s) => s.filePath));
    for (const skill of options.skills.skills) {
      if (skill.plugin || native.has(skill.filePath)) continue;
      const scope = skillCopyScope(skill);
      if (only && scope !== only) continue;
      copies.push(
        copySkillUnlessPinned(
          { ctx, skill, target, scope, sources, ...(options.dryRun ? { dryRun: true } : {}) },
          pinned,
        ),
      );
    }
  }
  return copies;
}

/**
 * A copy that fails `sync --skills`: one that failed or was refused; with `strict`, a conflict
 * too (else it is reported and kept, as `sync` keeps a person's agent file).
 */
export function skillCopyFails(copy: Pick<SkillCopy, "action">, options: { strict?: boolean } = {}): boolean {
  return (
    copy.action === "failed" ||
    copy.action === "refused" ||
    (options.strict === true && copy.action === "conflict")
  );
}
