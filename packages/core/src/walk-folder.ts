import type { Dirent } from "node:fs";
import { isAbsolute, join, normalize, relative, resolve, sep } from "node:path";
import { errorCode } from "./fs.js";
import { compareCodeUnits } from "./plain-values.js";
import type { FileSystem } from "./types.js";

/** What {@link walkFolder} found at its folder; `truncated`: read, but `max` cut the listing short. */
export type FolderStatus =
  | "read"
  | "truncated"
  | "missing"
  | "unreadable"
  | "not-a-directory"
  | "outside-root";

/** Where a symlink leads: core's rules (a loop, a dangling link, a real path leaving `root`). */
export type LinkTarget = "file" | "folder" | "special" | "broken" | "loop" | "outside-root";

/** One entry of a walk, in the order met: each folder's entries in code-unit order of name, depth first. */
export interface WalkedEntry {
  path: string;
  /** `/`-separated path relative to the walked folder. */
  relativePath: string;
  /** 0 for the walked folder's own entries, 1 for its sub-folders' entries, … */
  depth: number;
  kind: "file" | "folder" | "link" | "special";
  /** For a link: where it leads. */
  target?: LinkTarget;
}

/** Options of {@link walkFolder}. */
export interface WalkFolderOptions {
  /** Sub-folder levels entered: 0 lists the folder alone (the default), 8 enters 8 levels deep. */
  depth?: number;
  /** Enter folders whose name starts with "." (default: no; their entry is still listed). */
  hidden?: boolean;
  /** `follow`: enter linked folders (never one leading back up: a `loop`); `list` (default): list links only. */
  links?: "follow" | "list";
  /** A link whose real path leaves `root` is `outside-root` (and never entered); so is the folder itself. */
  root?: string;
  /** Most entries listed; past it the walk stops and its status is `truncated`. */
  max?: number;
  /** The caller's say on entering a folder (a skill search stops at a folder holding `SKILL.md`). */
  enter?: (entry: WalkedEntry) => boolean;
  /** Lists one folder (default `fs.readdir`): discovery lists through its cache. */
  list?: (path: string) => Dirent[];
}

/** The outcome of {@link walkFolder}. */
export interface FolderWalk {
  status: FolderStatus;
  entries: WalkedEntry[];
  /** Folders that could not be listed (the walked one too), with the error; the walk went on without them. */
  unlisted: Array<{ path: string; error: unknown }>;
}

/** `path.resolve`, skipped for a path already absolute and normal (no `//`, `.` or `..` part, no trailing `/`). */
export function resolvePath(path: string): string {
  return sep === "/" && path[0] === "/" && !/\/\/|\/\.\.?(\/|$)|.\/$/.test(path) ? path : resolve(path);
}

/** True when `path` is `dir` or inside it (lexically; on POSIX, case-sensitive, a prefix of whole segments). */
export function isInside(dir: string, path: string): boolean {
  const [from, to] = [resolvePath(dir), resolvePath(path)];
  if (sep === "/") return to === from || to.startsWith(from === "/" ? from : `${from}/`);
  const rel = relative(from, to);
  return rel === "" || (rel !== ".." && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}

/** Where the symlink at `path` leads (`stat` follows it; `realpath` checks it against `root`). */
export function linkTarget(fs: FileSystem, path: string, root?: string): LinkTarget {
  let stats: ReturnType<FileSystem["stat"]>;
  try {
    stats = fs.stat(path);
  } catch (error) {
    return errorCode(error) === "ELOOP" ? "loop" : "broken";
  }
  if (root !== undefined) {
    try {
      if (!isInside(fs.realpath(root), fs.realpath(path))) return "outside-root";
    } catch {
      return "broken";
    }
  }
  return stats.isFile() ? "file" : stats.isDirectory() ? "folder" : "special";
}

function kindOf(entry: Dirent): WalkedEntry["kind"] {
  if (entry.isDirectory()) return "folder";
  if (entry.isFile()) return "file";
  return entry.isSymbolicLink() ? "link" : "special";
}

/**
 * The one folder walker (issue #51): lists `dir` and, as asked, its sub-folders, each folder's
 * entries in code-unit order of name, depth first, with core's rules for links (where each
 * leads: `broken`, `loop`, `outside-root`, …), depth and a bound on entries. It reports and
 * never drops: what to read, skip or warn about is the caller's decision. Reads only.
 *
 * @example walkFolder(fs, "/p/.codex/agents", { depth: 8, hidden: true, links: "follow" }).entries
 */
export function walkFolder(fs: FileSystem, dir: string, options: WalkFolderOptions = {}): FolderWalk {
  const walk: FolderWalk = { status: "read", entries: [], unlisted: [] };
  try {
    if (!fs.stat(dir).isDirectory()) return { ...walk, status: "not-a-directory" };
  } catch (error) {
    const code = errorCode(error);
    return { ...walk, status: code === "EACCES" || code === "EPERM" ? "unreadable" : "missing" };
  }
  let root: string | undefined;
  try {
    root = options.root === undefined ? undefined : fs.realpath(options.root);
    if (root !== undefined && !isInside(root, fs.realpath(dir))) return { ...walk, status: "outside-root" };
  } catch {
    root = undefined;
  }
  const max = options.max ?? Number.POSITIVE_INFINITY;
  const deepest = options.depth ?? 0;
  const follow = options.links === "follow";
  const list = options.list ?? ((path: string) => fs.readdir(path));
  // The real paths of the folders being walked (when links are followed): a linked folder leading to one is a loop.
  const above: string[] = [];
  const visit = (folder: { path: string; real: string; prefix: string; depth: number }): boolean => {
    const { path, prefix, depth } = folder;
    // `path` is normalised: appending a name is what `join` would do, without re-normalising.
    const under = path.endsWith(sep) ? path : path + sep;
    let listing: Dirent[];
    try {
      listing = list(path);
    } catch (error) {
      if (depth === 0) walk.status = "unreadable";
      walk.unlisted.push({ path, error });
      return true;
    }
    listing.sort((a, b) => compareCodeUnits(a.name, b.name));
    above.push(folder.real);
    try {
      for (const item of listing) {
        if (walk.entries.length >= max) {
          walk.status = "truncated";
          return false;
        }
        const entry: WalkedEntry = {
          path: under + item.name,
          relativePath: prefix + item.name,
          depth,
          kind: kindOf(item),
        };
        if (entry.kind === "link") entry.target = linkTarget(fs, entry.path, root);
        walk.entries.push(entry);
        const isFolder = entry.kind === "folder" || (follow && entry.target === "folder");
        if (!isFolder || depth >= deepest || (!options.hidden && item.name.startsWith("."))) continue;
        if (options.enter && !options.enter(entry)) continue;
        const real = !follow
          ? ""
          : entry.kind === "link"
            ? realOf(fs, entry.path)
            : join(folder.real, item.name);
        if (entry.kind === "link" && above.some((up) => isInside(real, up))) {
          entry.target = "loop";
          continue;
        }
        const more = visit({ path: entry.path, real, prefix: `${entry.relativePath}/`, depth: depth + 1 });
        if (!more) return false;
      }
      return true;
    } finally {
      above.pop();
    }
  };
  visit({ path: normalize(dir), real: follow ? realOf(fs, dir) : "", prefix: "", depth: 0 });
  return walk;
}

function realOf(fs: FileSystem, path: string): string {
  try {
    return fs.realpath(path);
  } catch {
    return path;
  }
}
