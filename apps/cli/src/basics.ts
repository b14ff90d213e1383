// What every command takes from the flags and the real environment before anything else: the
// folders it works in and how it prints. Light on purpose: the shortcut the bin takes for a
// stored `list` (list-fast.ts) starts here without loading the app.
import { statSync } from "node:fs";
import { homedir } from "node:os";
import { isAbsolute, resolve } from "node:path";
import { UsageError } from "./errors.js";
import { createOutput, type Output } from "./output.js";

/** The global flags every sub-command takes. */
export interface GlobalFlags {
  cwd?: string;
  home?: string;
  json?: boolean;
  project?: boolean;
  config?: string;
  color?: boolean;
  debug?: boolean;
  /** `--no-cache` sets it to false: no stored output is read or written. */
  cache?: boolean;
}

/** The folders a run works in, from the flags (relative values against the shell's folder): the only place that reads them. */
export function placesOf(flags: Pick<GlobalFlags, "cwd" | "home">): { cwd: string; home: string } {
  const cwd = fromShell(flags.cwd ?? ".");
  const home = fromShell(flags.home ?? homedir());
  if (flags.cwd !== undefined) mustBeFolder("--cwd", cwd);
  if (flags.home !== undefined) mustBeFolder("--home", home);
  return { cwd, home };
}

/** How a run prints, from the flags, the environment and the terminal. */
export function outputOf(
  flags: Pick<GlobalFlags, "json" | "color">,
  places: { cwd: string; home: string },
  env: Record<string, string | undefined>,
  writers: Pick<Parameters<typeof createOutput>[0], "write" | "writeErr"> = {
    write: (text) => process.stdout.write(text),
    writeErr: (text) => process.stderr.write(text),
  },
): Output {
  return createOutput({
    json: flags.json === true,
    color: flags.color !== false && colorWanted(env, process.stdout.isTTY === true),
    cwd: places.cwd,
    home: places.home,
    ...(process.stdout.isTTY && process.stdout.columns ? { columns: process.stdout.columns } : {}),
    ...writers,
  });
}

/** The places and output of a run, from flags and the real environment: the only place that reads them. */
export function resolveBasics(flags: GlobalFlags): {
  cwd: string;
  home: string;
  env: Record<string, string | undefined>;
  output: Output;
} {
  const env = process.env;
  const places = placesOf(flags);
  return { ...places, env, output: outputOf(flags, places, env) };
}

/** A path as the user typed it: a relative one is read against the shell's folder. */
export function fromShell(path: string): string {
  return isAbsolute(path) ? resolve(path) : resolve(shellFolder(), path);
}

/** The shell's folder: a usage error, not a stack of system-call names, when it was removed under it. */
export function shellFolder(): string {
  try {
    return process.cwd();
  } catch (error) {
    throw new UsageError(
      "the current folder no longer exists; cd to a folder, or give --cwd as an absolute path.",
      { cause: error },
    );
  }
}

/** A `--cwd` or `--home` that is not a folder is a usage error, said before anything is read. */
function mustBeFolder(flag: string, path: string): void {
  let isFolder = false;
  try {
    isFolder = statSync(path).isDirectory();
  } catch {
    throw new UsageError(`${flag} ${path} does not exist.`);
  }
  if (!isFolder) throw new UsageError(`${flag} ${path} is not a folder.`);
}

/**
 * Colour: `FORCE_COLOR` (any value but `0`/`false`) turns it on, a non-empty `NO_COLOR`
 * turns it off, otherwise only on a terminal (https://no-color.org, https://force-color.org).
 */
export function colorWanted(env: Record<string, string | undefined>, isTTY: boolean): boolean {
  const force = env.FORCE_COLOR;
  if (force !== undefined && force !== "") return force !== "0" && force !== "false";
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== "") return false;
  return isTTY;
}
