import { lstatSync, type Stats, statSync } from "node:fs";
import { isAbsolute, join } from "node:path";

/**
 * roster's cache folder: `$XDG_CACHE_HOME/roster` when that is an absolute path (the XDG
 * base directory rule: a relative value is ignored), else `<home>/.cache/roster`.
 *
 * @example cacheDirOf({ home: "/home/ada", env: {} }) // "/home/ada/.cache/roster"
 */
export function cacheDirOf(options: { home: string; env: Record<string, string | undefined> }): string {
  const xdg = options.env.XDG_CACHE_HOME;
  return join(xdg && isAbsolute(xdg) ? xdg : join(options.home, ".cache"), "roster");
}

/** True when `ROSTER_NO_CACHE` turns the index off (any value but empty, `0` or `false`). */
export function indexDisabledBy(env: Record<string, string | undefined>): boolean {
  const value = env.ROSTER_NO_CACHE?.trim().toLowerCase();
  return value !== undefined && value !== "" && value !== "0" && value !== "false";
}

/** What of the cache roster may not use, and why (for the one line the CLI prints). */
export interface UnsafeCache {
  /** The folder or record at fault. */
  path: string;
  /** Why, in a few words: `it is writable by others (mode 0777)`. */
  reason: string;
}

/**
 * Why roster's cache folder (or a record in it) must not be used, or undefined (SPEC §17):
 * as ssh treats its keys, it must belong to the user running roster and be writable by no one
 * else (no group or other write bit); a record must be a regular file, not a link. A folder or
 * record that is not there yet is fine: roster makes it, the user's own, mode 0700 / 0600.
 * Where a system has no owners or modes (Windows), only the kind is checked.
 */
export function unsafeCachePath(path: string, kind: "folder" | "record"): UnsafeCache | undefined {
  let stats: Stats;
  try {
    // The folder may be a link the user made (~/.cache on another disk); a record may not.
    stats = kind === "folder" ? statSync(path) : lstatSync(path);
  } catch {
    return undefined;
  }
  if (kind === "folder" && !stats.isDirectory()) return { path, reason: "it is not a folder" };
  if (kind === "record" && !stats.isFile())
    return { path, reason: stats.isSymbolicLink() ? "it is a symbolic link" : "it is not a regular file" };
  if (process.platform === "win32") return undefined;
  const uid = process.getuid?.();
  if (uid !== undefined && stats.uid !== uid)
    return { path, reason: `it belongs to user ${stats.uid}, not to you (user ${uid})` };
  const writable = [stats.mode & 0o020 ? "its group" : "", stats.mode & 0o002 ? "others" : ""].filter(
    Boolean,
  );
  if (writable.length > 0)
    return {
      path,
      reason: `it is writable by ${writable.join(" and ")} (mode ${(stats.mode & 0o777).toString(8).padStart(4, "0")})`,
    };
  return undefined;
}
