import { createHash } from "node:crypto";
import { basename, isAbsolute, join, resolve } from "node:path";
import { BoundedReadError, type FileSystem } from "@roster/core";
import { errorCode, nodeFileSystem, walkToGitRoot } from "@roster/core/provider-kit";
import { ConfigError } from "./config-error.js";

/** The largest config file roster reads (a config is a few hundred bytes). */
export const CONFIG_READ_LIMIT = 1024 * 1024;

/** Names of a project config, in the order they are looked for within one folder. */
export const PROJECT_CONFIG_NAMES = ["roster.config.json", "roster.config.mjs"] as const;

/** Names of the user config inside its folder, in the order they are looked for. */
export const USER_CONFIG_NAMES = ["config.json", "config.mjs"] as const;

/** What the config places depend on: the context's home and environment, and the file-system layer to look through. */
export interface ConfigWhere {
  home: string;
  env: Record<string, string | undefined>;
  /** Defaults to node:fs (a recording layer notes what the config was read from). */
  fs?: FileSystem;
}

/**
 * The user's roster folder: `$XDG_CONFIG_HOME/roster` when that is an absolute path (the XDG
 * spec says to ignore a relative one), else `<home>/.config/roster`.
 */
export function userConfigDir(where: ConfigWhere): string {
  const xdg = where.env.XDG_CONFIG_HOME?.trim();
  return xdg && isAbsolute(xdg) ? join(xdg, "roster") : join(where.home, ".config", "roster");
}

/** Whether anything (a file, a folder, a link) stands at `path`. */
export function present(path: string, fs: FileSystem): boolean {
  try {
    fs.lstat(path);
    return true;
  } catch {
    return false;
  }
}

/** The real path of `path`, or `path` itself when it does not resolve. */
export function realOr(path: string, fs: FileSystem = nodeFileSystem): string {
  try {
    return fs.realpath(path);
  } catch {
    return resolve(path);
  }
}

/** A config file found in a folder, and any later-named one beside it that loses to it. */
export interface FoundConfig {
  /** The absolute path of the config file. */
  file: string;
  /** The folder holding it. */
  dir: string;
  /** Config files in the same folder that are not read because `file` comes first. */
  ignored: string[];
}

/** The first of `names` present in `dir` (whatever its kind: the reader judges it). */
export function configIn(
  dir: string,
  names: readonly string[],
  fs: FileSystem = nodeFileSystem,
): FoundConfig | undefined {
  const found = names.map((name) => join(dir, name)).filter((path) => present(path, fs));
  if (found.length === 0) return undefined;
  return { file: found[0]!, dir, ignored: found.slice(1) };
}

/**
 * The folders a project config may come from, nearest first: from the cwd up to the git
 * root (the nearest folder holding `.git`, included) or to home (excluded), whichever
 * comes first. When the walk meets neither, only the cwd itself: a folder above an
 * unrelated cwd (a shared temp folder, `/`) is never a project's.
 */
export function projectConfigDirs(cwd: string, home: string, fs: FileSystem = nodeFileSystem): string[] {
  const start = resolve(cwd);
  const walk = walkToGitRoot(start, fs, atHome(home, fs));
  return walk.root !== undefined || walk.stopped ? walk.dirs : [start];
}

/** True for `home` itself, by path or by real path: where every walk up for a project stops. */
export function atHome(home: string, fs: FileSystem = nodeFileSystem): (dir: string) => boolean {
  const homeDir = resolve(home);
  const realHome = realOr(homeDir, fs);
  return (dir) => dir === homeDir || realOr(dir, fs) === realHome;
}

/** The nearest project config walking up from `cwd` (see {@link projectConfigDirs}). */
export function findProjectConfig(
  cwd: string,
  home: string,
  fs: FileSystem = nodeFileSystem,
): FoundConfig | undefined {
  for (const dir of projectConfigDirs(cwd, home, fs)) {
    const found = configIn(dir, PROJECT_CONFIG_NAMES, fs);
    if (found) return found;
  }
  return undefined;
}

/**
 * Reads a config file through the bounded reader: regular files only, at most
 * {@link CONFIG_READ_LIMIT} bytes. Anything else is a usage error naming the file.
 */
export function readConfigBytes(file: string, fs: FileSystem = nodeFileSystem): Buffer {
  try {
    return fs.readFile(file, CONFIG_READ_LIMIT);
  } catch (error) {
    const reason =
      error instanceof BoundedReadError
        ? error.message
        : errorCode(error) === "ENOENT"
          ? "it does not exist"
          : error instanceof Error
            ? error.message
            : String(error);
    throw new ConfigError(`cannot read config ${file}: ${reason}.`, { cause: error });
  }
}

/** The SHA-256 of a config's bytes, in hex: what `roster trust` records. */
export function hashConfig(bytes: Buffer): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/** `roster.config.mjs` and `config.mjs` are code; `.json` files are data. */
export function isCodeFile(file: string): boolean {
  return basename(file).endsWith(".mjs");
}
