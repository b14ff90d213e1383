// SPEC §16: a folder's `.roster-sync.json` lists the files roster wrote there.
import { describe, expect, test } from "vitest";
import { parseSyncManifest } from "./roster-copy.js";

describe("parseSyncManifest", () => {
  test("parseSyncManifest keeps renames of listed files only, as plain strings", () => {
    const text = '{"files":["a.md","b.md"],"renamed":{"a.md":"A","c.md":"C","b.md":3,"__proto__":"x"}}';
    const manifest = parseSyncManifest(text);
    expect(manifest?.files).toEqual(["a.md", "b.md"]);
    expect({ ...manifest?.renamed }).toEqual({ "a.md": "A" });
    expect(parseSyncManifest('{"files":["a.md"],"renamed":["a.md"]}')?.renamed).toEqual({});
  });

  test("parseSyncManifest keeps paths below its folder only", () => {
    expect(
      parseSyncManifest('{"files":["a.md","sub/b.md","../c.md","sub/../d.md","/e.md","sub/.f.md",".x.md",3]}')
        ?.files,
    ).toEqual(["a.md", "sub/b.md"]);
    expect(parseSyncManifest("[]")).toBeUndefined();
    expect(parseSyncManifest("not json")).toBeUndefined();
  });
});
