// The user's own `git`, driven without a shell: every call has a timeout (the whole process
// group is ended when it passes), never asks on a terminal (GIT_TERMINAL_PROMPT=0), and never
// lets a URL or a ref be read as an option (`--` before them; sources are checked too).
import { execFileSync, spawn } from "node:child_process";
import { SourceError, SourceUsageError } from "./errors.js";
import type { GitOptions } from "./types.js";

/** The default longest git call: a slow clone over a poor link, not a hang. */
export const DEFAULT_GIT_TIMEOUT_MS = 120_000;
/**
 * The longest one git call may take, from `ROSTER_GIT_TIMEOUT` (seconds, fractions allowed):
 * undefined when unset or blank (the package's default, {@link DEFAULT_GIT_TIMEOUT_MS}); a
 * value that is not a positive number is a {@link SourceUsageError}.
 */
export function gitTimeoutOf(env: Record<string, string | undefined>): number | undefined {
  const raw = env.ROSTER_GIT_TIMEOUT?.trim();
  if (!raw) return undefined;
  const seconds = Number(raw);
  if (!Number.isFinite(seconds) || seconds <= 0)
    throw new SourceUsageError(`ROSTER_GIT_TIMEOUT must be a number of seconds, not ${JSON.stringify(raw)}`);
  return Math.round(seconds * 1000);
}

/** The git options of an operation, from the environment (`ROSTER_GIT_TIMEOUT`; see {@link gitTimeoutOf}). */
export function gitOptionsOf(env: Record<string, string | undefined>): GitOptions {
  const timeoutMs = gitTimeoutOf(env);
  return timeoutMs !== undefined ? { timeoutMs } : {};
}

/** The most output kept from one call (ls-remote of a big repository is a few MB). */
const MAX_OUTPUT_BYTES = 32 * 1024 * 1024;

/** What one git call gave. */
export interface GitResult {
  code: number;
  stdout: string;
  stderr: string;
  /** The standard output's bytes (`cat-file --batch` gives files, not text). */
  output: Buffer;
  /** True when the output went past the bound and its end was dropped. */
  truncated: boolean;
}

/** Options of one call. */
export interface RunGitOptions extends GitOptions {
  /** The folder git runs in. */
  cwd?: string;
  /** Extra environment (`GIT_INDEX_FILE`). */
  extraEnv?: Record<string, string>;
  /** What git reads on its standard input (object ids for `cat-file --batch`). */
  input?: string;
  /** The most output kept (default 32 MiB); past it the result is `truncated`. */
  maxOutputBytes?: number;
  /** Ends the call (its whole process group) when aborted; the call then rejects with `source/git-failed`. */
  signal?: AbortSignal;
}

/** The environment every git call runs in: the caller's, and never a question or a pager. */
function gitEnv(options: RunGitOptions): Record<string, string | undefined> {
  return {
    ...(options.env ?? process.env),
    ...options.extraEnv,
    // Never a question: no terminal prompt, no credential manager window. The child has no
    // controlling terminal either (its own session), so ssh cannot ask on /dev/tty.
    GIT_TERMINAL_PROMPT: "0",
    GCM_INTERACTIVE: "never",
    GIT_PAGER: "cat",
    // git's messages in one language: roster reads a few of them ("not our ref").
    LC_ALL: "C",
  };
}

/**
 * One object's bytes (`git cat-file blob`), synchronously, for a reader that cannot wait (a
 * file-system layer). At most `maxBytes`; throws when git fails or runs past its timeout.
 */
export function readBlobSync(repo: string, oid: string, maxBytes: number, options: GitOptions = {}): Buffer {
  return execFileSync(
    options.command ?? "git",
    ["-c", "protocol.ext.allow=never", "--git-dir", repo, "cat-file", "blob", oid],
    {
      env: gitEnv(options),
      stdio: ["ignore", "pipe", "ignore"],
      maxBuffer: maxBytes,
      timeout: options.timeoutMs ?? DEFAULT_GIT_TIMEOUT_MS,
    },
  );
}

/**
 * Runs `git ARGS` and resolves with its exit code and output (a failing exit code is an
 * answer, not an error). Rejects with a {@link SourceError}: `source/git-missing` when no git
 * is found, `source/timeout` when the call runs past its timeout (its process group is killed).
 */
export function runGit(args: readonly string[], options: RunGitOptions = {}): Promise<GitResult> {
  const command = options.command ?? "git";
  const timeoutMs = options.timeoutMs ?? DEFAULT_GIT_TIMEOUT_MS;
  const env = gitEnv(options);
  return new Promise((resolve, reject) => {
    const child = spawn(command, ["-c", "protocol.ext.allow=never", ...args], {
      cwd: options.cwd,
      env,
      stdio: [options.input === undefined ? "ignore" : "pipe", "pipe", "pipe"],
      // Its own session and process group: a timeout ends git and what it started (ssh,
      // remote helpers), and nothing it starts has a terminal to ask on.
      detached: true,
      windowsHide: true,
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    const maxBytes = options.maxOutputBytes ?? MAX_OUTPUT_BYTES;
    let size = 0;
    let truncated = false;
    let timedOut = false;
    const collect = (into: Buffer[]) => (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) into.push(chunk);
      else truncated = true;
    };
    if (options.input !== undefined && child.stdin) {
      // git may end before reading all of it (a bad object id): its exit code says why.
      child.stdin.on("error", () => undefined);
      child.stdin.end(options.input);
    }
    child.stdout?.on("data", collect(out));
    child.stderr?.on("data", collect(err));
    const kill = () => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
      } catch {
        child.kill("SIGKILL");
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, timeoutMs);
    let aborted = false;
    const abort = () => {
      aborted = true;
      kill();
    };
    if (options.signal?.aborted) abort();
    else options.signal?.addEventListener("abort", abort, { once: true });
    const settle = () => {
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", abort);
    };
    child.on("error", (error: NodeJS.ErrnoException) => {
      settle();
      if (error.code === "ENOENT")
        reject(
          new SourceError(
            "source/git-missing",
            `roster brings sources in with your own git, and no "${command}" was found on the PATH: install git (https://git-scm.com) and try again`,
            { cause: error },
          ),
        );
      else
        reject(
          new SourceError("source/git-failed", `cannot run ${command}: ${error.message}`, { cause: error }),
        );
    });
    child.on("close", (code, signal) => {
      settle();
      if (aborted) {
        reject(
          new SourceError("source/git-failed", `git ${args[0]} was stopped: roster no longer needed it`),
        );
        return;
      }
      if (timedOut) {
        reject(
          new SourceError(
            "source/timeout",
            `git ${args[0]} took longer than ${Math.round(timeoutMs / 1000)} s and was stopped`,
          ),
        );
        return;
      }
      const output = Buffer.concat(out);
      let text: string | undefined;
      resolve({
        code: code ?? (signal ? 128 : 1),
        // Decoded when read: `cat-file --batch` output (files, up to 64 MiB) is never text.
        get stdout() {
          text ??= output.toString("utf8");
          return text;
        },
        stderr: Buffer.concat(err).toString("utf8"),
        output,
        truncated,
      });
    });
  });
}

/** The last meaningful line of git's stderr (`fatal: …`), for a message. */
export function gitReason(stderr: string): string {
  const lines = stderr
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== "" && !l.startsWith("hint:"));
  const fatal = lines.filter((l) => /^(fatal|error):/.test(l)).at(-1) ?? lines.at(-1) ?? "no reason given";
  return fatal.replace(/^(fatal|error):\s*/, "").slice(0, 300);
}
