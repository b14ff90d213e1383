import { join } from "node:path";
import { createSandbox } from "@roster/testkit";
import { expect, test } from "vitest";
import { walkToGitRoot } from "./ancestors.js";
import { nodeFileSystem } from "./fs.js";

test("walkToGitRoot: nearest first up to the folder holding .git (a worktree's file too), or to a stop", () => {
  const sb = createSandbox("roster-git-root-");
  try {
    sb.write({
      "repo/.git/HEAD": "ref",
      "repo/a/b/.keep": "",
      "wt/.git": "gitdir: ../repo/.git",
      "wt/c/.keep": "",
    });
    const b = join(sb.root, "repo/a/b");
    expect(walkToGitRoot(b, nodeFileSystem)).toEqual({
      dirs: [b, join(sb.root, "repo/a"), join(sb.root, "repo")],
      root: join(sb.root, "repo"),
      stopped: false,
    });
    expect(walkToGitRoot(join(sb.root, "wt/c"), nodeFileSystem).root).toBe(join(sb.root, "wt"));
    const stop = (dir: string) => dir === join(sb.root, "repo/a");
    expect(walkToGitRoot(b, nodeFileSystem, stop)).toEqual({ dirs: [b], stopped: true });
    expect(walkToGitRoot(sb.project, nodeFileSystem).root).toBeUndefined();
  } finally {
    sb.cleanup();
  }
});
