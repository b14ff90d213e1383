import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { waitFor } from "@roster/testkit";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { makeRepo, type TestRepo } from "../test/repos.js";
import { createCheckouts, GitError, isFetchableUrl, localRepository, resolveRepoSpec } from "./index.js";

let root: string;
let alpha: TestRepo;
let beta: TestRepo;
const commits: Record<string, string> = {};

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "roster-checkout-"));
  alpha = makeRepo(root, "alpha");
  beta = makeRepo(root, "beta");
  commits.a1 = alpha.commit({ "marker.txt": "alpha one" }, { tag: "v1" });
  commits.a2 = alpha.commit({ "marker.txt": "alpha two" });
  commits.b1 = beta.commit({ "marker.txt": "beta one" });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("resolveRepoSpec: --repo URL#REF names one commit, asked of the remote", () => {
  test.each([
    ["", "a2"],
    ["#main", "a2"],
    ["#v1", "a1"],
    ["#HEAD", "a2"],
  ])("alpha%s is commit %s", async (ref, name) => {
    expect(await resolveRepoSpec(`${alpha.url}${ref}`, { cwd: root })).toEqual({
      url: alpha.url,
      commit: commits[name],
      label: "alpha",
    });
  });

  test("a full commit id is taken as it is; an unknown ref or bad ref name is an error", async () => {
    expect((await resolveRepoSpec(`${alpha.url}#${commits.a1}`, { cwd: root })).commit).toBe(commits.a1);
    await expect(resolveRepoSpec(`${alpha.url}#nope`, { cwd: root })).rejects.toThrow(
      /has no branch or tag "nope"/,
    );
    await expect(resolveRepoSpec(`${alpha.url}#-x`, { cwd: root })).rejects.toThrow(/is not a ref name/);
    await expect(resolveRepoSpec(`${join(root, "missing.git")}#main`, { cwd: root })).rejects.toThrow(
      GitError,
    );
  });
});

describe("localRepository: where a plain run --queue runs", () => {
  test("the clone's remote as a URL, its commit, and whether it is dirty or unpushed", async () => {
    const here = await localRepository(join(alpha.clone));
    expect(here).toMatchObject({
      repo: { url: `file://${alpha.bare}`, commit: commits.a2, label: "alpha" },
      remote: "origin",
      dirty: false,
      unpushed: false,
    });
    alpha.commit({ "local.txt": "not pushed" }, { push: false });
    expect(await localRepository(alpha.clone)).toMatchObject({ unpushed: true });
    await expect(localRepository(root)).rejects.toThrow(/is not in a git repository/);
  });
});

describe("a worker's checkouts: a cached clone per repository, a worktree per job", () => {
  test("each job sees its repository at its commit; the worktree goes afterwards", async () => {
    const workdir = join(root, "work");
    const checkouts = createCheckouts({ workdir });
    const one = await checkouts.prepare({ url: alpha.url, commit: commits.a1!, label: "alpha" });
    const two = await checkouts.prepare({ url: alpha.url, commit: commits.a2!, label: "alpha" });
    const other = await checkouts.prepare({ url: beta.url, commit: commits.b1!, label: "beta" });
    expect([one, two, other].map((c) => readFileSync(join(c.dir, "marker.txt"), "utf8"))).toEqual([
      "alpha one",
      "alpha two",
      "beta one",
    ]);
    // One clone per repository, however many jobs.
    expect(readdirSync(join(workdir, "repos"))).toHaveLength(2);
    for (const c of [one, two, other]) await c.remove();
    await checkouts.close();
    expect(readdirSync(join(workdir, "jobs"))).toEqual([]);
    for (const clone of readdirSync(join(workdir, "repos")))
      expect(readdirSync(join(workdir, "repos", clone, "worktrees"))).toEqual([]);
  });

  test("from a commit's second job on, the next job of that commit gets a worktree made beforehand", async () => {
    const workdir = join(root, "work-spare");
    const checkouts = createCheckouts({ workdir });
    const repo = { url: alpha.url, commit: commits.a1!, label: "alpha" };
    const first = await checkouts.prepare(repo);
    first.spare();
    await first.remove();
    // One job of a commit leaves no spare behind.
    expect(readdirSync(join(workdir, "jobs"))).toEqual([]);
    const second = await checkouts.prepare(repo);
    second.spare();
    await second.remove();
    await waitFor(() => readdirSync(join(workdir, "jobs")).length === 1, "the spare made");
    const [spare] = readdirSync(join(workdir, "jobs"));
    const third = await checkouts.prepare(repo);
    expect(third.dir).toBe(join(workdir, "jobs", spare!));
    expect(readFileSync(join(third.dir, "marker.txt"), "utf8")).toBe("alpha one");
    await third.remove();
    await checkouts.close();
    expect(readdirSync(join(workdir, "jobs"))).toEqual([]);
  });

  test("a commit pushed after the clone was made is fetched; one that is nowhere is an error", async () => {
    const checkouts = createCheckouts({ workdir: join(root, "work2") });
    await (await checkouts.prepare({ url: beta.url, commit: commits.b1!, label: "beta" })).remove();
    const b2 = beta.commit({ "marker.txt": "beta two" });
    const later = await checkouts.prepare({ url: beta.url, commit: b2, label: "beta" });
    expect(readFileSync(join(later.dir, "marker.txt"), "utf8")).toBe("beta two");
    await later.remove();
    expect(existsSync(later.dir)).toBe(false);
    await expect(checkouts.prepare({ url: beta.url, commit: "f".repeat(40), label: "beta" })).rejects.toThrow(
      /commit f{40} is not in .*beta\.git \(was it pushed\?\)/,
    );
  });

  test("a URL git would run a command for is refused before git sees it", async () => {
    const checkouts = createCheckouts({ workdir: join(root, "work3") });
    for (const url of ["ext::sh -c touch% /tmp/pwned", "-uhack", "fd::17"]) {
      expect(isFetchableUrl(url)).toBe(false);
      await expect(checkouts.prepare({ url, commit: commits.a1!, label: "x" })).rejects.toThrow(
        /is not a URL a worker fetches/,
      );
    }
    expect(
      ["https://github.com/a/b", "git@github.com:a/b.git", "ssh://git@host/x", "file:///srv/x.git"].map(
        isFetchableUrl,
      ),
    ).toEqual([true, true, true, true]);
  });
});
