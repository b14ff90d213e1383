// Copies a skill folder into another tool's skills folder (`export --skills`, `sync --skills`,
// SPEC §18): every file listed, read boundedly, written through writeFileInside (never
// through a link, temporary file and rename), the folder recorded in the skills folder's
// `.roster-sync.json` first, a folder a person wrote left untouched. Nothing here prints:
// the CLI turns the returned report into a table or JSON.
import { basename, join } from "node:path";
import { type DiscoveryContext, fileSystemOf, nameProblem } from "@roster/core";
import { describeFsError } from "@roster/core/provider-kit";
import type { SkillSource } from "@roster/family";
import { discoverSkills, type Skill, skillCopiesIn } from "@roster/skills";
import { recordInManifest } from "./sync-agents.js";
import { WriteRefusedError, writeFileInside, writePathProblem } from "./write-file-inside.js";

/** The most bytes of one file copied; a larger one is left out and reported. */
const MAX_COPY_BYTES = 8 * 1024 * 1024;

/** What happened to one file of the skill folder. */
export interface CopiedFile {
  path: string;
  action: "copied" | "skipped";
  reason?: string;
}

/** The report of one skill copy. */
export interface SkillCopy {
  skill: string;
  tool: string;
  /** The skill folder written (or that would be). */
  dir: string;
  action: "create" | "update" | "conflict" | "refused" | "failed";
  /** Why nothing (or not everything) was written. */
  error?: { code: string; message: string };
  files: CopiedFile[];
  /** The target tool loads the copy under this name (checked by reading it back), when written. */
  loadsAs?: string;
}

/** The folder name a copy gets: the `name` field (tools that name by folder answer to it), else the folder's. */
function folderNameOf(skill: Skill): string {
  const written = skill.fields.name;
  if (
    typeof written === "string" &&
    written.trim() !== "" &&
    !nameProblem(written.trim()) &&
    !written.includes(":")
  )
    return written.trim();
  return basename(skill.dir);
}

/** Why `target` would not load the skill as written, or undefined. */
function unloadable(skill: Skill, target: SkillSource): string | undefined {
  const { rules } = target;
  if (rules.identity === "name" && typeof skill.fields.name !== "string")
    return `${target.displayName} names a skill by its "name" field, and this SKILL.md has none`;
  if (rules.requiresDescription && typeof skill.fields.description !== "string")
    return `${target.displayName} needs a "description", and this SKILL.md has none`;
  return undefined;
}

/** Options of {@link copySkill}. */
export interface CopySkillOptions {
  ctx: DiscoveryContext;
  skill: Skill;
  target: SkillSource;
  scope: "project" | "user";
  sources: readonly SkillSource[];
  /** Write into this folder instead of the tool's (no manifest there). */
  outDir?: string;
  dryRun?: boolean;
}

/** Copies one skill folder for one tool, or says why not. */
export function copySkill(options: CopySkillOptions): SkillCopy {
  const { ctx, skill, target, scope } = options;
  const fs = fileSystemOf(ctx);
  const skillsDir = options.outDir ?? target.writeDir?.(ctx, scope);
  const name = folderNameOf(skill);
  const report: SkillCopy = {
    skill: skill.name,
    tool: target.tool ?? target.id,
    dir: "",
    action: "create",
    files: [],
  };
  if (!skillsDir) {
    report.action = "refused";
    report.error = {
      code: "export/no-writer",
      message: `roster does not write skills for ${target.displayName}`,
    };
    return report;
  }
  const root = options.outDir ?? (scope === "project" ? ctx.cwd : ctx.home);
  const dir = join(skillsDir, name);
  report.dir = dir;
  const why = unloadable(skill, target);
  if (why) {
    report.action = "refused";
    report.error = { code: "export/skill-unloadable", message: why };
    return report;
  }
  const blocked = writePathProblem(root, join(dir, "SKILL.md"));
  if (blocked) {
    report.action = "conflict";
    report.error = { code: "sync/conflict", message: blocked.message };
    return report;
  }
  let exists = false;
  try {
    const stats = fs.lstat(dir);
    exists = true;
    if (stats.isSymbolicLink() || !stats.isDirectory()) {
      report.action = "conflict";
      report.error = { code: "sync/conflict", message: "a link or a file of that name is in the way" };
      return report;
    }
  } catch {
    // Absent: created.
  }
  if (exists) {
    if (options.outDir === undefined && !skillCopiesIn(fs, skillsDir).has(name)) {
      report.action = "conflict";
      report.error = {
        code: "sync/conflict",
        message: "a skill folder roster did not write is in the way; left untouched",
      };
      return report;
    }
    report.action = "update";
  }
  const toCopy = skill.files.filter((f) => {
    if (f.kind === "file" || (f.kind === "symlink" && f.target === "file")) return true;
    if (f.kind !== "folder" && !(f.kind === "symlink" && f.target === "folder"))
      report.files.push({
        path: f.path,
        action: "skipped",
        reason:
          f.kind === "symlink"
            ? `a link ${f.target === "outside" ? "leaving the skill folder" : "that is broken"}`
            : "not a regular file",
      });
    else if (f.kind === "symlink")
      report.files.push({ path: f.path, action: "skipped", reason: "a link to a folder" });
    return false;
  });
  if (options.dryRun) {
    for (const f of toCopy) report.files.push({ path: f.path, action: "copied" });
    return report;
  }
  try {
    // The manifest first: a folder written is never left without roster's mark.
    if (options.outDir === undefined) recordInManifest(ctx, { dir: skillsDir, relativePath: name, root });
    for (const f of toCopy) {
      const source = join(skill.dir, ...f.path.split("/"));
      let content: Buffer;
      try {
        content = fs.readFile(source, MAX_COPY_BYTES);
      } catch (error) {
        report.files.push({
          path: f.path,
          action: "skipped",
          reason: `cannot read it: ${error instanceof Error ? error.message : String(error)}`,
        });
        continue;
      }
      writeFileInside({ root, filePath: join(dir, ...f.path.split("/")), content });
      report.files.push({ path: f.path, action: "copied" });
    }
  } catch (error) {
    report.action = "failed";
    report.error = {
      code: "sync/unwritable",
      message: error instanceof WriteRefusedError ? error.message : describeFsError(error),
    };
    return report;
  }
  if (options.outDir === undefined && target.tool) {
    // Read back as the tool reads: the copy must load under its rules.
    const view = discoverSkills(ctx, { sources: options.sources, as: target.tool });
    const loaded = view.skills.find((s) => s.filePath === join(dir, "SKILL.md"));
    if (loaded) report.loadsAs = loaded.name;
  }
  return report;
}
