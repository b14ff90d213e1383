import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { createSandbox, type Sandbox } from "@roster/testkit";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { nodeFileSystem as fs } from "./fs.js";
import { resolvePath, walkFolder } from "./walk-folder.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox("roster-walk-");
});
afterEach(() => sb.cleanup());

const seen = (dir: string, options: Parameters<typeof walkFolder>[2]) =>
  walkFolder(fs, dir, options).entries.map((e) => [e.relativePath, e.kind, e.target ?? e.depth]);

describe("walkFolder", () => {
  test("statuses of the folder itself: missing, not a directory, read", () => {
    sb.write({ "project/file.md": "x" });
    expect(walkFolder(fs, join(sb.project, "nope")).status).toBe("missing");
    expect(walkFolder(fs, join(sb.project, "file.md")).status).toBe("not-a-directory");
    expect(walkFolder(fs, sb.project).status).toBe("read");
  });

  test("each folder's entries in code-unit order, depth first, only as deep as asked", () => {
    sb.write({ "project/b.md": "", "project/B.md": "", "project/a/c.md": "", "project/a/d/e.md": "" });
    expect(seen(sb.project, {})).toEqual([
      ["B.md", "file", 0],
      ["a", "folder", 0],
      ["b.md", "file", 0],
    ]);
    expect(seen(sb.project, { depth: 1 }).map(([rel]) => rel)).toEqual([
      "B.md",
      "a",
      "a/c.md",
      "a/d",
      "b.md",
    ]);
    expect(seen(sb.project, { depth: 8 }).map(([rel]) => rel)).toContain("a/d/e.md");
  });

  test("a dot-folder is listed, entered only with hidden", () => {
    sb.write({ "project/.hid/x.md": "" });
    expect(seen(sb.project, { depth: 2 }).map(([rel]) => rel)).toEqual([".hid"]);
    expect(seen(sb.project, { depth: 2, hidden: true }).map(([rel]) => rel)).toEqual([".hid", ".hid/x.md"]);
  });

  test("links: where each leads is reported (broken, loop, outside root), a followed one never loops", () => {
    sb.write({ "project/in/a.md": "", "home/secret.md": "" });
    symlinkSync(join(sb.project, "nowhere"), join(sb.project, "dangling.md"));
    symlinkSync(join(sb.project, "self.md"), join(sb.project, "self.md"));
    symlinkSync(join(sb.home, "secret.md"), join(sb.project, "out.md"));
    symlinkSync(sb.project, join(sb.project, "in", "up"));
    const options = { depth: 8, links: "follow" as const, root: sb.project };
    expect(seen(sb.project, options)).toEqual([
      ["dangling.md", "link", "broken"],
      ["in", "folder", 0],
      ["in/a.md", "file", 1],
      ["in/up", "link", "loop"],
      ["out.md", "link", "outside-root"],
      ["self.md", "link", "loop"],
    ]);
    // Without a root, the link out is a file like any other; listed, links are not entered.
    expect(seen(sb.project, { depth: 8 }).find(([rel]) => rel === "out.md")).toEqual([
      "out.md",
      "link",
      "file",
    ]);
  });

  test("a folder whose real path leaves root is outside-root; max cuts the walk short", () => {
    mkdirSync(join(sb.home, "elsewhere"));
    symlinkSync(join(sb.home, "elsewhere"), join(sb.project, "linked"));
    expect(walkFolder(fs, join(sb.project, "linked"), { root: sb.project }).status).toBe("outside-root");
    for (const name of ["a", "b", "c"]) writeFileSync(join(sb.project, name), "");
    const cut = walkFolder(fs, sb.project, { max: 2 });
    expect(cut.status).toBe("truncated");
    expect(cut.entries.map((e) => e.relativePath)).toEqual(["a", "b"]);
  });
});

const PATHS = [
  "/",
  "/a",
  "/a/b.md",
  "/a/",
  "//a",
  "/a//b",
  "/a/./b",
  "/a/../b",
  "/a/.",
  "/a/..",
  "/.",
  "/..",
  "/a/.b",
  "/a/..b",
  "/a/b.",
  "/a/b..",
  "a/b",
  "./a",
  "",
];

describe("resolvePath", () => {
  test("answers every path as path.resolve does, normal or not", () => {
    for (const path of PATHS) expect({ path, got: resolvePath(path) }).toEqual({ path, got: resolve(path) });
  });
});
