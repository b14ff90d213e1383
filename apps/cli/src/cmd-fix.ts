// `roster doctor --fix [--dry-run]`: @roster/doctor's fixes (text in, text out) applied to the
// project's agent files that git tracks, each shown as a unified diff. Only files a person can
// see in `git diff` (and undo with `git checkout`) are written, through the one safe write.
import { spawnSync } from "node:child_process";
import { lstatSync } from "node:fs";
import { dirname, isAbsolute, relative, resolve, sep } from "node:path";
import { discoverAgents, readFileBounded } from "@roster/core";
import { describeFsError, MAX_FILE_BYTES } from "@roster/core/provider-kit";
import { fixAgentText, type TextFix } from "@roster/doctor";
import { WriteRefusedError, writeFileInside } from "@roster/writers";
import { structuredPatch } from "diff";
import type { App } from "./context.js";
import { count, line, type Output, paint, printJson, sentenceLines, showPath } from "./output.js";

/** Flags of `roster doctor --fix`. */
export interface FixFlags {
  dryRun?: boolean;
}

/** What became of one file with fixes. */
export interface FileFix {
  filePath: string;
  fixes: TextFix[];
  /** `fixed` (written), `would-fix` (--dry-run), `left` (not written: `reason` says why). */
  action: "fixed" | "would-fix" | "left";
  reason?: string;
  /** The unified diff of the change, paths relative to the repository (`a/…`, `b/…`). */
  diff: string;
}

/** The files git shows from a work tree: its top folder, and which files it tracks or would add. */
export interface GitFiles {
  /** The work tree's top folder, as reached from the cwd (its links kept as the user wrote them). */
  root: string;
  tracked: ReadonlySet<string>;
  /** Not tracked and not ignored: `git status` lists them, `git diff` does not. */
  untracked: ReadonlySet<string>;
}

/** How long one git command may take, and how much it may print. */
const GIT_LIMITS = { timeout: 30_000, maxBuffer: 64 * 1024 * 1024 } as const;

/**
 * Runs the user's git (`-c core.fsmonitor=false`: no hook of the project's config runs for a
 * listing; pathspecs literal), or `undefined` when there is none or it fails.
 */
function git(cwd: string, args: readonly string[]): string | undefined {
  const run = spawnSync("git", ["-c", "core.fsmonitor=false", ...args], {
    cwd,
    encoding: "utf8",
    env: { ...process.env, GIT_LITERAL_PATHSPECS: "1", GIT_OPTIONAL_LOCKS: "0" },
    stdio: ["ignore", "pipe", "ignore"],
    ...GIT_LIMITS,
  });
  return run.status === 0 && typeof run.stdout === "string" ? run.stdout : undefined;
}

/**
 * Which of `files` (absolute) git tracks, and which it would add (untracked, not ignored), in
 * the work tree `cwd` is in; `undefined` outside a work tree (or without git). Only the
 * folders holding `files` are listed.
 */
export function gitFiles(cwd: string, files: readonly string[]): GitFiles | undefined {
  const up = git(cwd, ["rev-parse", "--show-cdup"]);
  if (up === undefined) return undefined;
  const root = resolve(cwd, up.trim() || ".");
  const folders = [
    ...new Set(
      files.map((f) => relative(root, dirname(f))).filter((r) => !r.startsWith("..") && !isAbsolute(r)),
    ),
  ].map((r) => (r === "" ? "." : r));
  const list = (extra: readonly string[]) => {
    if (folders.length === 0) return new Set<string>();
    const out = git(root, ["ls-files", "-z", ...extra, "--", ...folders]);
    return new Set(
      (out ?? "")
        .split("\0")
        .filter(Boolean)
        .map((rel) => resolve(root, rel)),
    );
  };
  return { root, tracked: list([]), untracked: list(["--others", "--exclude-standard"]) };
}

/** A unified diff of one file (`a/…`, `b/…` relative to `root`), as `git diff` prints it. */
export function unifiedDiff(root: string, filePath: string, before: string, after: string): string {
  const rel = relative(root, filePath).split(sep).join("/");
  const patch = structuredPatch(`a/${rel}`, `b/${rel}`, before, after, undefined, undefined, { context: 3 });
  const lines = [`--- a/${rel}`, `+++ b/${rel}`];
  for (const hunk of patch.hunks) {
    lines.push(`@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`, ...hunk.lines);
  }
  return `${lines.join("\n")}\n`;
}

/** The candidates: the project's markdown agent files discovery read, each once, with the name rule of the tool that reads it. */
async function candidates(app: App) {
  const d = await discoverAgents(app.registry, app.ctx, { bodies: "none", records: true });
  const byPath = new Map<string, { nameProblem?: (name: string) => string | undefined; toolName?: string }>();
  for (const record of d.files) {
    if (record.scope !== "project" || record.copy || !isAbsolute(record.path) || !record.path.endsWith(".md"))
      continue;
    // A file whose real path leaves the project is never read, here as in discovery.
    if (record.diagnostics.some((d) => d.code === "load/outside-root")) continue;
    const family = app.families.get(record.provider);
    const profile = family?.profile;
    const known = byPath.get(record.path);
    if (known?.nameProblem) continue;
    byPath.set(
      record.path,
      profile?.nameProblem ? { nameProblem: profile.nameProblem, toolName: profile.displayName } : {},
    );
  }
  return byPath;
}

/**
 * `roster doctor --fix [--dry-run]`: every fix with one safe form (@roster/doctor's
 * `fixAgentText`) for the project's agent files, each shown as a unified diff, written only
 * where git tracks the file (so `git diff` shows it and `git checkout` undoes it), through
 * `writeFileInside` below the work tree's top folder: never a link, never outside. Exit 1
 * when a file with fixes was left as it is, or (`--dry-run`) when any file would change.
 */
export async function fixDoctor(app: App, flags: FixFlags): Promise<number> {
  const o = app.output;
  const found: Array<{ filePath: string; before: string; after: string; fixes: TextFix[]; left?: string }> =
    [];
  for (const [filePath, rule] of await candidates(app)) {
    // A link inside the project is read (discovery reads it too) but never written through.
    let isLink = false;
    try {
      isLink = lstatSync(filePath).isSymbolicLink();
    } catch {
      continue;
    }
    let before: string;
    try {
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
  const git =
    found.length > 0
      ? gitFiles(
          app.ctx.cwd,
          found.map((f) => f.filePath),
        )
      : undefined;
  const root = git?.root ?? app.ctx.cwd;
  const results: FileFix[] = found.map((f) => {
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
    if (left) return { filePath: f.filePath, fixes: f.fixes, action: "left", reason: left, diff };
    if (flags.dryRun) return { filePath: f.filePath, fixes: f.fixes, action: "would-fix", diff };
    try {
      writeFileInside({ root: git!.root, filePath: f.filePath, content: f.after });
      return { filePath: f.filePath, fixes: f.fixes, action: "fixed", diff };
    } catch (error) {
      const why = error instanceof WriteRefusedError ? error.message : describeFsError(error);
      return { filePath: f.filePath, fixes: f.fixes, action: "left", reason: why, diff };
    }
  });

  const failed = results.some((r) => r.action === "left") || (flags.dryRun === true && results.length > 0);
  if (o.json) {
    printJson(o, { dryRun: flags.dryRun === true, files: results });
    return failed ? 1 : 0;
  }
  for (const r of results) printFix(o, r);
  const fixed = results.filter((r) => r.action !== "left");
  const left = results.length - fixed.length;
  const fixCount = fixed.reduce((n, r) => n + r.fixes.length, 0);
  const done =
    fixed.length > 0
      ? [
          `${flags.dryRun ? "would fix" : "fixed"} ${count(fixed.length, "file")} (${count(fixCount, "fix", "fixes")})`,
        ]
      : [];
  const parts = [...done, ...(left > 0 ? [`${count(left, "file")} with fixes left as it is`] : [])];
  const summary =
    results.length === 0
      ? "nothing to fix"
      : `${parts.join("; ")}${flags.dryRun ? " (dry run: nothing written)" : ""}; roster doctor shows what is left`;
  for (const piece of sentenceLines(o, summary)) o.out(paint(o, failed ? "yellow" : "green", piece));
  return failed ? 1 : 0;
}

/** One file: its diff (coloured on a terminal), then each fix at `path:line`, or why it was left. */
function printFix(o: Output, r: FileFix): void {
  for (const text of r.diff.replace(/\n$/, "").split("\n")) {
    const style = text.startsWith("@@")
      ? "cyan"
      : text.startsWith("+++") || text.startsWith("---")
        ? "bold"
        : text.startsWith("+")
          ? "green"
          : text.startsWith("-")
            ? "red"
            : undefined;
    o.out(style ? paint(o, style, text) : text);
  }
  const where = showPath(o, r.filePath);
  for (const fix of r.fixes)
    o.out(line`${where}:${String(fix.line)}  ${paint(o, "dim", fix.code)}  ${fix.message}`);
  if (r.reason) o.out(line`${paint(o, "yellow", "left")} ${where}: ${r.reason}`);
  o.out("");
}
