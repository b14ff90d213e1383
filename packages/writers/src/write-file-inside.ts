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
  fs: Pick<FileSystem, "lstat"> = nodeFileSystem,
): WriteRefusal | undefined {
  const parts = partsBelow(root, filePath);
  if (!Array.isArray(parts)) return parts;
  const long = parts.find((part) => Buffer.byteLength(part) > NAME_MAX);
  if (long !== undefined || isPathTooLong(filePath)) {
    return {
      code: "write/name-too-long",
      path: filePath,
      message:
        long !== undefined
          ? `the file name ${JSON.stringify(`${long.slice(0, 40)}…`)} is longer than ${NAME_MAX} bytes`
          : `${filePath.slice(0, 60)}… is longer than the longest path a file system opens`,
    };
  }
  let path = root;
  for (let i = 0; i < parts.length; i++) {
    path = join(path, parts[i]!);
    let stats: nodeFs.Stats | undefined;
    try {
      // On node:fs a missing component answers undefined: no error is made (a write of many
      // new files would make one per file).
      stats = fs === nodeFileSystem ? lstatIfThere(path) : fs.lstat(path);
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

/** Creates (or checks) each folder between `root` and the file; returns their identities. */
function makeFolders(root: string, parts: readonly string[], dirMode: number | undefined): string[] {
  if (lstatIfThere(root) === undefined)
    nodeFs.mkdirSync(root, { recursive: true, ...(dirMode !== undefined ? { mode: dirMode } : {}) });
  const ids: string[] = [];
  let path = root;
  for (const part of parts.slice(0, -1)) {
    path = join(path, part);
    if (lstatIfThere(path) === undefined) {
      try {
        nodeFs.mkdirSync(path, dirMode !== undefined ? { mode: dirMode } : undefined);
      } catch (error) {
        if (errorCode(error) !== "EEXIST") throw error;
      }
    }
    ids.push(folderId(root, path));
  }
  return ids;
}

/** A folder's identity (device and inode), refusing a link or a non-folder. */
function folderId(root: string, path: string): string {
  const stats = nodeFs.lstatSync(path);
  if (stats.isSymbolicLink()) throw new WriteRefusedError(linkRefusal(root, path));
  if (!stats.isDirectory()) throw new WriteRefusedError(notAFolder(root, path));
  return `${stats.dev}:${stats.ino}`;
}

/**
 * Writes a file below `root` without following a link at any component below it (SPEC §17),
 * through a temporary file in the same folder and a rename: never half-written, never through
 * a link, never outside `root`. Missing folders are created one by one; the folders are
 * checked again just before the rename. A refusal throws {@link WriteRefusedError}; a
 * file-system error is rethrown as it is.
 *
 * @example writeFileInside({ root: ctx.cwd, filePath: join(ctx.cwd, ".codex/agents/x.toml"), content })
 */
export function writeFileInside(options: WriteFileInsideOptions): void {
  const { root, filePath } = options;
  const problem = writePathProblem(root, filePath);
  if (problem) throw new WriteRefusedError(problem);
  const parts = partsBelow(root, filePath) as string[];
  const ids = makeFolders(root, parts, options.dirMode);
  const dir = join(root, ...parts.slice(0, -1));

  // A replaced file keeps its own mode (as an in-place write would), unless one is asked for.
  let keep: number | undefined;
  const exists = (): WriteRefusedError =>
    new WriteRefusedError({
      code: "write/exists",
      path: filePath,
      message: `${named(root, filePath)} exists; roster replaces nothing here`,
    });
  const existing = lstatIfThere(filePath);
  if (existing) {
    if (options.exclusive) throw exists();
    if (existing.isSymbolicLink()) throw new WriteRefusedError(linkRefusal(root, filePath));
    if (!existing.isFile()) throw new WriteRefusedError(notAFile(root, filePath));
    if (options.mode === undefined) keep = existing.mode & 0o7777;
  }

  // A short fixed-length name: a file name near NAME_MAX still has room for its temporary.
  const temp = join(dir, `.roster-${process.pid}-${randomBytes(6).toString("hex")}.tmp`);
  try {
    const fd = nodeFs.openSync(temp, TEMP_FLAGS, options.mode ?? 0o666);
    try {
      const chunks =
        typeof options.content === "string" || options.content instanceof Uint8Array
          ? [options.content]
          : options.content;
      for (const chunk of chunks) {
        if (typeof chunk === "string") nodeFs.writeSync(fd, chunk);
        else nodeFs.writeSync(fd, chunk);
      }
      if (keep !== undefined) nodeFs.fchmodSync(fd, keep);
    } finally {
      nodeFs.closeSync(fd);
    }
    // 1. No folder on the way was swapped for a link (or another folder) while writing.
    let path = root;
    parts.slice(0, -1).forEach((part, i) => {
      path = join(path, part);
      if (folderId(root, path) !== ids[i]) throw new WriteRefusedError(linkRefusal(root, path));
    });
    // 2. The file's own place is still a file or nothing: a rename replaces a link, never follows it.
    const now = lstatIfThere(filePath);
    if (now?.isSymbolicLink()) throw new WriteRefusedError(linkRefusal(root, filePath));
    if (now && !now.isFile()) throw new WriteRefusedError(notAFile(root, filePath));
    if (options.exclusive) {
      // link(2) never replaces: a name that appeared since is an error, left as it is.
      try {
        nodeFs.linkSync(temp, filePath);
      } catch (error) {
        throw errorCode(error) === "EEXIST" ? exists() : error;
      }
      nodeFs.rmSync(temp, { force: true });
    } else nodeFs.renameSync(temp, filePath);
  } catch (error) {
    try {
      nodeFs.rmSync(temp, { force: true });
    } catch {
      // The temporary was never made.
    }
    throw error;
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
