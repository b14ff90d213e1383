import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { WriteRefusedError } from "./write-file-inside.js";
import { writeNamedFile } from "./write-named-file.js";

let dir: string;
let here: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "roster-named-"));
  here = join(dir, "shell");
  mkdirSync(here);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The refusal `write` throws (fails the test when it throws none or another error). */
function refusal(write: () => unknown): WriteRefusedError {
  try {
    write();
  } catch (error) {
    if (error instanceof WriteRefusedError) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("writeNamedFile", () => {
  test("writes below the shell's folder, creating its folders, and returns the bytes written", () => {
    const path = join(here, "out/page.html");
    expect(writeNamedFile({ here, path, content: "é\n" })).toBe(3);
    expect(readFileSync(path, "utf8")).toBe("é\n");
  });

  test("a link below the shell's folder is refused by name, with the fix", () => {
    mkdirSync(join(dir, "elsewhere"));
    symlinkSync(join(dir, "elsewhere"), join(here, "out"));
    const path = join(here, "out/page.html");
    const refused = refusal(() => writeNamedFile({ here, path, content: "x" }));
    expect(refused.code).toBe("write/symlink");
    expect(refused.message).toBe(
      `${join(here, "out")} is a symbolic link; roster never writes through one (remove it or pick another file).`,
    );
  });

  test("a folder at the file's name is in the way", () => {
    mkdirSync(join(here, "page.html"));
    const path = join(here, "page.html");
    expect(refusal(() => writeNamedFile({ here, path, content: "x" })).message).toBe(
      `${path} is in the way: give the name of a file to write.`,
    );
  });

  test("a path outside the shell's folder is checked from its own folder, which must exist", () => {
    const outside = join(dir, "other/page.html");
    const missing = refusal(() => writeNamedFile({ here, path: outside, content: "x" }));
    expect([missing.code, missing.message]).toEqual([
      "write/no-folder",
      `cannot write ${outside}: its folder does not exist.`,
    ]);
    // Its own folder may be a link (the user chose it); the file's name may not.
    mkdirSync(join(dir, "real"));
    symlinkSync(join(dir, "real"), join(dir, "other"));
    expect(writeNamedFile({ here, path: outside, content: "ok" })).toBe(2);
    expect(readFileSync(join(dir, "real/page.html"), "utf8")).toBe("ok");
    writeFileSync(join(dir, "target"), "keep");
    symlinkSync(join(dir, "target"), join(dir, "real/link.html"));
    expect(
      refusal(() => writeNamedFile({ here, path: join(dir, "other/link.html"), content: "x" })).code,
    ).toBe("write/symlink");
    expect(readFileSync(join(dir, "target"), "utf8")).toBe("keep");
  });
});
