import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { createGitRemote, hermeticGitEnv } from "@roster/testkit";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { SourceError } from "./errors.js";
import { fetchAhead, fetchCommit, resolveRef, sourcesCache } from "./fetch-commit.js";
import { runGit } from "./git.js";
import { parseSourceSpec } from "./source-spec.js";

let root: string;
let git: { env: Record<string, string> };
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "roster-fetch-"));
  git = { env: hermeticGitEnv(join(root, "home")) };
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const code = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (error) {
    return error instanceof SourceError ? error.code : String(error);
  }
  return "resolved";
};

describe("resolveRef", () => {
  test("a branch, a tag (peeled), the default branch; an unknown ref and an empty remote say so", async () => {
    const remote = createGitRemote(root, "team", { "agents/a.md": "a" });
    remote.tag("v1");
    const first = remote.head();
    const second = remote.push({ "agents/b.md": "b" });
    expect(await resolveRef(remote.url, "main", git)).toEqual({ commit: second });
    expect(await resolveRef(remote.url, "v1", git)).toEqual({ commit: first });
    expect(await resolveRef(remote.url, undefined, git)).toEqual({ commit: second, branch: "main" });
    expect(await resolveRef(remote.url, first, git)).toEqual({ commit: first });
    expect(await code(resolveRef(remote.url, "nope", git))).toBe("source/no-ref");
    expect(await code(resolveRef(join(root, "missing.git"), undefined, git))).toBe("source/unreachable");
    const empty = createGitRemote(root, "empty");
    expect(await code(resolveRef(empty.url, undefined, git))).toBe("source/empty");
  });

  test("a missing git is one clear error, and a call that hangs is stopped at its timeout", async () => {
    const missing = await resolveRef("file:///x", "main", { command: join(root, "no-git") }).catch((e) => e);
    expect(missing).toBeInstanceOf(SourceError);
    expect(missing.code).toBe("source/git-missing");
    expect(missing.message).toMatch(/install git/);
    const slow = join(root, "slow-git");
    writeFileSync(slow, "#!/bin/sh\nsleep 30\n");
    chmodSync(slow, 0o755);
    // Without the timeout the test itself would time out (sleep 30).
    expect(await code(runGit(["ls-remote"], { command: slow, timeoutMs: 300 }))).toBe("source/timeout");
  });
});

describe("fetchCommit", () => {
  test("fetches one commit into the cache, checks nothing out; the second time nothing is fetched", async () => {
    const remote = createGitRemote(root, "team", { "agents/a.md": "first" });
    const second = remote.push({ "agents/a.md": "second", "skills/s/SKILL.md": "skill" });
    const cacheDir = join(root, "cache");
    const options = { url: remote.url, key: "k", commit: second, cacheDir, git };
    const one = await fetchCommit(options);
    expect(one.fetched).toBe(true);
    expect(one.fs.readFile(join(one.dir, "agents/a.md")).toString()).toBe("second");
    expect(one.fs.lstat(join(one.dir, ".git")).isFile()).toBe(true);
    // The files are read from the repository: nothing of the source is on the disk.
    expect(readdirSync(one.dir)).toEqual([]);
    // A repository made without git's template: no sample hooks, no description.
    const [made] = readdirSync(join(cacheDir, "sources"));
    expect(readdirSync(join(cacheDir, "sources", made!, "repo.git")).sort()).not.toContain("hooks");
    one.dispose();
    expect(existsSync(one.dir)).toBe(false);
    // With the remote gone, the cache's repository answers alone.
    rmSync(remote.dir, { recursive: true, force: true });
    const two = await fetchCommit(options);
    expect(two.fetched).toBe(false);
    expect(two.fs.readFile(join(two.dir, "skills/s/SKILL.md")).toString()).toBe("skill");
    two.dispose();
  });

  test("checkouts an older roster kept in the cache are removed", async () => {
    const remote = createGitRemote(root, "team", { "a.md": "1" });
    const cacheDir = join(root, "cache");
    const tree = await fetchCommit({ url: remote.url, key: "k", commit: remote.head(), cacheDir, git });
    tree.dispose();
    const [home] = readdirSync(join(cacheDir, "sources"));
    const old = join(cacheDir, "sources", home!, "trees", remote.head());
    mkdirSync(old, { recursive: true });
    writeFileSync(join(old, "a.md"), "1");
    (await fetchCommit({ url: remote.url, key: "k", commit: remote.head(), cacheDir, git })).dispose();
    expect(existsSync(join(cacheDir, "sources", home!, "trees"))).toBe(false);
  });

  test("an older commit (not the tip) is fetched by its id; a commit the remote lacks says run update", async () => {
    const remote = createGitRemote(root, "team", { "a.md": "1" });
    const first = remote.head();
    remote.push({ "a.md": "2" });
    const cacheDir = join(root, "cache");
    const tree = await fetchCommit({ url: remote.url, key: "k", commit: first, cacheDir, git });
    expect(tree.fs.readFile(join(tree.dir, "a.md")).toString()).toBe("1");
    const gone = await fetchCommit({
      url: remote.url,
      key: "k2",
      commit: "0".repeat(40),
      ref: "main",
      cacheDir,
      git,
    }).catch((e) => e);
    expect(gone.code).toBe("source/no-commit");
    expect(gone.message).toMatch(/roster update/);
  });

  test("a cache folder others can write is not used: a temporary repository, and a note", async () => {
    const remote = createGitRemote(root, "team", { "a.md": "1" });
    const cacheDir = join(root, "shared-cache");
    mkdirSync(cacheDir, { mode: 0o777 });
    chmodSync(cacheDir, 0o777);
    expect(sourcesCache(cacheDir)).toEqual({ problem: `others can write in ${cacheDir}` });
    const tree = await fetchCommit({ url: remote.url, key: "k", commit: remote.head(), cacheDir, git });
    expect(tree.note).toMatch(/others can write/);
    expect(tree.dir.startsWith(cacheDir)).toBe(false);
    expect(tree.fs.readFile(join(tree.dir, "a.md")).toString()).toBe("1");
    expect(readdirSync(join(cacheDir, "sources"))).toEqual([]);
    tree.dispose();
    expect(existsSync(tree.dir)).toBe(false);
  });
});

describe("fetchAhead", () => {
  /** A git that notes each call's first word (after roster's `-c` and `--git-dir`), then runs the real one. */
  function countingGit(): { command: string; calls: () => string[] } {
    const log = join(root, "git-calls.log");
    const command = join(root, "counting-git");
    writeFileSync(
      command,
      `#!/bin/sh\nfor a in "$@"; do case "$a" in -c|protocol.*|--git-dir|/*) ;; *) echo "$a" >> "${log}"; break;; esac; done\nexec git "$@"\n`,
    );
    chmodSync(command, 0o755);
    return {
      command,
      calls: () => (existsSync(log) ? readFileSync(log, "utf8").trim().split("\n") : []),
    };
  }
  const places = () => ({ cwd: root, home: join(root, "home"), cacheDir: join(root, "cache"), env: {} });

  test("the add's resolution and fetch are taken from what was started ahead: git runs once for each", async () => {
    const remote = createGitRemote(root, "team", { "agents/a.md": "first" });
    const second = remote.push({ "agents/a.md": "second" });
    const counting = countingGit();
    const withGit = { ...git, command: counting.command };
    fetchAhead({ source: remote.url, ...places(), git: withGit });
    const resolved = await resolveRef(remote.url, undefined, withGit);
    expect(resolved).toEqual({ commit: second, branch: "main" });
    const key = parseSourceSpec(remote.url, places()).key;
    const tree = await fetchCommit({
      url: remote.url,
      key,
      commit: second,
      cacheDir: join(root, "cache"),
      git: withGit,
    });
    expect(tree.fetched).toBe(true);
    expect(tree.fs.readFile(join(tree.dir, "agents/a.md")).toString()).toBe("second");
    tree.dispose();
    expect(counting.calls().filter((c) => c === "ls-remote" || c === "fetch" || c === "init")).toEqual(
      expect.arrayContaining(["ls-remote", "init", "fetch"]),
    );
    expect(counting.calls().filter((c) => c === "ls-remote" || c === "fetch" || c === "init")).toHaveLength(
      3,
    );
    // Taken once: the next resolution asks the remote again.
    await resolveRef(remote.url, undefined, withGit);
    expect(counting.calls().filter((c) => c === "ls-remote")).toHaveLength(2);
  });

  test("a fetch of another commit waits for the one started ahead, in the same repository, and gets its own", async () => {
    const remote = createGitRemote(root, "team", { "a.md": "1" });
    const first = remote.head();
    remote.push({ "a.md": "2" });
    // A git whose fetches take a while and say when they start and end.
    const log = join(root, "fetches.log");
    const slow = join(root, "slow-fetch-git");
    writeFileSync(
      slow,
      `#!/bin/sh\ncase " $* " in *" fetch "*) echo start >> "${log}"; sleep 0.3; git "$@"; s=$?; echo end >> "${log}"; exit $s;; esac\nexec git "$@"\n`,
    );
    chmodSync(slow, 0o755);
    const withGit = { ...git, command: slow };
    fetchAhead({ source: remote.url, ...places(), git: withGit });
    const key = parseSourceSpec(remote.url, places()).key;
    const cacheDir = join(root, "cache");
    const tree = await fetchCommit({ url: remote.url, key, commit: first, cacheDir, git: withGit });
    expect(tree.fs.readFile(join(tree.dir, "a.md")).toString()).toBe("1");
    tree.dispose();
    // One fetch after the other, never two at once in one repository.
    expect(readFileSync(log, "utf8").trim().split("\n")).toEqual(["start", "end", "start", "end"]);
  });

  test("a failure started ahead is the add's own (said once, by the call that takes it); a refused source starts nothing", async () => {
    const counting = countingGit();
    const withGit = { ...git, command: counting.command };
    const missing = pathToFileURL(join(root, "missing.git")).href;
    fetchAhead({ source: missing, ...places(), git: withGit });
    expect(await code(resolveRef(missing, undefined, withGit))).toBe("source/unreachable");
    expect(counting.calls().filter((c) => c === "ls-remote")).toHaveLength(1);
    fetchAhead({ source: "-oops", ...places(), git: withGit });
    fetchAhead({ source: "acme/agents#bad..ref", ...places(), git: withGit });
    fetchAhead({ source: "acme/agents#v1", ref: "v2", ...places(), git: withGit });
    await new Promise((r) => setTimeout(r, 100));
    expect(counting.calls().filter((c) => c === "ls-remote")).toHaveLength(1);
  });
});
