import { join, resolve } from "node:path";
import { ancestorsOf, type DiscoveryContext, type FileSystem } from "@roster/core";
import { fileSystemOf, isDirectory, isInside, walkToGitRoot } from "@roster/core/provider-kit";
import { claudeConfigDir } from "@roster/source-claude";

export { isInside };

/** The registry file name, inside a `plugins` folder. */
export const REGISTRY_FILE = "installed_plugins.json";

/** Claude Code's config folder (`CLAUDE_CONFIG_DIR` or `~/.claude`): `claudeConfigDir` of @roster/source-claude. */
export const claudeDir = claudeConfigDir;

/** `<claudeDir>/plugins/installed_plugins.json`. */
export function claudeRegistryPath(ctx: Pick<DiscoveryContext, "cwd" | "home" | "env">): string {
  return join(claudeDir(ctx), "plugins", REGISTRY_FILE);
}

/** `~/.xcsh/plugins/installed_plugins.json`. */
export function xcshRegistryPath(ctx: Pick<DiscoveryContext, "home">): string {
  return join(ctx.home, ".xcsh", "plugins", REGISTRY_FILE);
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

/** The nearest ancestor of the cwd holding `.git` (a folder, or a file for worktrees), or undefined. */
export function findGitRoot(ctx: DiscoveryContext): string | undefined {
  return walkToGitRoot(ctx.cwd, fileSystemOf(ctx)).root;
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
  for (const dir of ancestorsOf(ctx.cwd)) {
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
  for (const dir of ancestorsOf(ctx.cwd)) {
    const candidate = join(dir, ".claude");
    if (candidate === user || !isDirectory(fs, candidate)) continue;
    if (["settings.json", "settings.local.json"].some((name) => present(fs, join(candidate, name))))
      return candidate;
  }
  return undefined;
}
