import * as nodeFs from "node:fs";
import { readFileBounded } from "./read-bounded.js";
import type { DiscoveryContext, FileSystem } from "./types.js";

/** The most any single read takes when the caller names no limit (agent files, registries, manifests). */
export const DEFAULT_READ_LIMIT = 4 * 1024 * 1024;

/**
 * The default file-system layer: node:fs, synchronous (cheap local calls, no scheduling noise).
 * `readFile` is the bounded reader: regular files only, reading stops just past `maxBytes`.
 */
export const nodeFileSystem: FileSystem = {
  readdir: (dir) => nodeFs.readdirSync(dir, { withFileTypes: true }),
  stat: (path) => nodeFs.statSync(path),
  lstat: (path) => nodeFs.lstatSync(path),
  readFile: (path, maxBytes = DEFAULT_READ_LIMIT, stats) => readFileBounded(path, maxBytes, stats),
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

/** The error code of a file-system error (`ENOENT`, `EACCES`, …), if any. */
export function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
}
