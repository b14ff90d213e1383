import { resolve, sep } from "node:path";

/** A `/`, `.` or `..` segment, or a trailing `/`: what `resolve` would change in an absolute path. */
const NOT_NORMAL = /\/\/|\/\.\.?(?:\/|$)|.\/$/;

/**
 * `path.resolve(path)`, without its work for a path that is already absolute and normal
 * (POSIX: starts with `/`, no empty, `.` or `..` segment, no trailing `/`): such a path is
 * its own answer. Discovery and a source's layer resolve the same joined paths thousands
 * of times.
 *
 * @example resolvePath("/a/b") // "/a/b"; resolvePath("/a/./b/") // "/a/b"
 */
export function resolvePath(path: string): string {
  return sep === "/" && path.charCodeAt(0) === 47 && !NOT_NORMAL.test(path) ? path : resolve(path);
}
