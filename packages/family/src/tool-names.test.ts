import { type FileFormat, markdownFormat, type SourceFile, splitToolList } from "@roster/core";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { listsNoTool, NO_TOOL, withEmptyToolsAsNone } from "./tool-names.js";

describe("a tools value that names no tool", () => {
  test.each([
    [[], true],
    [null, true],
    ["", true],
    ["  ", true],
    [[""], true],
    [undefined, false],
    ["Read", false],
    [["Read"], false],
    // A family's own form (opencode's map) or a value of no tool-list type is not a list.
    [{ bash: false }, false],
    [0, false],
    [false, false],
  ])("%j: %s", (value, none) => {
    expect(listsNoTool(value)).toBe(none);
  });

  test("listsNoTool: exactly what splitToolList makes no item of", () => {
    const text = fc.array(fc.constantFrom("", " ", ",", "\t", "\n", "\u00a0", "a", "(", ")", "*"), {
      maxLength: 8,
    });
    const value = fc.oneof(
      text.map((parts) => parts.join("")),
      fc.array(
        fc.oneof(
          text.map((parts) => parts.join("")),
          fc.integer(),
        ),
        { maxLength: 4 },
      ),
    );
    fc.assert(
      fc.property(value, (v) => {
        expect(listsNoTool(v)).toBe(splitToolList(v) === undefined);
      }),
      { numRuns: 3000 },
    );
  });

  const parse = (format: FileFormat, frontmatter: string) => {
    const content = `---\nname: a\ndescription: d\n${frontmatter}---\nBody.\n`;
    const file: SourceFile = {
      filePath: "/x/a.md",
      relativePath: "a.md",
      content,
      level: "warn",
    } as SourceFile;
    const parsed = format.parse(file);
    return parsed.kind === "unusable" ? undefined : parsed.frontmatter.tools;
  };

  test("withEmptyToolsAsNone: a list of no tools for an empty value, nothing else changed", () => {
    const format = withEmptyToolsAsNone(markdownFormat);
    expect(parse(format, "tools: []\n")).toEqual([NO_TOOL]);
    expect(parse(format, "tools:\n")).toEqual([NO_TOOL]);
    expect(parse(format, 'tools: ""\n')).toEqual([NO_TOOL]);
    // What the file wrote stays a list of nothing (`show --json`'s `toolsAsWritten`).
    const file = { filePath: "/x/a.md", relativePath: "a.md", level: "warn" } as const;
    const parsed = format.parse({
      ...file,
      content: "---\nname: a\ndescription: d\ntools: []\n---\n",
    } as SourceFile);
    expect(parsed.kind !== "unusable" && parsed.frontmatter.toolsAsWritten).toEqual([]);
    expect(parse(format, "tools: Read, Grep\n")).toBe("Read, Grep");
    expect(parse(format, "")).toBeUndefined();
    // Core's format itself reads an empty value as no list at all (every tool).
    expect(parse(markdownFormat, "tools: []\n")).toEqual([]);
    // The name is core's markdown parser's, untouched: a lookup of one name may still sift.
    expect({ ...format, parse: undefined }).toEqual({
      ...markdownFormat,
      nameInText: true,
      parse: undefined,
    });
    // A format whose parser may rename an agent stays one a lookup parses.
    const renaming = { ...markdownFormat, parse: (file: SourceFile) => markdownFormat.parse(file) };
    expect(withEmptyToolsAsNone(renaming).nameInText).toBe(false);
    expect(withEmptyToolsAsNone({ ...renaming, nameInText: true }).nameInText).toBe(true);
  });
});
