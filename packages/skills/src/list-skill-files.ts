import type { Stats } from "node:fs";
import { join } from "node:path";
import type { FileSystem } from "@roster/core";
import { isInside } from "@roster/core/provider-kit";
import type { SkillFileEntry } from "./skill-types.js";

/** Options of {@link listSkillFiles}. */
export interface ListSkillFilesOptions {
  fs: FileSystem;
  /** The skill folder. */
  dir: string;
  /** Most entries listed (default 256). */
  maxEntries?: number;
  /** Deepest sub-folder entered, counted from the skill folder (default 4). */
  maxDepth?: number;
}

/** The listing of a skill folder: its entries, and whether the bound cut it short. */
export interface SkillFileListing {
  files: SkillFileEntry[];
  truncated: boolean;
}

function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Lists the files of a skill folder (SPEC §18): paths, kinds and sizes, never contents.
 * Sub-folders are entered up to `maxDepth`; a symlink is listed and never followed into a
 * folder (so a loop cannot recur), and one whose real path leaves the skill folder is
 * marked `outside` without its size. At most `maxEntries` entries; `truncated` says so.
 */
export function listSkillFiles(options: ListSkillFilesOptions): SkillFileListing {
  const { fs, dir } = options;
  const maxEntries = options.maxEntries ?? 256;
  const maxDepth = options.maxDepth ?? 4;
  let root: string;
  try {
    root = fs.realpath(dir);
  } catch {
    return { files: [], truncated: false };
  }
  const files: SkillFileEntry[] = [];
  let truncated = false;
  const visit = (folder: string, prefix: string, depth: number): void => {
    let entries: import("node:fs").Dirent[];
    try {
      entries = fs.readdir(folder);
    } catch {
      return;
    }
    entries.sort((a, b) => compareCodeUnits(a.name, b.name));
    for (const entry of entries) {
      if (files.length >= maxEntries) {
        truncated = true;
        return;
      }
      const path = join(folder, entry.name);
      const rel = prefix + entry.name;
      if (entry.isDirectory()) {
        files.push({ path: rel, kind: "folder" });
        if (depth < maxDepth) visit(path, `${rel}/`, depth + 1);
        else truncated = true;
      } else if (entry.isFile()) {
        const size = sizeOf(fs, path);
        files.push(size === undefined ? { path: rel, kind: "file" } : { path: rel, kind: "file", size });
      } else if (entry.isSymbolicLink()) {
        files.push(describeLink(fs, path, rel, root));
      } else files.push({ path: rel, kind: "other" });
    }
  };
  visit(dir, "", 1);
  return { files, truncated };
}

function sizeOf(fs: FileSystem, path: string): number | undefined {
  try {
    return fs.lstat(path).size;
  } catch {
    return undefined;
  }
}

function describeLink(fs: FileSystem, path: string, rel: string, root: string): SkillFileEntry {
  let real: string;
  let stats: Stats;
  try {
    real = fs.realpath(path);
    stats = fs.stat(path);
  } catch {
    return { path: rel, kind: "symlink", target: "broken" };
  }
  if (!isInside(root, real)) return { path: rel, kind: "symlink", target: "outside" };
  if (stats.isDirectory()) return { path: rel, kind: "symlink", target: "folder" };
  return { path: rel, kind: "symlink", target: "file", size: stats.size };
}
