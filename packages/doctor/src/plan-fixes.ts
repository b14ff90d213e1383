// `doctor --fix`: which files get which fixes, and whether each may be written. Only files a
// person can see in `git diff` (and undo with `git checkout`) are written; the CLI writes them.
import { lstatSync } from "node:fs";
import { isAbsolute } from "node:path";
import { type FileRecord, readFileBounded } from "@roster/core";
import { MAX_FILE_BYTES } from "@roster/core/provider-kit";
import type { ToolProfile } from "@roster/family";
import { type FixAgentTextOptions, fixAgentText, type TextFix } from "./fix-agent-text.js";
import type { GitFiles } from "./git-files.js";
import { unifiedDiff } from "./unified-diff.js";

/** What became of one file with fixes (`doctor --fix --json`'s `files`). */
export interface FileFix {
  filePath: string;
  fixes: TextFix[];
  /** `fixed` (written), `would-fix` (--dry-run), `left` (not written: `reason` says why). */
  action: "fixed" | "would-fix" | "left";
  reason?: string;
  /** The unified diff of the change, paths relative to the repository (`a/…`, `b/…`). */
  diff: string;
}

/** One file with fixes, read: its text before and after, and why it must be left as it is, if so. */
export interface FoundFix {
  filePath: string;
  before: string;
  after: string;
  fixes: TextFix[];
  /** Why it is never written (a symbolic link). */
  left?: string;
}

/**
 * The files `--fix` looks at: the project's markdown agent files a discovery read (its
 * `records`), each once, with the name rule of the tool that reads it (`profileOf` its provider).
 */
export function fixCandidates(
  records: readonly FileRecord[],
  profileOf: (provider: string) => ToolProfile | undefined,
): Map<string, FixAgentTextOptions> {
  const byPath = new Map<string, FixAgentTextOptions>();
  for (const record of records) {
    if (record.scope !== "project" || record.copy || !isAbsolute(record.path) || !record.path.endsWith(".md"))
      continue;
    // A file whose real path leaves the project is never read, here as in discovery.
    if (record.diagnostics.some((d) => d.code === "load/outside-root")) continue;
    if (byPath.get(record.path)?.nameProblem) continue;
    const profile = profileOf(record.provider);
    byPath.set(
      record.path,
      profile?.nameProblem ? { nameProblem: profile.nameProblem, toolName: profile.displayName } : {},
    );
  }
  return byPath;
}

/**
 * Reads each candidate (bounded) and applies @roster/doctor's fixes (`fixAgentText`): the
 * files with at least one, a link marked to be left (it is read, never written through).
 * A file gone or unreadable is passed over.
 */
export function findFixes(candidates: ReadonlyMap<string, FixAgentTextOptions>): FoundFix[] {
  const found: FoundFix[] = [];
  for (const [filePath, rule] of candidates) {
    let isLink: boolean;
    let before: string;
    try {
      isLink = lstatSync(filePath).isSymbolicLink();
      before = readFileBounded(filePath, MAX_FILE_BYTES).toString("utf8");
    } catch {
      continue;
    }
    const { text: after, fixes } = fixAgentText(before, rule);
    if (fixes.length === 0) continue;
    found.push({
      filePath,
      before,
      after,
      fixes,
      ...(isLink ? { left: "a symbolic link; roster never writes through one" } : {}),
    });
  }
  return found;
}

/** One file's plan: what to report, and (when it may be written) where and what to write. */
export interface PlannedFix {
  fix: FileFix;
  /** Set when the file is to be written: the work tree's top folder it stays below, and the text. */
  write?: { root: string; content: string };
}

/**
 * What `--fix` does with each file found: its diff (relative to the work tree's top folder),
 * and whether it is written — only where git tracks it — or would be (`dryRun`), or is left
 * with the reason (not in a work tree, untracked, ignored, a link).
 */
export function planFixes(
  found: readonly FoundFix[],
  options: { git: GitFiles | undefined; cwd: string; dryRun: boolean },
): PlannedFix[] {
  const { git } = options;
  const root = git?.root ?? options.cwd;
  return found.map((f) => {
    const diff = unifiedDiff(root, f.filePath, f.before, f.after);
    const left =
      f.left ??
      (git === undefined
        ? "not in a git work tree: doctor --fix writes only files git tracks (git diff shows the change)"
        : git.tracked.has(f.filePath)
          ? undefined
          : git.untracked.has(f.filePath)
            ? "not tracked by git: git add it, then roster doctor --fix (git diff shows only tracked files)"
            : "ignored by git, or outside the work tree: doctor --fix leaves it");
    // Keys in the order `--json` prints them.
    const { filePath, fixes } = f;
    if (left) return { fix: { filePath, fixes, action: "left", reason: left, diff } };
    if (options.dryRun) return { fix: { filePath, fixes, action: "would-fix", diff } };
    return { fix: { filePath, fixes, action: "fixed", diff }, write: { root: git!.root, content: f.after } };
  });
}
