// Which files git shows from a work tree (`doctor --fix` writes only those): the user's own git,
// asked with no hook of the project's config run.
import { spawnSync } from "node:child_process";
import { dirname, isAbsolute, relative, resolve } from "node:path";

/** The files git shows from a work tree: its top folder, and which files it tracks or would add. */
export interface GitFiles {
  /** The work tree's top folder, as reached from the cwd (its links kept as the user wrote them). */
  root: string;
  tracked: ReadonlySet<string>;
  /** Not tracked and not ignored: `git status` lists them, `git diff` does not. */
  untracked: ReadonlySet<string>;
}

/** How long one git command may take, and how much it may print. */
const GIT_LIMITS = { timeout: 30_000, maxBuffer: 64 * 1024 * 1024 } as const;

/**
 * Runs the user's git (`-c core.fsmonitor=false`: no hook of the project's config runs for a
 * listing; pathspecs literal), or `undefined` when there is none or it fails.
 */
function git(
  cwd: string,
  env: Record<string, string | undefined>,
  args: readonly string[],
): string | undefined {
  const run = spawnSync("git", ["-c", "core.fsmonitor=false", ...args], {
    cwd,
    encoding: "utf8",
    env: { ...env, GIT_LITERAL_PATHSPECS: "1", GIT_OPTIONAL_LOCKS: "0" },
    stdio: ["ignore", "pipe", "ignore"],
    ...GIT_LIMITS,
  });
  return run.status === 0 && typeof run.stdout === "string" ? run.stdout : undefined;
}

/** Options of {@link gitFiles}. */
export interface GitFilesOptions {
  /** The folder git is asked from (the work tree it is in). */
  cwd: string;
  /** The files asked about (absolute); only the folders holding them are listed. */
  files: readonly string[];
  /** The environment git runs with (the user's: its config, its `PATH`). */
  env: Record<string, string | undefined>;
}

/**
 * Which of `files` git tracks, and which it would add (untracked, not ignored), in the work
 * tree `cwd` is in; `undefined` outside a work tree (or without git).
 *
 * @example gitFiles({ cwd, files: [`${cwd}/.claude/agents/a.md`], env: process.env })?.tracked
 */
export function gitFiles(options: GitFilesOptions): GitFiles | undefined {
  const { cwd, files, env } = options;
  const up = git(cwd, env, ["rev-parse", "--show-cdup"]);
  if (up === undefined) return undefined;
  const root = resolve(cwd, up.trim() || ".");
  const folders = [
    ...new Set(
      files.map((f) => relative(root, dirname(f))).filter((r) => !r.startsWith("..") && !isAbsolute(r)),
    ),
  ].map((r) => (r === "" ? "." : r));
  const list = (extra: readonly string[]) => {
    if (folders.length === 0) return new Set<string>();
    const out = git(root, env, ["ls-files", "-z", ...extra, "--", ...folders]);
    return new Set(
      (out ?? "")
        .split("\0")
        .filter(Boolean)
        .map((rel) => resolve(root, rel)),
    );
  };
  return { root, tracked: list([]), untracked: list(["--others", "--exclude-standard"]) };
}
