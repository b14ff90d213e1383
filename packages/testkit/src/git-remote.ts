// A git remote for tests: a bare repository on disk, served by file://, and a work folder
// that pushes new commits to it. git runs with no user or system config, so a developer's
// own settings never change a test; nothing reaches the network.
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";

/** The environment every git of a test runs in: no global or system config, a fixed author. */
export function hermeticGitEnv(home: string): Record<string, string> {
  return {
    PATH: process.env.PATH ?? "",
    HOME: home,
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_CONFIG_GLOBAL: "/dev/null",
    GIT_AUTHOR_NAME: "Test",
    GIT_AUTHOR_EMAIL: "test@example.com",
    GIT_COMMITTER_NAME: "Test",
    GIT_COMMITTER_EMAIL: "test@example.com",
    GIT_AUTHOR_DATE: "2026-01-01T00:00:00Z",
    GIT_COMMITTER_DATE: "2026-01-01T00:00:00Z",
  };
}

/** A bare repository and the work folder that pushes to it. */
export interface GitRemote {
  /** The bare repository's folder. */
  dir: string;
  /** Its `file://` URL. */
  url: string;
  /** Writes `tree` into the work folder (`null` content removes a path), commits and pushes; returns the commit. */
  push(tree: Record<string, string | Buffer | { symlink: string } | null>, message?: string): string;
  /** Creates (or moves) a tag at the current commit and pushes it. */
  tag(name: string): void;
  /** The commit a branch or tag names in the remote. */
  head(ref?: string): string;
}

/** Makes a bare repository `<root>/<name>.git` with branch `main` and pushes `tree` as its first commit (unless empty). */
export function createGitRemote(
  root: string,
  name: string,
  tree?: Record<string, string | Buffer | { symlink: string } | null>,
): GitRemote {
  const env = hermeticGitEnv(join(root, `${name}.git-home`));
  mkdirSync(env.HOME!, { recursive: true });
  const dir = join(root, `${name}.git`);
  const work = join(root, `${name}.work`);
  const git = (cwd: string, ...args: string[]) =>
    execFileSync("git", args, { cwd, env, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim();
  mkdirSync(dir, { recursive: true });
  git(dir, "init", "--quiet", "--bare", "--initial-branch=main");
  mkdirSync(work, { recursive: true });
  git(work, "init", "--quiet", "--initial-branch=main");
  git(work, "remote", "add", "origin", dir);
  let count = 0;
  const remote: GitRemote = {
    dir,
    url: pathToFileURL(dir).href,
    push(next, message) {
      for (const [path, content] of Object.entries(next)) {
        const at = join(work, path);
        rmSync(at, { recursive: true, force: true });
        if (content === null) continue;
        mkdirSync(dirname(at), { recursive: true });
        if (typeof content === "object" && !Buffer.isBuffer(content)) symlinkSync(content.symlink, at);
        else writeFileSync(at, content);
      }
      git(work, "add", "--all");
      count += 1;
      git(
        work,
        "commit",
        "--quiet",
        "--allow-empty",
        "-m",
        message ?? `commit ${count}`,
        "--date",
        `2026-01-01T00:00:${String(count % 60).padStart(2, "0")}Z`,
      );
      git(work, "push", "--quiet", "--force", "origin", "HEAD:main");
      return git(work, "rev-parse", "HEAD");
    },
    tag(tagName) {
      git(work, "tag", "--force", tagName);
      git(work, "push", "--quiet", "--force", "origin", `refs/tags/${tagName}`);
    },
    head(ref = "main") {
      return git(dir, "rev-parse", `${ref}^{commit}`);
    },
  };
  if (tree) remote.push(tree);
  return remote;
}
