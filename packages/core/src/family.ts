import { isAbsolute, join, resolve } from "node:path";
import { ancestorsOf } from "./ancestors.js";
import { fileSystemOf, isDirectory } from "./fs.js";
import type { DiscoveryContext, Location } from "./types.js";

/** Expands a leading `~` with `ctx.home` and makes the path absolute against `ctx.cwd`. */
export function resolveUserPath(ctx: Pick<DiscoveryContext, "home" | "cwd">, path: string): string {
  if (path === "~") return ctx.home;
  if (path.startsWith("~/")) return join(ctx.home, path.slice(2));
  return isAbsolute(path) ? resolve(path) : resolve(ctx.cwd, path);
}

function samePath(ctx: DiscoveryContext, a: string, b: string): boolean {
  if (resolve(a) === resolve(b)) return true;
  const fs = fileSystemOf(ctx);
  try {
    return fs.realpath(a) === fs.realpath(b);
  } catch {
    return false;
  }
}

/** Options of {@link findProjectDirs}. */
export interface FindProjectDirsOptions {
  /** A folder that is never a project folder (the family's user folder). */
  exclude?: string;
  /** `"nearest"` (default) stops at the first hit; `"all"` returns every hit, nearest first. */
  mode?: "nearest" | "all";
}

/**
 * Walks from `ctx.cwd` up to the file-system root and returns `<ancestor>/<relative>`
 * for each ancestor where that is a directory.
 *
 * @example findProjectDirs(ctx, ".claude/agents", { exclude: join(ctx.home, ".claude/agents") })
 */
export function findProjectDirs(
  ctx: DiscoveryContext,
  relative: string,
  options: FindProjectDirsOptions = {},
): string[] {
  return findProjectFolders(ctx, relative, options).map((found) => found.dir);
}

/** A project folder found walking up, with the ancestor it belongs to. */
interface ProjectFolder {
  dir: string;
  /** The ancestor of the cwd that holds it: the project root it must stay inside. */
  root: string;
}

function findProjectFolders(
  ctx: DiscoveryContext,
  relative: string,
  options: FindProjectDirsOptions,
): ProjectFolder[] {
  const fs = fileSystemOf(ctx);
  const mode = options.mode ?? ctx.projectDirs ?? "nearest";
  const found: ProjectFolder[] = [];
  for (const root of ancestorsOf(ctx.cwd)) {
    const dir = join(root, relative);
    if (isDirectory(fs, dir) && !(options.exclude && samePath(ctx, dir, options.exclude))) {
      found.push({ dir, root });
      if (mode === "nearest") break;
    }
  }
  return found;
}

/** Options of {@link familyLocations}. */
export interface FamilyLocationsOptions extends Omit<Location, "dir" | "scope"> {
  /** The project folder relative to an ancestor of the cwd: `".claude/agents"`. Omit for none. */
  project?: string;
  /** The user folder, absolute (already resolved against `ctx.home` and env overrides). Omit for none. */
  user?: string;
}

/**
 * The locations of a config family (SPEC §4.1): its nearest project folder (or all of
 * them with `ctx.projectDirs: "all"`), then its user folder. A project candidate that
 * is the user folder itself is not a project folder, so it is read once, as user scope.
 */
export function familyLocations(ctx: DiscoveryContext, options: FamilyLocationsOptions): Location[] {
  const { project, user, ...extra } = options;
  const locations: Location[] = [];
  if (project !== undefined) {
    for (const { dir, root } of findProjectFolders(ctx, project, { exclude: user })) {
      locations.push({ ...extra, dir, scope: "project", root });
    }
  }
  if (user !== undefined) locations.push({ ...extra, dir: user, scope: "user" });
  return locations;
}
