import { randomBytes } from "node:crypto";
import * as nodeFs from "node:fs";
import { isAbsolute, join, relative, sep } from "node:path";
import type { FileSystem } from "@roster/core";
import { errorCode, isPathTooLong, nodeFileSystem } from "@roster/core/provider-kit";

/** Why a write (or a removal) below a folder is refused. */
export type WriteRefusalCode =
  /** The file is not below the folder the write was allowed in. */
  | "write/outside"
  /** A path component below that folder is a symbolic link. */
  | "write/symlink"
  /** A folder on the way is a file (or the file's place is a folder, a FIFO, a device). */
  | "write/not-a-file"
  /** A component is longer than {@link NAME_MAX} bytes, or the path longer than PATH_MAX. */
  | "write/name-too-long"
  /** Something has the file's name, and the write was for a new file only (`exclusive`). */
  | "write/exists"
  /** The folder of a file named outside the shell's folder does not exist ({@link writeNamedFile}). */
  | "write/no-folder";

/** A write roster refused, with the component at fault. */
export interface WriteRefusal {
  code: WriteRefusalCode;
  /** The component at fault (or the whole path). */
  path: string;
  message: string;
}

/** Thrown by {@link writeFileInside} and {@link removeFileInside} when a write is refused. */
export class WriteRefusedError extends Error {
  readonly code: WriteRefusalCode;
  readonly path: string;
  constructor(refusal: WriteRefusal) {
    super(refusal.message);
    this.name = "WriteRefusedError";
    this.code = refusal.code;
    this.path = refusal.path;
  }
}

/** The most bytes one path component may take (`NAME_MAX` of Linux, macOS and Windows file systems). */
export const NAME_MAX = 255;

/** The text of a file to write: one string or buffer, or pieces written in order. */
export type FileContent = string | Uint8Array | readonly (string | Uint8Array)[];

/** Options of {@link writeFileInside}. */
export interface WriteFileInsideOptions {
  /**
   * The folder the user chose (a project, a home, `--out DIR`, roster's own config or cache
   * folder). It may itself be a link; nothing below it may be.
   */
  root: string;
  /** The file to write, below `root`. */
  filePath: string;
  content: FileContent;
  /** Mode of a new file (default 0o666, less the umask); a replaced file keeps its own mode. */
  mode?: number;
  /** Mode of folders created on the way (default 0o777, less the umask). */
  dirMode?: number;
  /**
   * A new file only: put in place with a hard link, which fails when anything has its name
   * (`write/exists`), never renamed over what appeared since it was looked at (`roster new`).
   */
  exclusive?: boolean;
}

/** Options of {@link removeFileInside}. */
export interface RemoveFileInsideOptions {
  root: string;
  filePath: string;
}

const NOFOLLOW = nodeFs.constants.O_NOFOLLOW ?? 0;
const TEMP_FLAGS = nodeFs.constants.O_WRONLY | nodeFs.constants.O_CREAT | nodeFs.constants.O_EXCL | NOFOLLOW;

/** The components of `filePath` below `root`, or a refusal when it is not below it. */
function partsBelow(root: string, filePath: string): string[] | WriteRefusal {
  const rel = relative(root, filePath);
  if (rel === "" || isAbsolute(rel) || rel === ".." || rel.startsWith(`..${sep}`)) {
    return {
      code: "write/outside",
      path: filePath,
      message: `${filePath} is not inside ${root}, the folder roster may write in`,
    };
  }
  return rel.split(sep);
}

/** A path as its message names it: below the root, as the user sees the project or home. */
function named(root: string, path: string): string {
  return relative(root, path) || path;
}

function linkRefusal(root: string, path: string): WriteRefusal {
  return {
    code: "write/symlink",
    path,
    message: `${named(root, path)} is a symbolic link; roster never writes through one`,
  };
}

function notAFolder(root: string, path: string): WriteRefusal {
  return {
    code: "write/not-a-file",
    path,
    message: `${named(root, path)} is in the way: it is not a folder`,
  };
}

function notAFile(root: string, path: string): WriteRefusal {
  return {
    code: "write/not-a-file",
    path,
    message: `${named(root, path)} is in the way: it is not a regular file`,
  };
}

/** A refusal when a component is over {@link NAME_MAX} bytes or the path over PATH_MAX. */
function tooLong(filePath: string, parts: readonly string[]): WriteRefusal | undefined {
  const long = parts.find((part) => Buffer.byteLength(part) > NAME_MAX);
  if (long === undefined && !isPathTooLong(filePath)) return undefined;
  return {
    code: "write/name-too-long",
    path: filePath,
    message:
      long !== undefined
        ? `the file name ${JSON.stringify(`${long.slice(0, 40)}…`)} is longer than ${NAME_MAX} bytes`
        : `${filePath.slice(0, 60)}… is longer than the longest path a file system opens`,
  };
}

/**
 * How {@link writePathProblem} looks at a path: `lstat`, or `lstatIfThere` when given (nothing
 * there is `undefined`, without an error made for it: a plan of many new files looks at many).
 */
export type PathLooks = Pick<FileSystem, "lstat"> & {
  lstatIfThere?(path: string): nodeFs.Stats | undefined;
};

/**
 * Why `filePath` cannot be written below `root`, or `undefined` (SPEC §17): every component
 * below `root` is looked at with `lstat`, never followed. A link anywhere on the way, a file
 * where a folder should be, a folder (or FIFO, device) where the file should be, a component
 * over {@link NAME_MAX} bytes or a path over PATH_MAX is a refusal. Components that do not
 * exist yet are fine: the write creates them. Reads only; a sync plans with it.
 */
export function writePathProblem(
  root: string,
  filePath: string,
  fs: PathLooks = nodeFileSystem,
): WriteRefusal | undefined {
  const parts = partsBelow(root, filePath);
  if (!Array.isArray(parts)) return parts;
  const long = tooLong(filePath, parts);
  if (long) return long;
  let path = root;
  for (let i = 0; i < parts.length; i++) {
    path = join(path, parts[i]!);
    let stats: nodeFs.Stats | undefined;
    try {
      // On node:fs a missing component answers undefined: no error is made (a write of many
      // new files would make one per file).
      stats =
        fs === nodeFileSystem ? lstatIfThere(path) : fs.lstatIfThere ? fs.lstatIfThere(path) : fs.lstat(path);
    } catch (error) {
      if (errorCode(error) === "ENOENT") return undefined;
      if (errorCode(error) === "ENOTDIR") return notAFolder(root, path);
      throw error;
    }
    if (stats === undefined) return undefined;
    if (stats.isSymbolicLink()) return linkRefusal(root, path);
    const last = i === parts.length - 1;
    if (last && !stats.isFile()) return notAFile(root, path);
    if (!last && !stats.isDirectory()) return notAFolder(root, path);
  }
  return undefined;
}

/** `lstat` of a path, or undefined when nothing is there (without making an error for it). */
function lstatIfThere(path: string): nodeFs.Stats | undefined {
  return nodeFs.lstatSync(path, { throwIfNoEntry: false });
}

/** A folder's identity (device and inode), refusing a link or a non-folder. */
function folderId(root: string, path: string): string {
  const stats = nodeFs.lstatSync(path);
  if (stats.isSymbolicLink()) throw new WriteRefusedError(linkRefusal(root, path));
  if (!stats.isDirectory()) throw new WriteRefusedError(notAFolder(root, path));
  return `${stats.dev}:${stats.ino}`;
}

function existsRefusal(root: string, filePath: string): WriteRefusedError {
  return new WriteRefusedError({
    code: "write/exists",
    path: filePath,
    message: `${named(root, filePath)} exists; roster replaces nothing here`,
  });
}

/** A file to write below its root, as {@link writeFileInside} takes it. */
export type FileToWrite = Omit<WriteFileInsideOptions, "dirMode">;

/** Options of {@link stageWrites}. */
export interface StageWritesOptions {
  /** Mode of folders created on the way (default 0o777, less the umask). */
  dirMode?: number;
}

/** A file written as a temporary beside its place, not yet put there ({@link StagedWrites.land}). */
export interface StagedFile {
  readonly root: string;
  readonly filePath: string;
}

/** Files written below their roots in two steps: each as a temporary, then each put in place. */
export interface StagedWrites {
  /**
   * Checks the file's path as {@link writePathProblem} does, each folder once for every file
   * staged here; makes the missing folders; writes the file's temporary beside its place. A
   * refusal throws {@link WriteRefusedError}, before anything of this file is written.
   */
  stage(file: FileToWrite): StagedFile;
  /**
   * Puts a staged file in place: the folders on its way are checked again (each once after the
   * last temporary written below it: swapped for a link or another folder is a refusal), its
   * place must still be a file or nothing, then the rename (a link for `exclusive`).
   * `beforeRename` is told what is at the place (`undefined`: nothing) just before it is
   * replaced. On a failure the file's temporary is removed and the error thrown.
   */
  land(file: StagedFile, beforeRename?: (existing: nodeFs.Stats | undefined) => void): void;
  /** Removes the temporaries of the files not put in place. */
  discard(): void;
  /** The folders below the roots this made, outermost first. */
  readonly made: readonly string[];
}

interface Folder {
  root: string;
  path: string;
  id: string;
  /** Made here: nothing was in it when made. */
  fresh: boolean;
}

interface Staged extends StagedFile {
  temp: string;
  exclusive: boolean;
  folders: Folder[];
}

/**
 * Starts writing many files below their roots (SPEC §17) with the guarantees of
 * {@link writeFileInside} — never through a link at any component below a root, never outside
 * it, a temporary and a rename, the folders checked again before the renames — while each
 * distinct folder is looked at, made and checked again once rather than once per file.
 *
 * @example const writes = stageWrites(); try { for (const f of files) writes.land(writes.stage(f)) } finally { writes.discard() }
 */
export function stageWrites(options: StageWritesOptions = {}): StagedWrites {
  const dirOptions = options.dirMode !== undefined ? { mode: options.dirMode } : undefined;
  const roots = new Set<string>();
  const folders = new Map<string, Folder>();
  /** Folders a temporary was written below since they were last checked. */
  const unchecked = new Set<Folder>();
  const pending = new Set<Staged>();
  const made: string[] = [];
  const pid = process.pid;
  // The temporaries' random parts, drawn 64 at a time (one call to the random source, not one a file).
  let random = Buffer.alloc(0);
  let used = 0;
  const randomHex = (): string => {
    if (used + 6 > random.length) {
      random = randomBytes(6 * 64);
      used = 0;
    }
    used += 6;
    return random.toString("hex", used - 6, used);
  };

  /** The folder at `path` below `root`: looked at (never followed) or made, once. */
  const folderAt = (root: string, path: string): Folder => {
    const key = `${root}\0${path}`;
    const known = folders.get(key);
    if (known) return known;
    const stats = lstatIfThere(path);
    let fresh = false;
    if (stats === undefined) {
      try {
        nodeFs.mkdirSync(path, dirOptions);
        fresh = true;
        made.push(path);
      } catch (error) {
        if (errorCode(error) !== "EEXIST") throw error;
      }
    } else if (stats.isSymbolicLink()) throw new WriteRefusedError(linkRefusal(root, path));
    else if (!stats.isDirectory()) throw new WriteRefusedError(notAFolder(root, path));
    // A folder made here (or by someone else meanwhile) is looked at once more for its identity.
    const id = stats ? `${stats.dev}:${stats.ino}` : folderId(root, path);
    const folder: Folder = { root, path, id, fresh };
    folders.set(key, folder);
    return folder;
  };

  const stage = (file: FileToWrite): StagedFile => {
    const { root, filePath } = file;
    const parts = partsBelow(root, filePath);
    if (!Array.isArray(parts)) throw new WriteRefusedError(parts);
    const long = tooLong(filePath, parts);
    if (long) throw new WriteRefusedError(long);
    if (!roots.has(root)) {
      if (lstatIfThere(root) === undefined) nodeFs.mkdirSync(root, { recursive: true, ...dirOptions });
      roots.add(root);
    }
    // 1. The folders on the way, outermost first: a link or a file among them is refused
    // before anything below it is made.
    const way: Folder[] = [];
    let dir = root;
    for (let i = 0; i < parts.length - 1; i++) {
      dir = join(dir, parts[i]!);
      way.push(folderAt(root, dir));
    }
    // 2. The file's own place (nothing is in a folder made here). A replaced file keeps its
    // own mode (as an in-place write would), unless one is asked for.
    let keep: number | undefined;
    const existing = way.at(-1)?.fresh ? undefined : lstatIfThere(filePath);
    if (existing) {
      if (existing.isSymbolicLink()) throw new WriteRefusedError(linkRefusal(root, filePath));
      if (!existing.isFile()) throw new WriteRefusedError(notAFile(root, filePath));
      if (file.exclusive) throw existsRefusal(root, filePath);
      if (file.mode === undefined) keep = existing.mode & 0o7777;
    }
    // 3. The temporary: a short fixed-length name, so a file name near NAME_MAX still has room.
    const temp = join(dir, `.roster-${pid}-${randomHex()}.tmp`);
    try {
      const fd = nodeFs.openSync(temp, TEMP_FLAGS, file.mode ?? 0o666);
      try {
        const chunks =
          typeof file.content === "string" || file.content instanceof Uint8Array
            ? [file.content]
            : file.content;
        for (const chunk of chunks) {
          if (typeof chunk === "string") nodeFs.writeSync(fd, chunk);
          else nodeFs.writeSync(fd, chunk);
        }
        if (keep !== undefined) nodeFs.fchmodSync(fd, keep);
      } finally {
        nodeFs.closeSync(fd);
      }
    } catch (error) {
      removeTemp(temp);
      throw error;
    }
    for (const folder of way) unchecked.add(folder);
    const staged: Staged = { root, filePath, temp, exclusive: file.exclusive === true, folders: way };
    pending.add(staged);
    return staged;
  };

  const land = (file: StagedFile, beforeRename?: (existing: nodeFs.Stats | undefined) => void): void => {
    const staged = file as Staged;
    if (!pending.has(staged)) throw new Error(`${file.filePath} is not staged here (or was landed already)`);
    pending.delete(staged);
    const { root, filePath, temp } = staged;
    try {
      // 1. No folder on the way was swapped for a link (or another folder) since it was looked at.
      for (const folder of staged.folders) {
        if (!unchecked.has(folder)) continue;
        if (folderId(root, folder.path) !== folder.id)
          throw new WriteRefusedError(linkRefusal(root, folder.path));
        unchecked.delete(folder);
      }
      // 2. The file's own place is still a file or nothing: a rename replaces a link, never follows it.
      const now = lstatIfThere(filePath);
      if (now?.isSymbolicLink()) throw new WriteRefusedError(linkRefusal(root, filePath));
      if (now && !now.isFile()) throw new WriteRefusedError(notAFile(root, filePath));
      beforeRename?.(now);
      if (staged.exclusive) {
        // link(2) never replaces: a name that appeared since is an error, left as it is.
        try {
          nodeFs.linkSync(temp, filePath);
        } catch (error) {
          throw errorCode(error) === "EEXIST" ? existsRefusal(root, filePath) : error;
        }
        nodeFs.rmSync(temp, { force: true });
      } else nodeFs.renameSync(temp, filePath);
    } catch (error) {
      removeTemp(temp);
      throw error;
    }
  };

  const discard = (): void => {
    for (const staged of pending) removeTemp(staged.temp);
    pending.clear();
  };

  return { stage, land, discard, made };
}

function removeTemp(temp: string): void {
  try {
    nodeFs.rmSync(temp, { force: true });
  } catch {
    // The temporary was never made.
  }
}

/**
 * Writes a file below `root` without following a link at any component below it (SPEC §17),
 * through a temporary file in the same folder and a rename: never half-written, never through
 * a link, never outside `root`. Missing folders are created one by one; the folders are
 * checked again just before the rename. A refusal throws {@link WriteRefusedError}; a
 * file-system error is rethrown as it is. Many files: {@link stageWrites}.
 *
 * @example writeFileInside({ root: ctx.cwd, filePath: join(ctx.cwd, ".codex/agents/x.toml"), content })
 */
export function writeFileInside(options: WriteFileInsideOptions): void {
  const { dirMode, ...file } = options;
  const writes = stageWrites(dirMode !== undefined ? { dirMode } : {});
  try {
    writes.land(writes.stage(file));
  } finally {
    writes.discard();
  }
}

/**
 * Removes a file below `root` (SPEC §17): every component below `root` is checked as for a
 * write, so a linked folder on the way is refused; the file's own name is unlinked, never
 * followed. An absent file is already removed.
 */
export function removeFileInside(options: RemoveFileInsideOptions): void {
  const problem = writePathProblem(options.root, options.filePath);
  if (problem) throw new WriteRefusedError(problem);
  try {
    nodeFs.unlinkSync(options.filePath);
  } catch (error) {
    if (errorCode(error) !== "ENOENT") throw error;
  }
}
