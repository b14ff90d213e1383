import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import {
  type DiscoveryContext,
  type FileSystem,
  fileSystemOf,
  isDirectory,
  resolveUserPath,
} from "@roster/core";

/** The registry file name, inside a `plugins` folder. */
export const REGISTRY_FILE = "installed_plugins.json";

/**
 * Claude Code's config folder: `CLAUDE_CONFIG_DIR` from `ctx.env` when set (a leading `~`
 * is `ctx.home`, a relative path is taken from `ctx.cwd`), otherwise `~/.claude`.
 */
export function claudeDir(ctx: Pick<DiscoveryContext, "cwd" | "home" | "env">): string {
  const override = ctx.env.CLAUDE_CONFIG_DIR?.trim();
  return override ? resolveUserPath(ctx, override) : join(ctx.home, ".claude");
}

/** `<claudeDir>/plugins/installed_plugins.json`. */
export function claudeRegistryPath(ctx: Pick<DiscoveryContext, "cwd" | "home" | "env">): string {
  return join(claudeDir(ctx), "plugins", REGISTRY_FILE);
}

/** `~/.xcsh/plugins/installed_plugins.json`. */
export function xcshRegistryPath(ctx: Pick<DiscoveryContext, "home">): string {
  return join(ctx.home, ".xcsh", "plugins", REGISTRY_FILE);
}

/** True when `path` is `dir` or inside it (lexically). */
export function isInside(dir: string, path: string): boolean {
  const rel = relative(resolve(dir), resolve(path));
  return rel === "" || (rel !== ".." && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}

/**
 * True when something is at `path` (a file, a FIFO, a device, a symlink): the reader then
 * decides, so that a special file in place of a registry or settings file is reported
 * rather than passed over in silence.
 */
function present(fs: FileSystem, path: string): boolean {
  try {
    fs.lstat(path);
    return true;
  } catch {
    return false;
  }
}

/** Ancestors of `cwd`, nearest first, up to the file-system root. */
function ancestors(cwd: string): string[] {
  const out: string[] = [];
  let current = resolve(cwd);
  for (;;) {
    out.push(current);
    const parent = dirname(current);
    if (parent === current) return out;
    current = parent;
  }
}

/** The nearest ancestor of the cwd holding `.git` (a folder, or a file for worktrees), or undefined. */
export function findGitRoot(ctx: DiscoveryContext): string | undefined {
  const fs = fileSystemOf(ctx);
  for (const dir of ancestors(ctx.cwd)) {
    try {
      fs.stat(join(dir, ".git"));
      return dir;
    } catch {
      // Not here; keep walking.
    }
  }
  return undefined;
}

/**
 * The project registry (SPEC §4.2 item 3): the nearest
 * `<ancestor>/.xcsh/plugins/installed_plugins.json` that exists (whatever its kind: the
 * reader refuses a FIFO or device with a diagnostic), walking up from the
 * cwd and stopping before home; when the walk met no `.xcsh` folder at all, the git
 * root's `.xcsh/plugins/installed_plugins.json`. Never the user registry itself.
 */
export function projectRegistryPath(ctx: DiscoveryContext): string | undefined {
  const fs = fileSystemOf(ctx);
  const home = resolve(ctx.home);
  let sawXcsh = false;
  for (const dir of ancestors(ctx.cwd)) {
    if (dir === home) break;
    const xcsh = join(dir, ".xcsh");
    if (!isDirectory(fs, xcsh)) continue;
    sawXcsh = true;
    const candidate = join(xcsh, "plugins", REGISTRY_FILE);
    if (present(fs, candidate)) return candidate;
  }
  if (sawXcsh) return undefined;
  const gitRoot = findGitRoot(ctx);
  if (gitRoot === undefined) return undefined;
  const candidate = join(gitRoot, ".xcsh", "plugins", REGISTRY_FILE);
  return resolve(candidate) === resolve(xcshRegistryPath(ctx)) ? undefined : candidate;
}

/**
 * The nearest project `.claude` folder holding `settings.json` or `settings.local.json`,
 * walking up from the cwd; Claude's own config folder is never a project folder.
 */
export function projectClaudeDir(ctx: DiscoveryContext): string | undefined {
  const fs = fileSystemOf(ctx);
  const user = resolve(claudeDir(ctx));
  for (const dir of ancestors(ctx.cwd)) {
    const candidate = join(dir, ".claude");
    if (candidate === user || !isDirectory(fs, candidate)) continue;
    if (["settings.json", "settings.local.json"].some((name) => present(fs, join(candidate, name))))
      return candidate;
  }
  return undefined;
}
