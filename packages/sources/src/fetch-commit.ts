// Resolving a ref and fetching one commit: `git ls-remote` says which commit a ref names;
// a shallow fetch of exactly that commit goes into a bare repository in roster's cache folder
// (`<cache>/sources/<hash of the source>/repo.git`), and its files are checked out once into
// `trees/<commit>/`. A commit already there is used without any git call, so `install` of an
// unchanged lock fetches nothing.
import { createHash, randomBytes } from "node:crypto";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SourceError } from "./errors.js";
import { gitReason, runGit } from "./git.js";
import type { GitOptions } from "./types.js";

/** A full commit id. */
const COMMIT = /^[0-9a-f]{40}$/;
/** How many checked-out commits of one source the cache keeps (the newest by use). */
const TREES_KEPT = 4;

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
  /** The folder holding the commit's files (and a `.git` file: the repository's root for every walk up). */
  dir: string;
  /** Whether git was called (false: the cache had the commit). */
  fetched: boolean;
  /** Why the cache was not used, when it was not (one line for the user). */
  note?: string;
  /** Removes a temporary checkout (nothing for a cached one). */
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
 * The files of one commit of a source, from the cache when it has them, else fetched (shallow,
 * that commit alone) and checked out. Rejects with `source/no-commit` when the remote does not
 * have the commit, `source/unreachable` when it cannot be read.
 */
export async function fetchCommit(options: FetchCommitOptions): Promise<FetchedTree> {
  const cache = sourcesCache(options.cacheDir);
  if ("problem" in cache) {
    // Nothing is read from or stored in a folder others could change: a temporary one instead.
    const scratch = fs.mkdtempSync(join(tmpdir(), "roster-source-"));
    try {
      const dir = await checkoutInto(scratch, options);
      return {
        dir,
        fetched: true,
        note: `the cache was not used (${cache.problem})`,
        dispose: () => fs.rmSync(scratch, { recursive: true, force: true }),
      };
    } catch (error) {
      fs.rmSync(scratch, { recursive: true, force: true });
      throw error;
    }
  }
  const home = join(cache.dir, createHash("sha256").update(options.key).digest("hex").slice(0, 24));
  const tree = join(home, "trees", options.commit);
  const done = `${tree}.ok`;
  if (fs.existsSync(done) && fs.existsSync(tree)) {
    touch(done);
    return { dir: tree, fetched: false, dispose: () => undefined };
  }
  fs.mkdirSync(join(home, "trees"), { recursive: true, mode: 0o700 });
  const dir = await checkoutInto(home, options);
  prune(join(home, "trees"), options.commit);
  return { dir, fetched: true, dispose: () => undefined };
}

function touch(path: string): void {
  const now = new Date();
  try {
    fs.utimesSync(path, now, now);
  } catch {
    // Only the pruning order depends on it.
  }
}

/** Fetches the commit into `<home>/repo.git` and checks it out into `<home>/trees/<commit>`. */
async function checkoutInto(home: string, options: FetchCommitOptions): Promise<string> {
  const { url, commit } = options;
  const git = options.git ?? {};
  const repo = join(home, "repo.git");
  const fresh = !fs.existsSync(join(repo, "HEAD"));
  if (fresh) {
    const init = await runGit(["init", "--quiet", "--bare", repo], git);
    if (init.code !== 0)
      throw new SourceError(
        "source/git-failed",
        `cannot make a repository in ${repo}: ${gitReason(init.stderr)}`,
      );
  }
  const inRepo = (args: string[], extraEnv?: Record<string, string>) =>
    runGit(["--git-dir", repo, ...args], { ...git, ...(extraEnv ? { extraEnv } : {}) });
  const has = async () => (await inRepo(["cat-file", "-e", `${commit}^{commit}`])).code === 0;
  // A repository just made has nothing: no need to ask it.
  if (fresh || !(await has())) {
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
  }
  const tree = join(home, "trees", commit);
  const stage = `${tree}.tmp-${randomBytes(6).toString("hex")}`;
  const index = `${stage}.index`;
  fs.mkdirSync(stage, { recursive: true, mode: 0o700 });
  try {
    // Its files into the stage, through an index of its own (the repository's HEAD stays).
    const step = await inRepo(["--work-tree", stage, "checkout", "--force", commit, "--", "."], {
      GIT_INDEX_FILE: index,
    });
    if (step.code !== 0)
      throw new SourceError(
        "source/git-failed",
        `cannot check out commit ${commit.slice(0, 12)} of ${url}: ${gitReason(step.stderr)}`,
      );
    // The checkout's root is a repository's root for every walk up (discovery stops here).
    fs.writeFileSync(join(stage, ".git"), `gitdir: ${repo}\n`);
    try {
      fs.renameSync(stage, tree);
    } catch (error) {
      // Another roster checked the same commit out meanwhile: its copy is the same.
      if (!fs.existsSync(`${tree}.ok`)) throw error;
      fs.rmSync(stage, { recursive: true, force: true });
    }
    fs.writeFileSync(`${tree}.ok`, `${commit}\n`);
  } finally {
    fs.rmSync(index, { force: true });
    if (fs.existsSync(stage)) fs.rmSync(stage, { recursive: true, force: true });
  }
  return tree;
}

/** The remote refused to send that commit (not reachability: the commit or ref is not there). */
function refused(stderr: string): boolean {
  return /not our ref|couldn't find remote ref|no such remote ref|unadvertised object|did not send all necessary objects|remote error: .*(not found|invalid)/i.test(
    stderr,
  );
}

/** Keeps the {@link TREES_KEPT} most recently used checkouts of a source (and `keep`). */
function prune(trees: string, keep: string): void {
  let marks: Array<{ commit: string; used: number }>;
  try {
    marks = fs
      .readdirSync(trees)
      .filter((name) => name.endsWith(".ok"))
      .map((name) => ({ commit: name.slice(0, -3), used: fs.statSync(join(trees, name)).mtimeMs }));
  } catch {
    return;
  }
  marks.sort((a, b) => b.used - a.used);
  for (const { commit } of marks.slice(TREES_KEPT)) {
    if (commit === keep || !COMMIT.test(commit)) continue;
    fs.rmSync(join(trees, `${commit}.ok`), { force: true });
    fs.rmSync(join(trees, commit), { recursive: true, force: true });
  }
}
