import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { findProjectConfig, projectConfigDirs, userConfigDir } from "./config-places.js";

let root: string;
beforeEach(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), "roster-places-")));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));
const at = (...parts: string[]) => join(root, ...parts);
const dirs = (...parts: string[]) => mkdirSync(at(...parts), { recursive: true });

describe("projectConfigDirs: the folders probed, nearest first", () => {
  it("stops at the git root (included)", () => {
    dirs("repo/.git");
    dirs("repo/a/b");
    expect(projectConfigDirs(at("repo/a/b"), at("home"))).toEqual([at("repo/a/b"), at("repo/a"), at("repo")]);
  });

  it("a .git file (a worktree) marks the root too", () => {
    dirs("wt/src");
    writeFileSync(at("wt/.git"), "gitdir: elsewhere\n");
    expect(projectConfigDirs(at("wt/src"), at("home"))).toEqual([at("wt/src"), at("wt")]);
  });

  it("stops below home when home comes first, and probes nothing in home itself", () => {
    dirs("home/p/q");
    dirs(".git");
    expect(projectConfigDirs(at("home/p/q"), at("home"))).toEqual([at("home/p/q"), at("home/p")]);
    expect(projectConfigDirs(at("home"), at("home"))).toEqual([]);
  });

  it("home given through a symlink is still home", () => {
    dirs("real-home/p");
    symlinkSync(at("real-home"), at("home-link"));
    expect(projectConfigDirs(at("real-home/p"), at("home-link"))).toEqual([at("real-home/p")]);
  });

  it("with neither a git root nor home on the way: the cwd alone", () => {
    dirs("loose/x");
    expect(projectConfigDirs(at("loose/x"), at("home"))).toEqual([at("loose/x")]);
  });
});

describe("findProjectConfig", () => {
  it("takes roster.config.json before roster.config.mjs in one folder, nearer folders first", () => {
    dirs("repo/.git");
    dirs("repo/sub");
    writeFileSync(at("repo/roster.config.mjs"), "export default {};\n");
    writeFileSync(at("repo/roster.config.json"), "{}\n");
    expect(findProjectConfig(at("repo/sub"), at("home"))).toEqual({
      file: at("repo/roster.config.json"),
      dir: at("repo"),
      ignored: [at("repo/roster.config.mjs")],
    });
    writeFileSync(at("repo/sub/roster.config.mjs"), "export default {};\n");
    expect(findProjectConfig(at("repo/sub"), at("home"))?.file).toBe(at("repo/sub/roster.config.mjs"));
  });
});

describe("userConfigDir", () => {
  it("is $XDG_CONFIG_HOME/roster when absolute, else <home>/.config/roster", () => {
    expect(userConfigDir({ home: "/h", env: {} })).toBe("/h/.config/roster");
    expect(userConfigDir({ home: "/h", env: { XDG_CONFIG_HOME: "/x" } })).toBe("/x/roster");
    expect(userConfigDir({ home: "/h", env: { XDG_CONFIG_HOME: "relative" } })).toBe("/h/.config/roster");
  });
});
