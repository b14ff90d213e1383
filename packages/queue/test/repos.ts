// Bare git repositories on file:// for checkout tests: never the network.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";

const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", args, {
    cwd,
    encoding: "utf8",
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: "t",
      GIT_AUTHOR_EMAIL: "t@t",
      GIT_COMMITTER_NAME: "t",
      GIT_COMMITTER_EMAIL: "t@t",
      GIT_CONFIG_GLOBAL: "/dev/null",
      GIT_CONFIG_NOSYSTEM: "1",
    },
  }).trim();

/** A bare repository `<root>/<name>.git` and a clone to commit from. */
export interface TestRepo {
  url: string;
  bare: string;
  clone: string;
  /** Writes files, commits and pushes them; returns the commit. */
  commit(files: Record<string, string>, options?: { tag?: string; push?: boolean }): string;
}

/** Makes `<root>/<name>.git` (bare, branch main) and `<root>/<name>` (its clone). */
export function makeRepo(root: string, name: string): TestRepo {
  const bare = join(root, `${name}.git`);
  const clone = join(root, name);
  mkdirSync(bare, { recursive: true });
  git(bare, "init", "--quiet", "--bare", "--initial-branch=main");
  mkdirSync(clone, { recursive: true });
  git(clone, "init", "--quiet", "--initial-branch=main");
  git(clone, "remote", "add", "origin", bare);
  return {
    url: pathToFileURL(bare).href,
    bare,
    clone,
    commit(files, options = {}) {
      for (const [path, text] of Object.entries(files)) {
        mkdirSync(dirname(join(clone, path)), { recursive: true });
        writeFileSync(join(clone, path), text);
      }
      git(clone, "add", "-A");
      git(clone, "commit", "--quiet", "-m", Object.keys(files).join(" "));
      if (options.tag) git(clone, "tag", options.tag);
      if (options.push !== false) git(clone, "push", "--quiet", "origin", "main", "--tags");
      return git(clone, "rev-parse", "HEAD");
    },
  };
}
