// Resolving a ref and fetching one commit: `git ls-remote` says which commit a ref names;
// a shallow fetch of exactly that commit goes into a bare repository in roster's cache folder
// (`<cache>/sources/<hash of the source>/repo.git`), and its files are read from there, never
// checked out (commit-tree.ts). A commit already there is not fetched again, so `install` of
// an unchanged lock fetches nothing. An add can start both before the app is loaded
// (fetchAhead): the calls it was started for take its answers.
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FileSystem } from "@roster/core";
import { readCommitTree } from "./commit-tree.js";
import { SourceError } from "./errors.js";
import { gitOptionsOf, gitReason, runGit } from "./git.js";
import { requestedSource, type SourceRequest } from "./source-spec.js";
import type { GitOptions } from "./types.js";

/** A full commit id. */
const COMMIT = /^[0-9a-f]{40}$/;

/** True for 40 hex digits: a commit id, not a name. */
export function isCommitId(ref: string): boolean {
  return COMMIT.test(ref);
}

/** What a ref resolved to. */
export interface ResolvedRef {
  commit: string;
  /** The branch the remote's HEAD names, when no ref was asked for. */
  branch?: string;
}

/** Messages of git that say the remote could not be reached or read. */
function unreachable(url: string, stderr: string): SourceError {
  return new SourceError(
    "source/unreachable",
    `cannot reach ${url}: ${gitReason(stderr)}; check the URL and that your own git can read it (git ls-remote ${url})`,
  );
}

/**
 * The commit `ref` names on the remote (a branch first, then a tag, peeled to its commit,
 * then a full ref name), or its default branch's when `ref` is absent. A full commit id is
 * its own answer (checked when fetched). Rejects with `source/unreachable`, `source/no-ref`
 * or `source/empty`.
 */
export async function resolveRef(
  url: string,
  ref: string | undefined,
  git: GitOptions = {},
): Promise<ResolvedRef> {
  if (ref !== undefined && isCommitId(ref)) return { commit: ref };
  const early = taken(ahead.resolutions, resolutionKey(url, ref, git));
  if (early) return early;
  const args =
    ref === undefined
      ? ["ls-remote", "--symref", "--", url, "HEAD"]
      : ["ls-remote", "--", url, ref, `refs/heads/${ref}`, `refs/tags/${ref}`];
  const result = await runGit(args, git);
  if (result.code !== 0) throw unreachable(url, result.stderr);
  const refs = new Map<string, string>();
  let branch: string | undefined;
  for (const line of result.stdout.split("\n")) {
    const symref = /^ref: refs\/heads\/(\S+)\tHEAD$/.exec(line);
    if (symref) {
      branch = symref[1];
      continue;
    }
    const [commit, name] = line.split("\t");
    if (commit && name && COMMIT.test(commit)) refs.set(name, commit);
  }
  if (ref === undefined) {
    const head = refs.get("HEAD");
    if (!head)
      throw new SourceError(
        "source/empty",
        `${url} has no commits yet: push a commit to it, or name another source`,
      );
    return branch ? { commit: head, branch } : { commit: head };
  }
  const commit =
    refs.get(`refs/heads/${ref}`) ??
    refs.get(`refs/tags/${ref}^{}`) ??
    refs.get(`refs/tags/${ref}`) ??
    refs.get(ref);
  if (!commit)
    throw new SourceError(
      "source/no-ref",
      `${url} has no branch or tag named "${ref}": give one that exists (git ls-remote ${url} lists them) or a full commit id`,
    );
  return { commit };
}

/** A fetched commit's files, and how to let them go. */
export interface FetchedTree {
  /**
   * The folder the commit's files are answered at: an empty temporary folder of its own (the
   * files are read through {@link FetchedTree.fs}, never written to the disk), with a `.git`
   * file at its root that ends every walk up.
   */
  dir: string;
  /** The layer answering for `dir` and below from the commit, and for other paths from the disk. */
  fs: FileSystem;
  /** Whether git fetched (false: the cache's repository had the commit). */
  fetched: boolean;
  /** Why the cache was not used, when it was not (one line for the user). */
  note?: string;
  /** Removes the temporary folder (and a repository made outside the cache). */
  dispose(): void;
}

/** Options of {@link fetchCommit}. */
export interface FetchCommitOptions {
  url: string;
  /** The source's key: names its cache folder. */
  key: string;
  commit: string;
  /** The ref the commit was resolved from: fetched instead when the remote refuses a commit id. */
  ref?: string;
  /** roster's cache folder. */
  cacheDir: string;
  git?: GitOptions;
}

/**
 * The cache folder for sources, when the user owns it and nobody else can write it (SPEC §17:
 * as ssh treats its keys); else why not. Created `0700` when missing.
 */
export function sourcesCache(cacheDir: string): { dir: string } | { problem: string } {
  const dir = join(cacheDir, "sources");
  try {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    for (const folder of [cacheDir, dir]) {
      const stats = fs.lstatSync(folder);
      if (!stats.isDirectory()) return { problem: `${folder} is not a folder` };
      const uid = process.getuid?.();
      if (uid !== undefined && stats.uid !== uid) return { problem: `${folder} belongs to another user` };
      if ((stats.mode & 0o022) !== 0) return { problem: `others can write in ${folder}` };
    }
  } catch (error) {
    return { problem: `cannot use ${dir}: ${error instanceof Error ? error.message : String(error)}` };
  }
  return { dir };
}

/**
 * The files of one commit of a source, read from the cache's repository when it has the
 * commit, else fetched there first (shallow, that commit alone). Nothing is checked out: the
 * files are read from the repository into memory (commit-tree.ts). Rejects with
 * `source/no-commit` when the remote does not have the commit, `source/unreachable` when it
 * cannot be read.
 */
export async function fetchCommit(options: FetchCommitOptions): Promise<FetchedTree> {
  const cache = sourcesCache(options.cacheDir);
  if ("problem" in cache) {
    // Nothing is read from or stored in a folder others could change: a temporary one instead.
    const scratch = fs.mkdtempSync(join(tmpdir(), "roster-source-"));
    try {
      const repo = join(scratch, "repo.git");
      await fetchInto(repo, options);
      const tree = await treeOf(repo, options, true);
      return {
        ...tree,
        note: `the cache was not used (${cache.problem})`,
        dispose: () => {
          tree.dispose();
          fs.rmSync(scratch, { recursive: true, force: true });
        },
      };
    } catch (error) {
      fs.rmSync(scratch, { recursive: true, force: true });
      throw error;
    }
  }
  const repo = cachedRepo(cache.dir, options.key);
  const early = taken(ahead.fetches, fetchKey(repo, options));
  const fetched =
    early && (await early.commit) === options.commit ? await early.fetched : await fetchInto(repo, options);
  return treeOf(repo, options, fetched);
}

/** The cache's bare repository for a source (`<cache>/sources/<hash of its key>/repo.git`), its folder made. */
function cachedRepo(sourcesDir: string, key: string): string {
  const home = join(sourcesDir, createHash("sha256").update(key).digest("hex").slice(0, 24));
  fs.mkdirSync(home, { recursive: true, mode: 0o700 });
  // Checkouts an older roster kept beside the repository: the repository is all it needs now.
  fs.rmSync(join(home, "trees"), { recursive: true, force: true });
  return join(home, "repo.git");
}

/** The commit's files, read from `repo`, answered below a new temporary folder. */
async function treeOf(repo: string, options: FetchCommitOptions, fetched: boolean): Promise<FetchedTree> {
  const tree = await readCommitTree({
    repo,
    commit: options.commit,
    ...(options.git ? { git: options.git } : {}),
  });
  const dir = fs.realpathSync(fs.mkdtempSync(join(tmpdir(), "roster-source-tree-")));
  return {
    dir,
    fs: tree.fileSystem(dir),
    fetched,
    dispose: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/** The bare repository made when missing; true when made now (it has nothing yet). */
async function makeRepo(repo: string, git: GitOptions): Promise<boolean> {
  if (fs.existsSync(join(repo, "HEAD"))) return false;
  // No template: its sample hooks, description and exclude file are files nobody reads here.
  const init = await runGit(["init", "--quiet", "--bare", "--template=", repo], git);
  if (init.code !== 0)
    throw new SourceError(
      "source/git-failed",
      `cannot make a repository in ${repo}: ${gitReason(init.stderr)}`,
    );
  return true;
}

/**
 * Makes sure `repo` (a bare repository, made when missing) has the commit, fetching it
 * (shallow, that commit alone) when it does not. True when git fetched.
 */
function fetchInto(repo: string, options: FetchCommitOptions): Promise<boolean> {
  return inTurn(repo, async () => fetchIntoRepo(repo, options, await makeRepo(repo, options.git ?? {})));
}

/**
 * Runs `work` on `repo` once the call in progress there, if any, has ended: one call at a time
 * in a repository (two fetches into one shallow repository trip on each other's lock).
 */
function inTurn(repo: string, work: () => Promise<boolean>): Promise<boolean> {
  const run = (ahead.busy.get(repo) ?? Promise.resolve(false)).then(work, work);
  ahead.busy.set(repo, run);
  const done = () => {
    if (ahead.busy.get(repo) === run) ahead.busy.delete(repo);
  };
  run.then(done, done);
  return run;
}

async function fetchIntoRepo(repo: string, options: FetchCommitOptions, fresh: boolean): Promise<boolean> {
  const { url, commit } = options;
  const git = options.git ?? {};
  const inRepo = (args: string[]) => runGit(["--git-dir", repo, ...args], git);
  const has = async () => (await inRepo(["cat-file", "-e", `${commit}^{commit}`])).code === 0;
  // A repository just made has nothing: no need to ask it.
  if (!fresh && (await has())) return false;
  const shallow = await inRepo(["fetch", "--quiet", "--no-tags", "--depth", "1", "--", url, commit]);
  if (shallow.code !== 0 && !refused(shallow.stderr)) throw unreachable(url, shallow.stderr);
  let got = shallow.code === 0;
  // A server that allows no commit id in a fetch: the ref it came from, whole, then look again.
  if (!got && options.ref !== undefined && !isCommitId(options.ref)) {
    const whole = await inRepo(["fetch", "--quiet", "--no-tags", "--", url, options.ref]);
    if (whole.code !== 0 && !refused(whole.stderr)) throw unreachable(url, whole.stderr);
    got = await has();
  }
  if (!got)
    throw new SourceError(
      "source/no-commit",
      `${url} no longer has commit ${commit.slice(0, 12)}${options.ref ? ` (${options.ref})` : ""}: run roster update to pin its newest commit`,
    );
  return true;
}

/** The remote refused to send that commit (not reachability: the commit or ref is not there). */
function refused(stderr: string): boolean {
  return /not our ref|couldn't find remote ref|no such remote ref|unadvertised object|did not send all necessary objects|remote error: .*(not found|invalid)/i.test(
    stderr,
  );
}

/**
 * Work started ahead of the operation that needs it (see {@link fetchAhead}): resolutions by
 * URL, ref and git options; fetches by repository, URL, ref and git options (each with the
 * commit it resolved to); and each repository's call in progress.
 */
const ahead = {
  resolutions: new Map<string, Promise<ResolvedRef>>(),
  fetches: new Map<string, { commit: Promise<string | undefined>; fetched: Promise<boolean> }>(),
  busy: new Map<string, Promise<boolean>>(),
};

/** The entry for `key`, taken out of `map` (each answer started ahead is taken once). */
function taken<T>(map: Map<string, T>, key: string): T | undefined {
  const value = map.get(key);
  map.delete(key);
  return value;
}

function resolutionKey(url: string, ref: string | undefined, git: GitOptions): string {
  return JSON.stringify([url, ref ?? null, git.command ?? null, git.timeoutMs ?? null, git.env ?? null]);
}

function fetchKey(repo: string, options: Omit<FetchCommitOptions, "commit" | "key" | "cacheDir">): string {
  return JSON.stringify([repo, resolutionKey(options.url, options.ref, options.git ?? {})]);
}

/** Options of {@link fetchAhead}: an add's source, ref and path as the user gave them, and where it runs. */
export interface FetchAheadOptions extends SourceRequest {
  /** A relative local path is read against this folder; `~/` against `home`. */
  cwd: string;
  home: string;
  /** roster's cache folder. */
  cacheDir: string;
  /** Where `ROSTER_GIT_TIMEOUT` is read. */
  env: Record<string, string | undefined>;
  /** The git options the add will call git with, when not the environment's ({@link gitOptionsOf}). */
  git?: GitOptions;
}

/**
 * Starts resolving an add's ref and fetching its commit into the cache while the caller gets
 * ready (the CLI starts it before the app's modules are loaded): the add's {@link resolveRef}
 * (same URL, ref and git options) takes the resolution, and its {@link fetchCommit} of the
 * commit it resolved to takes the fetch, each once. The repository is made while the ref
 * resolves. Nothing starts for a source or ref the add will refuse (it says why itself), nor
 * a fetch when the cache cannot be used. Failures wait for the call that takes them; what no
 * call took is stopped when the process exits, so no git is left running.
 */
export function fetchAhead(options: FetchAheadOptions): void {
  let wanted: ReturnType<typeof requestedSource>;
  let git: GitOptions;
  try {
    wanted = requestedSource(options, options);
    git = options.git ?? gitOptionsOf(options.env);
  } catch {
    return;
  }
  const { url, key } = wanted.spec;
  const ref = wanted.ref;
  const controller = new AbortController();
  const stoppable = { ...git, signal: controller.signal };
  process.once("exit", () => controller.abort());
  const quietly = <T>(p: Promise<T>) => {
    p.catch(() => undefined);
    return p;
  };
  const resolved = quietly(resolveRef(url, ref, stoppable));
  ahead.resolutions.set(resolutionKey(url, ref, git), resolved);
  const cache = sourcesCache(options.cacheDir);
  if ("problem" in cache) return;
  const repo = cachedRepo(cache.dir, key);
  // The repository is made while the ref resolves; the fetch waits for both.
  const fetched = quietly(
    inTurn(repo, async () => {
      const fresh = await makeRepo(repo, stoppable);
      const { commit } = await resolved;
      return fetchIntoRepo(
        repo,
        {
          url,
          key,
          commit,
          ...(ref !== undefined ? { ref } : {}),
          cacheDir: options.cacheDir,
          git: stoppable,
        },
        fresh,
      );
    }),
  );
  const commit = resolved.then(
    (r) => r.commit,
    () => undefined,
  );
  ahead.fetches.set(fetchKey(repo, { url, ...(ref !== undefined ? { ref } : {}), git }), { commit, fetched });
}
