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
