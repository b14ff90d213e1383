import { dirname, join, resolve } from "node:path";
import type { FileSystem } from "./types.js";

/**
 * `dir` and each of its ancestors, nearest first, up to the file-system root: the one
 * walk up behind every "nearest project folder" search.
 *
 * @example ancestorsOf("/a/b") // ["/a/b", "/a", "/"]
 */
export function ancestorsOf(dir: string): string[] {
  const out: string[] = [];
  let current = resolve(dir);
  for (;;) {
    out.push(current);
    const parent = dirname(current);
    if (parent === current) return out;
    current = parent;
  }
}

/** Where {@link walkToGitRoot} ended. */
export interface GitRootWalk {
  /** `dir` and the ancestors walked, nearest first: the git root included, a `stopBefore` folder not. */
  dirs: string[];
  /** The git root: the nearest folder holding `.git` (a folder, or a worktree's file). */
  root?: string;
  /** `stopBefore` ended the walk before any git root. */
  stopped: boolean;
}

/**
 * The one walk up to a git root: from `dir` through its ancestors, nearest first, until one
 * holds `.git` or `stopBefore` says stop (home, for config). Without either, the walk ends at
 * the file-system root with no `root`.
 */
export function walkToGitRoot(
  dir: string,
  fs: Pick<FileSystem, "lstat">,
  stopBefore?: (dir: string) => boolean,
): GitRootWalk {
  const dirs: string[] = [];
  for (const current of ancestorsOf(dir)) {
    if (stopBefore?.(current)) return { dirs, stopped: true };
    dirs.push(current);
    try {
      fs.lstat(join(current, ".git"));
      return { dirs, root: current, stopped: false };
    } catch {
      // No `.git` here: keep walking.
    }
  }
  return { dirs, stopped: false };
}
