import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from "node:fs";
import { readFile, rm } from "node:fs/promises";
import { basename, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { GitError, isFetchableUrl, runGit } from "./git.js";
import type { QueuedRepo } from "./types.js";

const COMMIT = /^([0-9a-f]{40}|[0-9a-f]{64})$/;

/** How many commits keep a spare worktree ready for their next job. */
const MAX_SPARES = 4;

/** A short name for a repository URL: its last path part without `.git` (`alpha`). */
export function repoLabel(url: string): string {
  const last = url
    .replace(/[/\\]+$/, "")
    .split(/[/\\:]/)
    .at(-1);
  const label = (last ?? "").replace(/\.git$/, "").replace(/[^\w.-]+/g, "-");
  return label === "" ? "repo" : label.slice(0, 64);
}

/** A remote as a worker can fetch it: a local path becomes a `file://` URL. */
function fetchableUrl(remote: string, base: string): string {
  if (isFetchableUrl(remote)) return remote;
  if (!remote.startsWith("-") && !remote.includes("::")) return pathToFileURL(resolve(base, remote)).href;
  throw new GitError(`the remote "${remote.slice(0, 200)}" is not a URL a worker can fetch`);
}

/** The submitter's own repository: where the jobs of a plain `run --queue` run. */
export interface LocalRepository {
  repo: QueuedRepo;
  /** The remote's name (`origin`). */
  remote: string;
  /** True when the work tree has changes the commit does not hold: the workers will not see them. */
  dirty: boolean;
  /** True when no remote-tracking branch of this clone holds the commit: it may not be pushed. */
  unpushed: boolean;
}

/**
 * The repository `cwd` is in, as a job carries it: the URL of its upstream remote (else
 * `origin`, else its only remote) and the commit it is at.
 */
export async function localRepository(
  cwd: string,
  env?: Record<string, string | undefined>,
): Promise<LocalRepository> {
  const git = (args: string[]) => runGit(args, { cwd, ...(env ? { env } : {}), timeoutMs: 30_000 });
  let top: string;
  try {
    top = (await git(["rev-parse", "--show-toplevel"])).trim();
  } catch (error) {
    throw new GitError(`${cwd} is not in a git repository`, { cause: error });
  }
  const commit = (await git(["rev-parse", "HEAD"]).catch(() => "")).trim();
  if (!COMMIT.test(commit)) throw new GitError(`the repository at ${top} has no commit yet`);
  const remotes = (await git(["remote"])).split("\n").filter((r) => r !== "");
  const upstream = (await git(["rev-parse", "--abbrev-ref", "--symbolic-full-name", "@{u}"]).catch(() => ""))
    .trim()
    .split("/")[0];
  const remote =
    upstream && remotes.includes(upstream)
      ? upstream
      : remotes.includes("origin")
        ? "origin"
        : remotes.length === 1
          ? remotes[0]
          : undefined;
  if (remote === undefined)
    throw new GitError(
      remotes.length === 0
        ? `the repository at ${top} has no remote a worker could fetch`
        : `the repository at ${top} has several remotes and none is "origin" or the branch's upstream`,
    );
  const url = fetchableUrl((await git(["remote", "get-url", remote])).trim(), top);
  const dirty = (await git(["status", "--porcelain", "--untracked-files=no"])).trim() !== "";
  const holders = (await git(["branch", "-r", "--contains", commit]).catch(() => "")).trim();
  return { repo: { url, commit, label: repoLabel(url) }, remote, dirty, unpushed: holders === "" };
}

/**
 * `--repo URL[#REF]`: the commit REF (default `HEAD`) names in the remote, asked of the remote
 * with the user's `git ls-remote`; a full commit id is taken as it is.
 */
export async function resolveRepoSpec(
  spec: string,
  options: { cwd: string; env?: Record<string, string | undefined> },
): Promise<QueuedRepo> {
  const hash = spec.lastIndexOf("#");
  const rawUrl = hash >= 0 ? spec.slice(0, hash) : spec;
  const ref = hash >= 0 ? spec.slice(hash + 1) : "HEAD";
  if (rawUrl === "") throw new GitError(`--repo needs a URL: "${spec.slice(0, 200)}"`);
  if (ref === "" || ref.startsWith("-") || /[\u0000-\u0020\u007f~^:?*[\\]/.test(ref))
    throw new GitError(`--repo ${rawUrl}#REF: "${ref.slice(0, 100)}" is not a ref name`);
  const url = fetchableUrl(rawUrl, options.cwd);
  if (COMMIT.test(ref)) return { url, commit: ref, label: repoLabel(url) };
  const listed = await runGit(["ls-remote", "--", url, ref], {
    cwd: options.cwd,
    ...(options.env ? { env: options.env } : {}),
    timeoutMs: 60_000,
  });
  const refs = new Map<string, string>();
  for (const line of listed.split("\n")) {
    const [commit, name] = line.split("\t");
    if (commit && name && COMMIT.test(commit)) refs.set(name, commit);
  }
  // The ref as git would read it: itself, a branch, then a tag (peeled to its commit).
  const commit =
    refs.get(ref) ??
    refs.get(`refs/heads/${ref}`) ??
    refs.get(`refs/tags/${ref}^{}`) ??
    refs.get(`refs/tags/${ref}`);
  if (commit === undefined) throw new GitError(`${url} has no branch or tag "${ref}"`);
  return { url, commit, label: repoLabel(url) };
}

/** One job's checkout: a worktree at the job's commit, removed by `remove()`. */
export interface Checkout {
  dir: string;
  remove(): Promise<void>;
  /**
   * Starts making the worktree for the next job of this commit, when the commit has had a job
   * before (a fan-out of one job per commit never costs a spare). Call it once the job's host
   * runs: git then works while the host does, not before it starts.
   */
  spare(): void;
}

/** A worker's checkouts: one cached clone per repository, one worktree per job. */
export interface Checkouts {
  /** Fetches what is missing and makes a worktree at `repo.commit`. Rejects with a {@link GitError}. */
  prepare(repo: QueuedRepo, signal?: AbortSignal): Promise<Checkout>;
  /** Removes the spare worktrees (a worker that stops). */
  close(): Promise<void>;
  /**
   * Removes every job's worktree left behind (by a worker that was killed) and prunes the
   * clones' records of them. Only for a worker that holds the workdir alone.
   */
  clean(): Promise<void>;
  /** Where the clones and worktrees live. */
  readonly workdir: string;
}

/**
 * The checkouts of a worker under `workdir`: `repos/<hash>-<label>` holds a bare clone per
 * repository URL (fetched again only when a job's commit is not in it), `jobs/<label>-<random>`
 * one worktree per job. Operations on one clone are done one at a time.
 */
export function createCheckouts(options: {
  workdir: string;
  env?: Record<string, string | undefined>;
}): Checkouts {
  const workdir = resolve(options.workdir);
  const env = options.env;
  const queues = new Map<string, Promise<unknown>>();
  /** Runs `step` after every earlier step on the same clone. */
  const serial = <T>(key: string, step: () => Promise<T>): Promise<T> => {
    const before = queues.get(key) ?? Promise.resolve();
    const next = before.then(step, step);
    const settled = next.catch(() => {});
    queues.set(key, settled);
    void settled.then(() => {
      if (queues.get(key) === settled) queues.delete(key);
    });
    return next;
  };
  const git = (args: string[], signal?: AbortSignal) =>
    runGit(args, { ...(env ? { env } : {}), ...(signal ? { signal } : {}) });

  /** Makes the clone hold `repo.commit`: cloned when new, fetched when the commit is missing. */
  async function fetchCommit(cache: string, repo: QueuedRepo, signal?: AbortSignal): Promise<void> {
    const has = () =>
      git(["-C", cache, "cat-file", "-e", `${repo.commit}^{commit}`], signal).then(
        () => true,
        () => false,
      );
    if (!existsSync(join(cache, "HEAD"))) {
      const partial = `${cache}.${randomBytes(4).toString("hex")}.partial`;
      try {
        await git(["clone", "--bare", "--quiet", "--", repo.url, partial], signal);
        renameSync(partial, cache);
      } finally {
        rmSync(partial, { recursive: true, force: true });
      }
    }
    if (await has()) return;
    await git(
      [
        "-C",
        cache,
        "fetch",
        "--quiet",
        "--prune",
        "--",
        repo.url,
        "+refs/heads/*:refs/heads/*",
        "+refs/tags/*:refs/tags/*",
      ],
      signal,
    );
    if (await has()) return;
    // A commit no branch or tag holds (yet): ask for it by id, where the server allows it.
    await git(["-C", cache, "fetch", "--quiet", "--", repo.url, repo.commit], signal).catch(() => {});
    if (!(await has())) throw new GitError(`commit ${repo.commit} is not in ${repo.url} (was it pushed?)`);
  }

  const cacheOf = (repo: QueuedRepo): string => {
    const key = createHash("sha256").update(repo.url).digest("hex").slice(0, 16);
    return join(workdir, "repos", `${key}-${repoLabel(repo.url)}`);
  };
  const newDir = (repo: QueuedRepo) => {
    mkdirSync(join(workdir, "repos"), { recursive: true, mode: 0o700 });
    mkdirSync(join(workdir, "jobs"), { recursive: true, mode: 0o700 });
    return join(workdir, "jobs", `${repoLabel(repo.url)}-${randomBytes(6).toString("hex")}`);
  };

  /** Adds a worktree at the commit: one git process when the clone has it, else fetch first. */
  const addWorktree = (cache: string, repo: QueuedRepo, dir: string, signal?: AbortSignal) => {
    const add = () => git(["-C", cache, "worktree", "add", "--detach", "--quiet", dir, repo.commit], signal);
    return serial(cache, async () => {
      if (
        existsSync(join(cache, "HEAD")) &&
        (await add().then(
          () => true,
          () => false,
        ))
      )
        return;
      await fetchCommit(cache, repo, signal);
      await add();
    });
  };

  /** Removes a worktree and git's record of it (`<clone>/worktrees/<name>`, whose `gitdir` names it), without a git process. */
  const removeWorktree = async (cache: string, dir: string) => {
    await rm(dir, { recursive: true, force: true });
    const record = join(cache, "worktrees", basename(dir));
    try {
      if ((await readFile(join(record, "gitdir"), "utf8")).trim() === join(dir, ".git"))
        await rm(record, { recursive: true, force: true });
    } catch {}
  };

  /** The commits of the last jobs, oldest first. */
  const seen = new Set<string>();
  /** One spare worktree per commit of the last few used; a spare that fails is simply not there. */
  const spares = new Map<string, { cache: string; made: Promise<string | undefined> }>();
  const dropSpare = async (spare: { cache: string; made: Promise<string | undefined> }) => {
    const dir = await spare.made;
    if (dir !== undefined) await removeWorktree(spare.cache, dir);
  };
  const makeSpare = (key: string, cache: string, repo: QueuedRepo) => {
    if (spares.has(key)) return;
    const dir = newDir(repo);
    const made = addWorktree(cache, repo, dir).then(
      () => dir,
      () => undefined,
    );
    spares.set(key, { cache, made });
    // The oldest commit's spare goes when there are more than MAX_SPARES.
    if (spares.size > MAX_SPARES) {
      const [oldest, spare] = spares.entries().next().value!;
      spares.delete(oldest);
      void dropSpare(spare);
    }
  };

  return {
    workdir,
    async clean() {
      rmSync(join(workdir, "jobs"), { recursive: true, force: true });
      let clones: string[] = [];
      try {
        clones = readdirSync(join(workdir, "repos"));
      } catch {}
      for (const clone of clones)
        if (!clone.endsWith(".partial"))
          await git(["-C", join(workdir, "repos", clone), "worktree", "prune"]).catch(() => {});
        else rmSync(join(workdir, "repos", clone), { recursive: true, force: true });
    },
    async prepare(repo, signal) {
      if (!isFetchableUrl(repo.url))
        throw new GitError(`"${repo.url.slice(0, 200)}" is not a URL a worker fetches`);
      if (!COMMIT.test(repo.commit)) throw new GitError(`"${repo.commit.slice(0, 80)}" is not a commit id`);
      const cache = cacheOf(repo);
      const key = `${repo.url}\n${repo.commit}`;
      // A spare worktree made after the last job of this commit: no git process on the way.
      const spare = spares.get(key);
      spares.delete(key);
      let dir = spare ? await spare.made : undefined;
      if (dir === undefined) {
        dir = newDir(repo);
        await addWorktree(cache, repo, dir, signal);
      }
      const repeated = seen.has(key);
      seen.delete(key);
      seen.add(key);
      if (seen.size > 64) seen.delete(seen.values().next().value!);
      const taken = dir;
      let removed: Promise<void> | undefined;
      return {
        dir: taken,
        remove: () => (removed ??= removeWorktree(cache, taken)),
        spare: () => {
          if (repeated) makeSpare(key, cache, repo);
        },
      };
    },
    async close() {
      const left = [...spares.values()];
      spares.clear();
      await Promise.all(left.map(dropSpare));
    },
  };
}
