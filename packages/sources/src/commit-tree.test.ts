import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FileSystem } from "@roster/core";
import { nodeFileSystem } from "@roster/core/provider-kit";
import { createGitRemote, hermeticGitEnv } from "@roster/testkit";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { readCommitTree } from "./commit-tree.js";
import { SourceError } from "./errors.js";

let root: string;
let env: Record<string, string>;
beforeEach(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), "roster-tree-")));
  env = hermeticGitEnv(join(root, "home"));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** What a layer says of a path: its kind, mode, size and bytes (or the error's code), and where it leads. */
function answer(fs: FileSystem, path: string, base: string) {
  const tryIt = <T>(f: () => T): T | string => {
    try {
      return f();
    } catch (error) {
      return String((error as { code?: string }).code ?? error);
    }
  };
  const kind = (s: import("node:fs").Stats) =>
    `${s.isFile() ? "file" : s.isDirectory() ? "folder" : s.isSymbolicLink() ? "link" : "other"}`;
  return {
    lstat: tryIt(() => {
      const s = fs.lstat(path);
      return `${kind(s)} ${s.isFile() ? `${(s.mode & 0o111) !== 0 ? "x" : "-"} ${s.size}` : ""}`;
    }),
    stat: tryIt(() => kind(fs.stat(path))),
    readdir: tryIt(() =>
      fs
        .readdir(path)
        .map((e) => `${e.name}:${e.isDirectory() ? "d" : e.isFile() ? "f" : e.isSymbolicLink() ? "l" : "?"}`)
        .sort(),
    ),
    bytes: tryIt(() => fs.readFile(path, 16).toString("utf8")),
    realpath: tryIt(() => fs.realpath(path).replace(base, "<root>")),
  };
}

describe("readCommitTree", () => {
  test("answers every path as a checkout of the same commit does: files, modes, folders, links in and out", async () => {
    const remote = createGitRemote(root, "team", {
      "agents/a.md": "agent a",
      "agents/deep/b.md": "agent b",
      "skills/s/SKILL.md": "skill",
      "skills/s/run.sh": "echo hi",
      "big.txt": "x".repeat(40),
      "link-in.md": { symlink: "agents/a.md" },
      "link-folder": { symlink: "skills/s" },
      "link-up": { symlink: "../outside.md" },
      "link-abs": { symlink: "/etc/hostname" },
      "link-broken": { symlink: "nowhere.md" },
      "loop-a": { symlink: "loop-b" },
      "loop-b": { symlink: "loop-a" },
    });
    // An executable bit, as git keeps it.
    const work = join(root, "team.work");
    execFileSync("git", ["update-index", "--chmod=+x", "skills/s/run.sh"], { cwd: work, env });
    execFileSync("git", ["commit", "--quiet", "-m", "x"], { cwd: work, env });
    execFileSync("git", ["push", "--quiet", "origin", "main"], { cwd: work, env });
    const commit = remote.head();

    // The oracle: git's own checkout of the commit, read through node:fs.
    const checkout = join(root, "checkout");
    mkdirSync(checkout);
    execFileSync(
      "git",
      ["--git-dir", remote.dir, "--work-tree", checkout, "checkout", "-f", commit, "--", "."],
      {
        env: { ...env, GIT_INDEX_FILE: join(root, "index") },
      },
    );
    // As roster's checkouts were: a `.git` file at the root, where every walk up stops.
    writeFileSync(join(checkout, ".git"), `gitdir: ${remote.dir}\n`);
    const tree = await readCommitTree({ repo: remote.dir, commit, git: { env } });
    const view = join(root, "view");
    mkdirSync(view);
    const layer = tree.fileSystem(view);

    const paths = [
      "",
      ".git",
      "agents",
      "agents/a.md",
      "agents/deep",
      "agents/deep/b.md",
      "agents/missing.md",
      "agents/a.md/under-a-file",
      "skills/s",
      "skills/s/run.sh",
      "big.txt",
      "link-in.md",
      "link-folder",
      "link-folder/SKILL.md",
      "link-up",
      "link-abs",
      "link-broken",
      "loop-a",
      // Spelled as `resolve` would mend them.
      "agents/./a.md",
      "agents/deep/../a.md",
      "agents/deep/",
      "skills//s/run.sh",
    ];
    for (const path of paths) {
      const got = answer(layer, join(view, path), view);
      const want = answer(nodeFileSystem, join(checkout, path), checkout);
      // A link out of the tree is stat-ed as a checkout's would be, but nothing is read through
      // it (a checkout would read the disk there).
      if (path === "link-up" || path === "link-abs") {
        const unread = { bytes: undefined, readdir: undefined };
        expect({ path, ...got, ...unread }).toEqual({ path, ...want, ...unread });
        expect([got.bytes, got.readdir]).toEqual(["ENOENT", "ENOENT"]);
        continue;
      }
      expect({ path, ...got }).toEqual({ path, ...want });
    }
    // The root holds a `.git` file (a checkout's root would have one): walks up stop there.
    expect(layer.readFile(join(view, ".git")).toString()).toBe(`gitdir: ${remote.dir}\n`);
    // Paths outside the folder are the disk's.
    expect(layer.readdir(root).map((e) => e.name)).toContain("checkout");
  });

  test("a listed file is read in one walk of its path, answered as stat then readFile answer it", async () => {
    const remote = createGitRemote(root, "team", {
      "agents/a.md": "agent a",
      "agents/big.md": "x".repeat(40),
      "link-in.md": { symlink: "agents/a.md" },
      "link-folder": { symlink: "agents" },
      "link-up": { symlink: "../outside.md" },
      "link-broken": { symlink: "nowhere.md" },
      "loop-a": { symlink: "loop-b" },
      "loop-b": { symlink: "loop-a" },
    });
    writeFileSync(join(root, "outside.md"), "outside");
    const tree = await readCommitTree({ repo: remote.dir, commit: remote.head(), git: { env } });
    const view = join(root, "view");
    const layer = tree.fileSystem(view);
    const outcome = <T>(f: () => T): T | string => {
      try {
        return f();
      } catch (error) {
        return `${(error as { code?: string }).code} ${(error as Error).message}`;
      }
    };
    const paths = [
      "agents/a.md",
      "agents/./a.md",
      "agents/big.md",
      "agents",
      "agents/missing.md",
      "agents/a.md/under",
      "link-in.md",
      "link-folder/a.md",
      "link-up",
      "link-broken",
      "loop-a",
      "../outside.md",
    ];
    for (const path of paths) {
      const at = join(view, path);
      const listed = outcome(() => {
        const read = layer.readListed!(at, 16);
        return { bytes: read.bytes.toString("utf8"), size: read.stats.size };
      });
      const apart = outcome(() => {
        const stats = layer.stat(at);
        return { bytes: layer.readFile(at, 16, stats).toString("utf8"), size: stats.size };
      });
      expect({ path, listed }).toEqual({ path, listed: apart });
    }
    expect(layer.readListed!(join(view, "link-in.md"), 16).bytes.toString()).toBe("agent a");
  });

  test("a file past the read-ahead bound is read when asked; an unknown commit is a clear error", async () => {
    const remote = createGitRemote(root, "team", { "huge.bin": Buffer.alloc(9 * 1024 * 1024, 7) });
    const tree = await readCommitTree({ repo: remote.dir, commit: remote.head(), git: { env } });
    const layer = tree.fileSystem(join(root, "view"));
    expect(layer.stat(join(root, "view/huge.bin")).size).toBe(9 * 1024 * 1024);
    expect(() => layer.readFile(join(root, "view/huge.bin"), 1024)).toThrow(/over the 1024-byte limit/);
    expect(
      layer.readFile(join(root, "view/huge.bin"), 10 * 1024 * 1024).equals(Buffer.alloc(9 * 1024 * 1024, 7)),
    ).toBe(true);
    const unknown = await readCommitTree({ repo: remote.dir, commit: "1".repeat(40), git: { env } }).catch(
      (e) => e,
    );
    expect(unknown).toBeInstanceOf(SourceError);
    expect(unknown.code).toBe("source/git-failed");
  });
});
