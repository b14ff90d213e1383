import { execFile } from "node:child_process";

/** The longest a git command may run (a clone of a large repository over a slow link). */
export const GIT_TIMEOUT_MS = 10 * 60_000;

/** git failed, or is missing: the message is git's own last line of complaint. */
export class GitError extends Error {
  override readonly name = "GitError";
}

/**
 * The environment every git command gets: never a prompt for credentials (a worker has no one
 * to answer it), never an interactive credential helper.
 */
function gitEnv(env: Record<string, string | undefined>): Record<string, string | undefined> {
  return { ...env, GIT_TERMINAL_PROMPT: "0", GCM_INTERACTIVE: "never", GIT_ASKPASS: env.GIT_ASKPASS ?? "" };
}

/** Options of {@link runGit}. */
export interface RunGitOptions {
  cwd?: string;
  env?: Record<string, string | undefined>;
  timeoutMs?: number;
  /** The most bytes of output kept (more is an error). Default 16 MiB. */
  maxBuffer?: number;
  signal?: AbortSignal;
}

/**
 * Runs the user's own `git` (their credentials, proxies and SSH config apply) with no shell,
 * the `ext::` transport refused whatever the config says, and no prompt. Resolves with stdout;
 * rejects with a {@link GitError} holding git's reason.
 */
export function runGit(args: readonly string[], options: RunGitOptions = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      "git",
      ["-c", "protocol.ext.allow=never", ...args],
      {
        ...(options.cwd !== undefined ? { cwd: options.cwd } : {}),
        env: gitEnv(options.env ?? process.env),
        timeout: options.timeoutMs ?? GIT_TIMEOUT_MS,
        killSignal: "SIGKILL",
        maxBuffer: options.maxBuffer ?? 16 * 1024 * 1024,
        encoding: "utf8",
        ...(options.signal ? { signal: options.signal } : {}),
      },
      (error, stdout, stderr) => {
        if (!error) return resolve(stdout);
        const code = (error as NodeJS.ErrnoException).code;
        if (code === "ENOENT")
          return reject(new GitError("git is not installed (or not on PATH)", { cause: error }));
        if ((error as { killed?: boolean }).killed)
          return reject(
            new GitError(
              `git ${args[0]} took longer than ${Math.round((options.timeoutMs ?? GIT_TIMEOUT_MS) / 1000)}s`,
              { cause: error },
            ),
          );
        reject(new GitError(gitComplaint(stderr) ?? `git ${args[0]} failed`, { cause: error }));
      },
    );
  });
}

/** git's reason: its `fatal:`/`error:` line, else its last line. */
function gitComplaint(stderr: string): string | undefined {
  const lines = stderr
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l !== "");
  const line = lines.find((l) => /^(fatal|error):/.test(l)) ?? lines.at(-1);
  return line?.replace(/^(fatal|error):\s*/, "").slice(0, 500);
}

/**
 * True for a remote a worker may fetch: `https://`, `http://`, `ssh://`, `git://`, `file://`
 * URLs and scp-like `user@host:path`. Never a `<transport>::address` (git's remote helpers,
 * `ext::` runs a command), an option (`-…`) or a bare path.
 */
export function isFetchableUrl(url: string): boolean {
  if (url.startsWith("-") || url.includes("::") || /[\u0000-\u001f\u007f]/.test(url)) return false;
  if (/^(https?|ssh|git|file):\/\/./i.test(url)) return true;
  // scp-like: [user@]host:path, where the host has no slash before the colon.
  return /^([\w.-]+@)?[\w.-]+:(?!\/\/)[^\s]/.test(url) && !/^[a-z]:\\/i.test(url);
}
