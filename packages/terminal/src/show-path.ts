// Paths as people read them: relative under the cwd, `~/…` under home.
import { isAbsolute, relative, sep } from "node:path";
import { cutPathToWidth } from "./cut-to-width.js";
import type { Fit, PathBase } from "./types.js";

/**
 * A path for people: relative under the cwd, `~/…` under home, else as it is. Files that
 * are not on disk (`embedded:explore.md`) stay as they are.
 */
export function showPath(o: PathBase, path: string | undefined | null): string {
  if (!path) return "";
  if (!isAbsolute(path)) return path;
  const under = (dir: string) =>
    dir !== "" && (path === dir || path.startsWith(dir.endsWith(sep) ? dir : dir + sep));
  if (under(o.cwd)) return below(o.cwd, path) || ".";
  if (o.home && under(o.home)) return `~${sep}${below(o.home, path)}`;
  return path;
}

/**
 * A file as a finding's place: `path:line` when the line is known (0: not), as people and
 * terminals read a place; on a terminal too narrow for it, its end in whole segments
 * (`…/agents/reviewer.md:3`), never a path broken by the terminal mid-word.
 */
export function placeOf(o: PathBase & Fit, filePath: string, line: number): string {
  const suffix = line > 0 ? `:${line}` : "";
  const path = showPath(o, filePath);
  return o.columns === undefined
    ? `${path}${suffix}`
    : `${cutPathToWidth(path, o.columns - suffix.length)}${suffix}`;
}

/** A `.` or `..` segment, an empty one or a trailing separator: what `relative` would normalise. */
const NOT_NORMAL = /\/\.{0,2}(?:\/|$)/;

/**
 * `relative(dir, path)` for a path under `dir`: its rest, when both are written the way
 * `relative` would leave them (the common case, and 3 µs a path less); else `relative`.
 */
function below(dir: string, path: string): string {
  if (sep !== "/" || NOT_NORMAL.test(dir) || NOT_NORMAL.test(path)) return relative(dir, path);
  return path.slice(dir.endsWith("/") ? dir.length : dir.length + 1);
}

/**
 * A message for people with the paths inside it shown as {@link showPath} shows a path:
 * `…/proj/a.md` under the cwd relative, under home `~/…`, so one line never mixes the forms.
 */
export function showPaths(o: PathBase, text: string): string {
  let shown = o.cwd && o.cwd !== sep ? text.replaceAll(`${o.cwd}${sep}`, "") : text;
  if (o.home && o.home !== sep) {
    shown = shown.replaceAll(`${o.home}${sep}`, `~${sep}`);
    shown = shown.replace(
      new RegExp(`${o.home.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![^\\s"'\`),;:])`, "g"),
      "~",
    );
  }
  return shown;
}
