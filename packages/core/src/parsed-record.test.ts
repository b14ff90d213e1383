import { readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseFrontmatter, parseFrontmatterBytes } from "@roster/frontmatter";
import { createSandbox, type Sandbox } from "@roster/testkit";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { nodeFileSystem } from "./fs.js";
import { isStoredParse, parseWithBodyOnDemand, storedParseOf } from "./parsed-record.js";

let sandbox: Sandbox;
beforeEach(() => {
  sandbox = createSandbox("roster-record-");
});
afterEach(() => sandbox.cleanup());

/** A file parsed the way discovery parses it, with its body left on disk. */
function parsedOnDisk(text: string) {
  sandbox.write({ "project/a.md": text });
  const filePath = join(sandbox.project, "a.md");
  const bytes = readFileSync(filePath);
  const parsed = parseFrontmatterBytes(bytes);
  const record = parseWithBodyOnDemand(parsed, {
    fs: nodeFileSystem,
    filePath,
    identity: statSync(filePath),
    bodyStart: parsed.bodyStart!,
    maxBytes: 1 << 20,
  });
  return { filePath, record };
}

describe("parseWithBodyOnDemand", () => {
  test("reads the body from disk when asked, equal to the whole-text parse", () => {
    const text = "---\nname: a\ndescription: d\n---\n\nYou are a. <!-- note -->\r\nBe brief. é\n";
    const { record } = parsedOnDisk(text);
    expect(record.body).toBe(parseFrontmatter(text).body);
    expect(record.body).toBe("You are a. \nBe brief. é");
    expect(record.diagnostics).toEqual([]);
  });

  test("a body changed between the frontmatter read and the first body access: the record says so", () => {
    const { filePath, record } = parsedOnDisk("---\nname: a\ndescription: d\n---\nOld body\n");
    writeFileSync(filePath, "---\nname: a\ndescription: d\n---\nA new, longer body\n");
    expect(record.body).toBe("A new, longer body");
    expect(record.diagnostics).toEqual([
      expect.objectContaining({ code: "load/changed-after-read", severity: "warning", filePath }),
    ]);
    // Read once: asking again neither reads nor reports again.
    expect(record.body).toBe("A new, longer body");
    expect(record.diagnostics).toHaveLength(1);
  });

  test("a file deleted before its body is read: an empty body and a warning, no throw", () => {
    const { filePath, record } = parsedOnDisk("---\nname: a\ndescription: d\n---\nBody\n");
    rmSync(filePath);
    expect(record.body).toBe("");
    expect(record.diagnostics[0]?.message).toMatch(/could not be read again .*no longer exists/);
  });
});

describe("stored parses", () => {
  test("only what JSON brings back exactly is stored; the shape is checked when read back", () => {
    const ok = storedParseOf(
      { frontmatter: { name: "a", n: 1, list: ["x"], nested: { k: null } }, diagnostics: [] },
      { format: "markdown", level: "warn", bodyStart: 10 },
    );
    expect(ok).toBeDefined();
    expect(isStoredParse(JSON.parse(JSON.stringify(ok)))).toBe(true);
    for (const value of [Number.POSITIVE_INFINITY, Number.NaN, -0, new Date(0)]) {
      expect(
        storedParseOf(
          { frontmatter: { v: value }, diagnostics: [] },
          { format: "m", level: "warn", bodyStart: 0 },
        ),
      ).toBeUndefined();
    }
    expect(isStoredParse({ ...ok, bodyStart: -1 })).toBe(false);
    expect(isStoredParse({ ...ok, frontmatter: [] })).toBe(false);
    expect(isStoredParse({ ...ok, diagnostics: [{ code: 1 }] })).toBe(false);
    expect(isStoredParse({ ...ok, level: "loud" })).toBe(false);
  });
});
