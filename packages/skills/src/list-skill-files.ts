import type { FileSystem } from "@roster/core";
import { walkFolder } from "@roster/core/provider-kit";
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

/**
 * Lists the files of a skill folder (SPEC §18): paths, kinds and sizes, never contents.
 * Sub-folders are entered up to `maxDepth`; a symlink is listed and never followed into a
 * folder (so a loop cannot recur), and one whose real path leaves the skill folder is
 * marked `outside` without its size. At most `maxEntries` entries; `truncated` says so.
 * The walk is core's `walkFolder`.
 */
export function listSkillFiles(options: ListSkillFilesOptions): SkillFileListing {
  const { fs, dir } = options;
  const maxDepth = options.maxDepth ?? 4;
  // Entries of the skill folder itself are at depth 1: `maxDepth - 1` levels below it are entered.
  const walk = walkFolder(fs, dir, {
    depth: maxDepth - 1,
    hidden: true,
    root: dir,
    max: options.maxEntries ?? 256,
  });
  if (walk.status !== "read" && walk.status !== "truncated") return { files: [], truncated: false };
  let truncated = walk.status === "truncated";
  const files = walk.entries.map((entry): SkillFileEntry => {
    const rel = entry.relativePath;
    if (entry.kind === "folder") {
      if (entry.depth >= maxDepth - 1) truncated = true;
      return { path: rel, kind: "folder" };
    }
    if (entry.kind === "file") {
      const size = sizeOf(fs, entry.path, "lstat");
      return size === undefined ? { path: rel, kind: "file" } : { path: rel, kind: "file", size };
    }
    if (entry.kind === "special") return { path: rel, kind: "other" };
    if (entry.target === "broken" || entry.target === "loop")
      return { path: rel, kind: "symlink", target: "broken" };
    if (entry.target === "outside-root") return { path: rel, kind: "symlink", target: "outside" };
    if (entry.target === "folder") return { path: rel, kind: "symlink", target: "folder" };
    const size = sizeOf(fs, entry.path, "stat");
    return size === undefined
      ? { path: rel, kind: "symlink", target: "broken" }
      : { path: rel, kind: "symlink", target: "file", size };
  });
  return { files, truncated };
}

function sizeOf(fs: FileSystem, path: string, how: "stat" | "lstat"): number | undefined {
  try {
    return fs[how](path).size;
  } catch {
    return undefined;
  }
}
