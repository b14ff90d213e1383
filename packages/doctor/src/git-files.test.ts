import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { createSandbox, hermeticGitEnv, type Sandbox } from "@roster/testkit";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { gitFiles } from "./git-files.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox("git-files-");
});
afterEach(() => sb.cleanup());

describe("gitFiles", () => {
  test("the work tree's top folder, and which files git tracks or would add (ignored ones neither)", () => {
    const env = hermeticGitEnv(sb.home);
    sb.write({
      "project/.gitignore": "ignored.md\n",
      "project/agents/tracked.md": "t",
      "project/agents/new.md": "n",
      "project/agents/ignored.md": "i",
    });
    const git = (...args: string[]) => execFileSync("git", args, { cwd: sb.project, env, stdio: "ignore" });
    git("init", "-q");
    git("add", "agents/tracked.md");
    const files = ["tracked.md", "new.md", "ignored.md"].map((n) => join(sb.project, "agents", n));
    const found = gitFiles({ cwd: join(sb.project, "agents"), files, env });
    expect(found?.root).toBe(sb.project);
    expect([...(found?.tracked ?? [])]).toEqual([files[0]]);
    expect([...(found?.untracked ?? [])]).toEqual([files[1]]);
  });

  test("undefined outside a work tree", () => {
    expect(
      gitFiles({ cwd: sb.home, files: [join(sb.home, "a.md")], env: hermeticGitEnv(sb.home) }),
    ).toBeUndefined();
  });
});
