import * as nodeFs from "node:fs";
import { readFileBounded } from "./read-bounded.js";
import type { DiscoveryContext, FileSystem } from "./types.js";

/** The most any single read takes when the caller names no limit (agent files, registries, manifests). */
const DEFAULT_READ_LIMIT = 4 * 1024 * 1024;

/**
 * The default file-system layer: node:fs, synchronous (cheap local calls, no scheduling noise).
 * `readFile` is the bounded reader: regular files only, reading stops just past `maxBytes`.
 */
export const nodeFileSystem: FileSystem = {
  readdir: (dir) => nodeFs.readdirSync(dir, { withFileTypes: true }),
  stat: (path) => nodeFs.statSync(path),
  lstat: (path) => nodeFs.lstatSync(path),
  readFile: (path, maxBytes = DEFAULT_READ_LIMIT, stats, scratch) =>
    readFileBounded(path, maxBytes, stats, scratch),
  realpath: (path) => nodeFs.realpathSync.native(path),
};

/** The context's file-system layer, or node:fs. */
export function fileSystemOf(ctx: Pick<DiscoveryContext, "fs">): FileSystem {
  return ctx.fs ?? nodeFileSystem;
}

/** True when `path` is a directory (following symlinks); false on any error. */
export function isDirectory(fs: FileSystem, path: string): boolean {
  try {
    return fs.stat(path).isDirectory();
  } catch {
    return false;
  }
}

/** True when `path` is a file (following symlinks); false on any error. */
export function isFile(fs: FileSystem, path: string): boolean {
  try {
    return fs.stat(path).isFile();
  } catch {
    return false;
  }
}

/** Paths longer than this (Linux `PATH_MAX`, in bytes, terminator included) are never opened. */
export const PATH_MAX = 4096;

/** True when `path` is too long to open on Linux. */
export function isPathTooLong(path: string): boolean {
  // A UTF-16 unit is at most 3 bytes of UTF-8: most paths are decided without counting.
  if (path.length * 3 < PATH_MAX) return false;
  return Buffer.byteLength(path) >= PATH_MAX;
}

/** The error code of a file-system error (`ENOENT`, `EACCES`, …), if any. */
export function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
}

/** A file-system error in words: "it no longer exists", "permission denied", … */
export function describeFsError(error: unknown): string {
  const code = errorCode(error);
  if (code === "ENOENT") return "it no longer exists";
  if (code === "EACCES" || code === "EPERM") return "permission denied";
  if (code === "ELOOP") return "a symlink loop";
  if (code === "EISDIR") return "it is a directory";
  if (code === "ENAMETOOLONG") return "its path is too long";
  return error instanceof Error ? error.message : String(error);
}
