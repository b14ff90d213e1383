import * as nodeFs from "node:fs";
import type { DiscoveryContext, FileSystem } from "./types.js";

/** The default file-system layer: node:fs, synchronous (cheap local calls, no scheduling noise). */
export const nodeFileSystem: FileSystem = {
  readdir: (dir) => nodeFs.readdirSync(dir, { withFileTypes: true }),
  stat: (path) => nodeFs.statSync(path),
  lstat: (path) => nodeFs.lstatSync(path),
  readFile: (path) => nodeFs.readFileSync(path),
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
