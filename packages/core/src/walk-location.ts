import type { Dirent, Stats } from "node:fs";
import { dirname, join, normalize, sep } from "node:path";
import { SYNC_MANIFEST } from "@roster/frontmatter";
import type { DiscoveryCache } from "./discovery-cache.js";
import { describeFsError, errorCode, isPathTooLong } from "./fs.js";
import { markdownFormat } from "./markdown-format.js";
import { compareCodeUnits } from "./plain-values.js";
import type { Diagnostic, DiscoveryKind, FileFormat, FileSystem, Location } from "./types.js";
import { isInside, type LinkTarget, walkFolder } from "./walk-folder.js";

/** What happened at one searched location. */
export type LocationStatus =
  | "read"
  | "missing"
  | "unreadable"
  | "untrusted"
  | "not-a-directory"
  | "outside-root";

/** A file a location holds, to be read by its format. */
export interface FileToRead {
  filePath: string;
  /** `/`-separated path relative to the location's folder. */
  relativePath: string;
  format: FileFormat;
}

/** A file of a location: to read, or skipped by the walk itself (a FIFO, a dangling symlink). */
export type WalkedFile =
  | ({ kind: "read" } & FileToRead)
  | ({ kind: "skipped"; reason: Diagnostic } & FileToRead);

/** The outcome of {@link walkLocation}. */
export interface LocationWalk {
  status: LocationStatus;
  /** Every candidate file, in code-unit order of relative path. */
  files: WalkedFile[];
  /** Problems of the location or its folders (not of one file). */
  notes: Diagnostic[];
  /** The location's `.roster-sync.json` (a regular file in its top folder), when it has one. */
  manifest?: string;
}

/** Options of {@link walkLocation}. */
export interface WalkLocationOptions {
  fs: FileSystem;
  location: Location;
  kind: DiscoveryKind;
  cache?: DiscoveryCache;
  generation: number;
}

const DEFAULT_FORMATS: readonly FileFormat[] = [markdownFormat];

/** The formats a location reads. */
function formatsOf(location: Location): readonly FileFormat[] {
  return location.formats ?? DEFAULT_FORMATS;
}

function formatFor(formats: readonly FileFormat[], name: string): FileFormat | undefined {
  for (const format of formats) {
    for (const extension of format.extensions) if (name.endsWith(extension)) return format;
  }
  return undefined;
}

function note(severity: Diagnostic["severity"], code: string, message: string, filePath: string): Diagnostic {
  return { severity, code, message, filePath };
}

interface Walk {
  options: WalkLocationOptions;
  formats: readonly FileFormat[];
  files: WalkedFile[];
  /** Notes with the relative path they sort at: a folder's own notes before its entries'. */
  notes: Array<{ at: string; note: Diagnostic }>;
  manifest?: string;
}

function skip(walk: Walk, file: FileToRead, reason: Diagnostic): void {
  walk.files.push({ kind: "skipped", ...file, reason });
}

/** Symlinks are re-checked every walk (core's `linkTarget`): a target can change unseen by the folder. */
function checkSymlink(walk: Walk, file: FileToRead, target: LinkTarget | undefined): "file" | "skipped" {
  const { fs, location } = walk.options;
  if (target === "loop" || target === "broken") {
    let what = target === "loop" ? "a symlink loop" : "a dangling symlink";
    try {
      fs.stat(file.filePath);
    } catch (error) {
      if (target === "broken" && errorCode(error) !== "ENOENT") what = describeFsError(error);
    }
    skip(walk, file, {
      ...note("warning", "load/broken-symlink", `skipped: ${what}`, file.filePath),
      hint: "point the link at an existing file, or remove it",
    });
    return "skipped";
  }
  if (target !== "file") {
    skip(walk, file, specialFile(file.filePath, "links to"));
    return "skipped";
  }
  const outside = escapesRoot(fs, location, file.filePath);
  if (outside) skip(walk, file, outside);
  return outside ? "skipped" : "file";
}

function specialFile(filePath: string, how: "is" | "links to"): Diagnostic {
  return {
    ...note(
      "warning",
      "load/not-a-regular-file",
      `skipped: it ${how} a FIFO, device or socket, which roster never opens`,
      filePath,
    ),
    hint: "replace it with a regular file, or give it another extension",
  };
}

/**
 * Lists the location's folder with core's walker (through the cache: a folder's listing is kept
 * until its stat changes), not into dot-folders or symlinked folders, and turns its entries
 * into files to read or skip. Files and notes come in code-unit order of relative path:
 * `b.md` < `b/c.md` because "." < "/".
 */
function walkEntries(walk: Walk, dir: string, dirStats: Stats): void {
  const { fs, location, cache, kind, generation } = walk.options;
  const list = (path: string): Dirent[] => {
    if (!cache) return fs.readdir(path);
    const stats = path === dir ? dirStats : fs.stat(path);
    return cache.folder({ kind, dir: path, stats, shape: "", generation }, () => fs.readdir(path));
  };
  const under = dir.endsWith(sep) ? dir : dir + sep;
  const walked = walkFolder(fs, dir, {
    depth: location.recursive ? Number.POSITIVE_INFINITY : 0,
    list,
    enter: (entry) => {
      if (!isPathTooLong(entry.path)) return true;
      const message = "folder skipped: its path is past PATH_MAX";
      walk.notes.push({
        at: `${entry.relativePath}/`,
        note: note("warning", "load/path-too-long", message, entry.path),
      });
      return false;
    },
  });
  for (const { path, error } of walked.unlisted) {
    const code = errorCode(error);
    if (code === "ENOENT" || code === "ENOTDIR") continue; // Vanished since the listing: nothing to read.
    const severity = code === "EACCES" || code === "EPERM" ? "info" : "warning";
    const at = path === dir ? "" : `${path.slice(under.length).split(sep).join("/")}/`;
    walk.notes.push({
      at,
      note: note(
        severity,
        "load/unreadable-directory",
        `cannot list folder: ${describeFsError(error)}`,
        path,
      ),
    });
  }
  for (const entry of walked.entries) {
    const { path, relativePath, kind: entryKind } = entry;
    const name = relativePath.slice(relativePath.lastIndexOf("/") + 1);
    const format = formatFor(walk.formats, name);
    const folderAt = relativePath.slice(0, relativePath.length - name.length);
    if (entryKind === "folder") {
      if (!format) continue;
      const what = location.recursive ? "its files are read as a sub-folder" : "skipped";
      walk.notes.push({
        at: folderAt,
        note: note("info", "load/not-a-file", `"${name}" is a folder, not a file: ${what}`, path),
      });
      continue;
    }
    if (entry.depth === 0 && name === SYNC_MANIFEST && entryKind === "file") walk.manifest = path;
    if (!format) continue;
    const file: FileToRead = { filePath: path, relativePath, format };
    if (isPathTooLong(path)) {
      skip(walk, file, note("warning", "load/path-too-long", "skipped: its path is past PATH_MAX", path));
    } else if (entryKind === "special") skip(walk, file, specialFile(path, "is"));
    else if (entryKind === "link" && entry.target === "folder") {
      cache?.noteWatched(kind, path, "link", generation);
      walk.notes.push({
        at: relativePath,
        note: note("info", "load/not-a-file", `"${name}" links to a folder: skipped`, path),
      });
    } else if (entryKind === "link") {
      cache?.noteWatched(kind, path, "link", generation);
      if (checkSymlink(walk, file, entry.target) === "file") walk.files.push({ kind: "read", ...file });
    } else walk.files.push({ kind: "read", ...file });
  }
  // The walker lists each folder in name order; a location reads in order of relative path.
  walk.files.sort((a, b) => compareCodeUnits(a.relativePath, b.relativePath));
  walk.notes.sort((a, b) => compareCodeUnits(a.at, b.at));
}

/**
 * SPEC §5.3/§17's one check of a project or plugin place's folder, file or skill folder: leaving `root`
 * (`x.md -> ~/.ssh/id_rsa`) is `load/outside-root`; undefined inside or unresolved (a missing path).
 */
export function outsideRoot(
  fs: FileSystem,
  options: { path: string; root: string; item: "folder" | "file" | "skill" },
): Diagnostic | undefined {
  let real: string;
  let root: string;
  try {
    real = fs.realpath(options.path);
    root = fs.realpath(options.root);
  } catch {
    return undefined;
  }
  if (isInside(root, real)) return undefined;
  return {
    severity: "warning",
    code: "load/outside-root",
    message: `${options.item} skipped: its real path ${real} is outside ${root}, the folder it belongs to`,
    filePath: options.path,
    hint: `a project (or plugin) ${options.item} may not link outside it; copy it in, or put it in your user folder`,
  };
}

/** The location's folder, or `file` in it, whose real path leaves the location's root: the problem. */
function escapesRoot(fs: FileSystem, location: Location, file?: string): Diagnostic | undefined {
  if (location.root === undefined) return undefined;
  return outsideRoot(fs, { path: file ?? location.dir, root: location.root, item: file ? "file" : "folder" });
}

/**
 * Lists the files of one location (SPEC §5 step 2): files and symlinks to files whose
 * names end in an extension of the location's formats, recursively when asked (not into
 * dot-folders or symlinked folders), in code-unit order of relative path. FIFOs,
 * devices, dangling symlinks, paths past PATH_MAX and links out of `root` become skipped
 * files; a location whose real path leaves its `root` is not read at all.
 */
export function walkLocation(options: WalkLocationOptions): LocationWalk {
  const { fs, location } = options;
  const walk: Walk = { options, formats: formatsOf(location), files: [], notes: [] };
  let dirStats: Stats;
  try {
    dirStats = fs.stat(location.dir);
  } catch (error) {
    const code = errorCode(error);
    if (code === "EACCES" || code === "EPERM") {
      const message = `cannot open folder: ${describeFsError(error)}`;
      return {
        status: "unreadable",
        files: [],
        notes: [note("info", "load/unreadable-directory", message, location.dir)],
      };
    }
    return { status: "missing", files: [], notes: [] };
  }
  if (!dirStats.isDirectory()) return { status: "not-a-directory", files: [], notes: [] };
  const outside = escapesRoot(fs, location);
  if (outside) return { status: "outside-root", files: [], notes: [outside] };
  if (location.only) {
    for (const rel of location.only) {
      const format = formatFor(walk.formats, rel) ?? walk.formats[0]!;
      options.cache?.noteWatched(
        options.kind,
        dirname(join(location.dir, rel)),
        "folder",
        options.generation,
      );
      const file: FileToRead = {
        filePath: join(location.dir, rel),
        relativePath: rel.split("\\").join("/"),
        format,
      };
      const outside = escapesRoot(fs, location, file.filePath);
      if (outside) skip(walk, file, outside);
      else walk.files.push({ kind: "read", ...file });
    }
  } else if (isPathTooLong(location.dir)) {
    const message = "folder skipped: its path is past PATH_MAX";
    walk.notes.push({ at: "", note: note("warning", "load/path-too-long", message, location.dir) });
  } else walkEntries(walk, normalize(location.dir), dirStats);
  const done: LocationWalk = { status: "read", files: walk.files, notes: walk.notes.map((n) => n.note) };
  if (walk.manifest !== undefined) done.manifest = walk.manifest;
  return done;
}
