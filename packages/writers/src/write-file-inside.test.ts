import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  removeFileInside,
  stageWrites,
  WriteRefusedError,
  writeFileInside,
  writePathProblem,
} from "./write-file-inside.js";

let dir: string;
let root: string;
let outside: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "roster-write-"));
  root = join(dir, "project");
  outside = join(dir, "outside");
  mkdirSync(root);
  mkdirSync(outside);
  writeFileSync(join(outside, "bashrc"), "keep\n");
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function refusal(run: () => void): WriteRefusedError {
  try {
    run();
  } catch (error) {
    if (error instanceof WriteRefusedError) return error;
    throw error;
  }
  throw new Error("expected the write to be refused");
}

describe("writeFileInside", () => {
  it("creates the folders on the way and writes the file, leaving no temporary", () => {
    const file = join(root, ".codex", "agents", "x.toml");
    writeFileInside({ root, filePath: file, content: ["a", Buffer.from("b")] });
    expect(readFileSync(file, "utf8")).toBe("ab");
    expect(readdirSync(join(root, ".codex", "agents"))).toEqual(["x.toml"]);
  });

  it("refuses a linked file: the file it points to is untouched", () => {
    const file = join(root, ".roster-sync.json");
    symlinkSync(join(outside, "bashrc"), file);
    const error = refusal(() => writeFileInside({ root, filePath: file, content: "{}" }));
    expect(error.code).toBe("write/symlink");
    expect(error.message).toBe(".roster-sync.json is a symbolic link; roster never writes through one");
    expect(readFileSync(join(outside, "bashrc"), "utf8")).toBe("keep\n");
  });

  it("refuses a link at any folder below the root, not only the last two", () => {
    mkdirSync(join(root, ".opencode", "agents"), { recursive: true });
    symlinkSync(outside, join(root, ".opencode", "agents", "x"));
    const file = join(root, ".opencode", "agents", "x", "y", "evil.md");
    const error = refusal(() => writeFileInside({ root, filePath: file, content: "owned" }));
    expect(error.code).toBe("write/symlink");
    expect(error.path).toBe(join(root, ".opencode", "agents", "x"));
    expect(readdirSync(outside)).toEqual(["bashrc"]);
  });

  it("follows the root itself: the user chose it", () => {
    const linkedRoot = join(dir, "linked");
    symlinkSync(root, linkedRoot);
    writeFileInside({ root: linkedRoot, filePath: join(linkedRoot, "a", "b.md"), content: "ok" });
    expect(readFileSync(join(root, "a", "b.md"), "utf8")).toBe("ok");
  });

  it("refuses a path outside the root, a folder where the file goes and a file where a folder goes", () => {
    expect(refusal(() => writeFileInside({ root, filePath: join(outside, "x"), content: "" })).code).toBe(
      "write/outside",
    );
    mkdirSync(join(root, "x.md"));
    expect(refusal(() => writeFileInside({ root, filePath: join(root, "x.md"), content: "" })).code).toBe(
      "write/not-a-file",
    );
    writeFileSync(join(root, "file"), "");
    expect(
      refusal(() => writeFileInside({ root, filePath: join(root, "file", "y.md"), content: "" })).code,
    ).toBe("write/not-a-file");
  });

  it("refuses a component over 255 bytes before touching the disk", () => {
    const file = join(root, "agents", `${"a".repeat(256)}.md`);
    expect(writePathProblem(root, file)?.code).toBe("write/name-too-long");
    expect(refusal(() => writeFileInside({ root, filePath: file, content: "" })).code).toBe(
      "write/name-too-long",
    );
    expect(existsSync(join(root, "agents"))).toBe(false);
  });

  it("writes a name of 255 bytes: its temporary's name is short", () => {
    const file = join(root, `${"a".repeat(252)}.md`);
    writeFileInside({ root, filePath: file, content: "ok" });
    expect(readFileSync(file, "utf8")).toBe("ok");
  });

  it("a replaced file keeps its mode; a new file takes the mode asked for", () => {
    const file = join(root, "kept.md");
    writeFileSync(file, "old");
    chmodSync(file, 0o640);
    writeFileInside({ root, filePath: file, content: "new" });
    expect(statSync(file).mode & 0o777).toBe(0o640);
    const secret = join(root, "trusted.json");
    writeFileInside({ root, filePath: secret, content: "{}", mode: 0o600 });
    expect(statSync(secret).mode & 0o777).toBe(0o600);
  });

  it("exclusive: writes a new file, and refuses a name anything has (a file, a link, a folder)", () => {
    const file = join(root, ".claude", "agents", "new.md");
    writeFileInside({ root, filePath: file, content: "mine", exclusive: true });
    expect(readFileSync(file, "utf8")).toBe("mine");
    expect(readdirSync(join(root, ".claude", "agents"))).toEqual(["new.md"]);
    const again = refusal(() => writeFileInside({ root, filePath: file, content: "other", exclusive: true }));
    expect([again.code, again.message]).toEqual([
      "write/exists",
      ".claude/agents/new.md exists; roster replaces nothing here",
    ]);
    expect(readFileSync(file, "utf8")).toBe("mine");
    expect(readdirSync(join(root, ".claude", "agents"))).toEqual(["new.md"]);
  });
});

describe("removeFileInside", () => {
  it("refuses a removal through a linked folder; an absent file is already removed", () => {
    writeFileSync(join(outside, "old.md"), "x");
    symlinkSync(outside, join(root, "agents"));
    expect(refusal(() => removeFileInside({ root, filePath: join(root, "agents", "old.md") })).code).toBe(
      "write/symlink",
    );
    expect(existsSync(join(outside, "old.md"))).toBe(true);
    removeFileInside({ root, filePath: join(root, "gone.md") });
  });
});

describe("stageWrites", () => {
  /** Every name below `folder`, `/`-separated, sorted; links are not followed. */
  const tree = (folder: string, prefix = ""): string[] =>
    readdirSync(folder, { withFileTypes: true })
      .flatMap((entry) => [
        `${prefix}${entry.name}`,
        ...(entry.isDirectory() ? tree(join(folder, entry.name), `${prefix}${entry.name}/`) : []),
      ])
      .sort();

  it("stages every file as a temporary, then lands each in order; made lists the folders made", () => {
    writeFileSync(join(root, "kept.md"), "before");
    const writes = stageWrites();
    const files = [
      { root, filePath: join(root, "a", "b", "one.md"), content: "1" },
      { root, filePath: join(root, "a", "b", "two.md"), content: "2" },
      { root, filePath: join(root, "a", "three.md"), content: "3" },
      { root, filePath: join(root, "kept.md"), content: "after" },
    ];
    const staged = files.map((f) => writes.stage(f));
    // Nothing is in place yet: four temporaries wait beside their places.
    expect(tree(root).filter((p) => !p.includes(".roster-"))).toEqual(["a", "a/b", "kept.md"]);
    expect(tree(root).filter((p) => /\.roster-\d+-[0-9a-f]{12}\.tmp$/.test(p))).toHaveLength(4);
    const seen: Array<string | undefined> = [];
    for (const file of staged)
      writes.land(file, (existing) => seen.push(existing?.isFile() ? "file" : undefined));
    writes.discard();
    expect(seen).toEqual([undefined, undefined, undefined, "file"]);
    expect(tree(root)).toEqual(["a", "a/b", "a/b/one.md", "a/b/two.md", "a/three.md", "kept.md"]);
    expect(readFileSync(join(root, "kept.md"), "utf8")).toBe("after");
    expect(writes.made).toEqual([join(root, "a"), join(root, "a", "b")]);
  });

  it("refuses a folder swapped for a link after the files were staged: nothing lands outside", () => {
    const writes = stageWrites();
    const one = writes.stage({ root, filePath: join(root, "agents", "one.md"), content: "1" });
    const two = writes.stage({ root, filePath: join(root, "agents", "two.md"), content: "2" });
    // Between the check and the renames, the folder becomes a link to a folder outside.
    renameSync(join(root, "agents"), join(root, "moved"));
    symlinkSync(outside, join(root, "agents"));
    for (const file of [one, two]) {
      const error = refusal(() => writes.land(file));
      expect([error.code, error.path]).toEqual(["write/symlink", join(root, "agents")]);
    }
    writes.discard();
    expect(readdirSync(outside)).toEqual(["bashrc"]);
  });

  it("checks a folder again when a file is staged below it after an earlier file landed", () => {
    const writes = stageWrites();
    writes.land(writes.stage({ root, filePath: join(root, "agents", "one.md"), content: "1" }));
    const two = writes.stage({ root, filePath: join(root, "agents", "two.md"), content: "2" });
    renameSync(join(root, "agents"), join(root, "moved"));
    symlinkSync(outside, join(root, "agents"));
    expect(refusal(() => writes.land(two)).code).toBe("write/symlink");
    writes.discard();
    expect(readdirSync(outside)).toEqual(["bashrc"]);
    // (The temporary of two.md stays in the folder moved away: it is removed through its old name.)
    expect(readdirSync(join(root, "moved")).filter((n) => !n.startsWith(".roster-"))).toEqual(["one.md"]);
  });

  it("refuses a link on the way before making anything, and discard removes the temporaries left", () => {
    mkdirSync(join(root, "skills"));
    symlinkSync(outside, join(root, "skills", "linked"));
    const writes = stageWrites();
    writes.stage({ root, filePath: join(root, "agents", "one.md"), content: "1" });
    const error = refusal(() =>
      writes.stage({ root, filePath: join(root, "skills", "linked", "new", "SKILL.md"), content: "s" }),
    );
    expect([error.code, error.path]).toEqual(["write/symlink", join(root, "skills", "linked")]);
    writes.discard();
    expect(tree(root)).toEqual(["agents", "skills", "skills/linked"]);
    expect(readdirSync(outside)).toEqual(["bashrc"]);
  });
});
