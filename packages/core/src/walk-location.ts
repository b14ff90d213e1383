import type { Dirent, Stats } from "node:fs";
import { dirname, isAbsolute, join, normalize, relative, resolve, sep } from "node:path";
import type { DiscoveryCache } from "./discovery-cache.js";
import { describeFsError, errorCode, isPathTooLong } from "./fs.js";
import { markdownFormat } from "./markdown-format.js";
import { SYNC_MANIFEST } from "./roster-copy.js";
import type { Diagnostic, DiscoveryKind, FileFormat, FileSystem, Location } from "./types.js";

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

function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
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

/** One step of a folder plan: a file to check, or a sub-folder to enter. */
type PlanItem =
  | ({ kind: "file"; entry: "file" | "symlink" | "special" } & FileToRead)
  | { kind: "folder"; path: string; relativePath: string };

/** A listing turned into what to visit, and the folders named like definition files. */
interface FolderPlan {
  items: PlanItem[];
  folderNotes: Array<{ name: string; path: string }>;
  /** The top folder's `.roster-sync.json` (the files a sync wrote there: copies). */
  manifest?: string;
}

interface Walk {
  options: WalkLocationOptions;
  formats: readonly FileFormat[];
  files: WalkedFile[];
  notes: Diagnostic[];
  manifest?: string;
}

function entryKind(entry: Dirent): "file" | "symlink" | "special" | undefined {
  if (entry.isFile()) return "file";
  if (entry.isSymbolicLink()) return "symlink";
  if (entry.isFIFO() || entry.isCharacterDevice() || entry.isBlockDevice() || entry.isSocket())
    return "special";
  return undefined;
}

/**
 * Turns a folder listing into the ordered files and sub-folders to visit. Files and
 * folders interleave by relative path: `b.md` < `b/c.md` because "." < "/".
 */
function planFolder(walk: Walk, folder: { dir: string; prefix: string }): FolderPlan {
  const { dir, prefix } = folder;
  const { fs, location } = walk.options;
  const entries = fs.readdir(dir);
  const plan: FolderPlan = { items: [], folderNotes: [] };
  for (const entry of entries) {
    const name = entry.name;
    // `dir` is a joined path already: appending is what `join` would do, without re-normalising.
    const path = dir.endsWith(sep) ? dir + name : dir + sep + name;
    const rel = prefix + name;
    if (entry.isDirectory()) {
      if (formatFor(walk.formats, name)) plan.folderNotes.push({ name, path });
      if (location.recursive && !name.startsWith(".")) {
        plan.items.push({ kind: "folder", path, relativePath: `${rel}/` });
      }
      continue;
    }
    if (prefix === "" && name === SYNC_MANIFEST && entry.isFile()) plan.manifest = path;
    const format = formatFor(walk.formats, name);
    const kind = entryKind(entry);
    if (!format || !kind) continue;
    plan.items.push({ kind: "file", entry: kind, filePath: path, relativePath: rel, format });
  }
  plan.items.sort((a, b) => compareCodeUnits(a.relativePath, b.relativePath));
  return plan;
}

function skip(walk: Walk, file: FileToRead, reason: Diagnostic): void {
  walk.files.push({ kind: "skipped", ...file, reason });
}

/** Symlinks are re-checked every time: a target can change (or leave the root) unseen by the folder. */
function checkSymlink(walk: Walk, file: FileToRead): "file" | "folder" | "skipped" {
  let target: Stats;
  try {
    target = walk.options.fs.stat(file.filePath);
  } catch (error) {
    const code = errorCode(error);
    const what =
      code === "ELOOP" ? "a symlink loop" : code === "ENOENT" ? "a dangling symlink" : describeFsError(error);
    skip(walk, file, {
      ...note("warning", "load/broken-symlink", `skipped: ${what}`, file.filePath),
      hint: "point the link at an existing file, or remove it",
    });
    return "skipped";
  }
  const outside = target.isFile() && escapesRoot(walk.options.fs, walk.options.location, file.filePath);
  if (outside) skip(walk, file, outside);
  if (target.isFile()) return outside ? "skipped" : "file";
  if (target.isDirectory()) return "folder";
  skip(walk, file, specialFile(file.filePath, "links to"));
  return "skipped";
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

/** A folder to visit: its path, its stats and its `/`-terminated path relative to the location. */
interface FolderVisit {
  dir: string;
  stats: Stats;
  prefix: string;
}

function visitFolder(walk: Walk, folder: FolderVisit): void {
  const { options } = walk;
  const { dir, stats: dirStats, prefix } = folder;
  if (isPathTooLong(dir)) {
    walk.notes.push(note("warning", "load/path-too-long", "folder skipped: its path is past PATH_MAX", dir));
    return;
  }
  let plan: FolderPlan;
  try {
    const shape = `${prefix}\0${options.location.recursive ? 1 : 0}\0${walk.formats.map((f) => f.id).join(",")}`;
    const build = () => planFolder(walk, { dir, prefix });
    plan = options.cache
      ? options.cache.folder(
          { kind: options.kind, dir, stats: dirStats, shape, generation: options.generation },
          build,
        )
      : build();
  } catch (error) {
    const code = errorCode(error);
    const severity = code === "EACCES" || code === "EPERM" ? "info" : "warning";
    const message = `cannot list folder: ${describeFsError(error)}`;
    if (code !== "ENOENT" && code !== "ENOTDIR")
      walk.notes.push(note(severity, "load/unreadable-directory", message, dir));
    return;
  }
  // Notes are reported on every discovery, cached plan or not.
  if (plan.manifest !== undefined) walk.manifest = plan.manifest;
  for (const { name, path } of plan.folderNotes) {
    const what = options.location.recursive ? "its files are read as a sub-folder" : "skipped";
    walk.notes.push(note("info", "load/not-a-file", `"${name}" is a folder, not a file: ${what}`, path));
  }
  for (const item of plan.items) {
    if (item.kind === "folder") {
      if (isPathTooLong(item.path)) {
        walk.notes.push(
          note("warning", "load/path-too-long", "folder skipped: its path is past PATH_MAX", item.path),
        );
        continue;
      }
      let stats: Stats;
      try {
        stats = options.fs.stat(item.path);
      } catch {
        continue; // Vanished since the listing: nothing to read.
      }
      visitFolder(walk, { dir: item.path, stats, prefix: item.relativePath });
      continue;
    }
    const { entry } = item;
    const file: FileToRead = {
      filePath: item.filePath,
      relativePath: item.relativePath,
      format: item.format,
    };
    if (isPathTooLong(file.filePath)) {
      skip(
        walk,
        file,
        note("warning", "load/path-too-long", "skipped: its path is past PATH_MAX", file.filePath),
      );
      continue;
    }
    if (entry === "special") {
      skip(walk, file, specialFile(file.filePath, "is"));
      continue;
    }
    if (entry === "symlink") {
      options.cache?.noteWatched(options.kind, file.filePath, "link", options.generation);
      const target = checkSymlink(walk, file);
      if (target === "skipped") continue;
      if (target === "folder") {
        const name = file.relativePath.split("/").pop();
        walk.notes.push(
          note("info", "load/not-a-file", `"${name}" links to a folder: skipped`, file.filePath),
        );
        continue;
      }
    }
    walk.files.push({ kind: "read", ...file });
  }
}

/** True when `path` is `dir` or inside it (lexically). */
export function isInside(dir: string, path: string): boolean {
  const rel = relative(resolve(dir), resolve(path));
  return rel === "" || (rel !== ".." && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
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
      walk.notes.push(note("info", "load/unreadable-directory", message, location.dir));
      return { status: "unreadable", files: [], notes: walk.notes };
    }
    return { status: "missing", files: [], notes: walk.notes };
  }
  if (!dirStats.isDirectory()) return { status: "not-a-directory", files: [], notes: walk.notes };
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
  } else visitFolder(walk, { dir: normalize(location.dir), stats: dirStats, prefix: "" });
  const done: LocationWalk = { status: "read", files: walk.files, notes: walk.notes };
  if (walk.manifest !== undefined) done.manifest = walk.manifest;
  return done;
}
