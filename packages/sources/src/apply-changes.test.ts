import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { applyChanges, type DiskChange } from "./apply-changes.js";

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "roster-apply-"));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** How a write through the linked folder of {@link refusedRun} fails. */
const REFUSED_THROUGH_LINK = /cannot write .*blocked\/link\/x\.md: .*symbolic link.*; nothing was changed$/;

/**
 * A run that must fail: `kept.md` (there, "before") replaced, a file in new folders, `middle`,
 * then a write through a linked folder (`blocked/link` → /etc), which the safe write refuses.
 */
function refusedRun(middle: DiskChange[] = []): () => void {
  writeFileSync(join(root, "kept.md"), "before");
  mkdirSync(join(root, "blocked"));
  symlinkSync("/etc", join(root, "blocked/link"));
  return () =>
    applyChanges([
      { op: "write", root, path: join(root, "kept.md"), content: "after" },
      { op: "write", root, path: join(root, "new/deep/file.md"), content: "new" },
      ...middle,
      { op: "write", root, path: join(root, "blocked/link/x.md"), content: "x" },
    ]);
}

describe("applyChanges", () => {
  test("a failure half-way puts every file and folder back as it was", () => {
    writeFileSync(join(root, "gone.md"), "to remove");
    const run = refusedRun([{ op: "remove", root, path: join(root, "gone.md") }]);
    chmodSync(join(root, "kept.md"), 0o640);
    expect(run).toThrow(REFUSED_THROUGH_LINK);
    expect(readFileSync(join(root, "kept.md"), "utf8")).toBe("before");
    expect(readFileSync(join(root, "gone.md"), "utf8")).toBe("to remove");
    expect(existsSync(join(root, "new"))).toBe(false);
    expect(existsSync("/etc/x.md")).toBe(false);
  });

  test("all changes land when none fails; rmdir removes an emptied folder only", () => {
    mkdirSync(join(root, "skill"));
    writeFileSync(join(root, "skill/SKILL.md"), "s");
    mkdirSync(join(root, "full"));
    writeFileSync(join(root, "full/other"), "o");
    applyChanges([
      { op: "remove", root, path: join(root, "skill/SKILL.md") },
      { op: "rmdir", root, path: join(root, "skill") },
      { op: "rmdir", root, path: join(root, "full") },
      { op: "write", root, path: join(root, "a/b.md"), content: "b" },
    ]);
    expect(existsSync(join(root, "skill"))).toBe(false);
    expect(existsSync(join(root, "full/other"))).toBe(true);
    expect(readFileSync(join(root, "a/b.md"), "utf8")).toBe("b");
  });

  test("a refused write leaves the files before it untouched: they are not written and put back", () => {
    const run = refusedRun();
    const inode = statSync(join(root, "kept.md")).ino;
    expect(run).toThrow(REFUSED_THROUGH_LINK);
    // The same file, never replaced: a write refused before any rename touches nothing.
    expect(statSync(join(root, "kept.md")).ino).toBe(inode);
    expect(readFileSync(join(root, "kept.md"), "utf8")).toBe("before");
    expect(readdirSync(root).sort()).toEqual(["blocked", "kept.md"]);
  });

  test("a failure half-way through the renames puts everything back: no file, temporary or folder left", () => {
    writeFileSync(join(root, "kept.md"), "before");
    chmodSync(join(root, "kept.md"), 0o640);
    expect(() =>
      applyChanges([
        { op: "write", root, path: join(root, "kept.md"), content: "after" },
        { op: "write", root, path: join(root, "late/c.md"), content: "c" },
        { op: "write", root, path: join(root, "new/a.md"), content: "a" },
        // Staged after a.md's temporary, in a folder named a.md: when a.md's turn to be
        // renamed comes (after kept.md and c.md), a folder is in its place.
        { op: "write", root, path: join(root, "new/a.md/b.md"), content: "b" },
      ]),
    ).toThrow(
      /cannot write \S*new\/a\.md: new\/a\.md is in the way: it is not a regular file; nothing was changed$/,
    );
    expect(readFileSync(join(root, "kept.md"), "utf8")).toBe("before");
    expect(statSync(join(root, "kept.md")).mode & 0o777).toBe(0o640);
    expect(readdirSync(root)).toEqual(["kept.md"]);
  });
});
