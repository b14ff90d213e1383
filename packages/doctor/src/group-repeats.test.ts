import type { Diagnostic } from "@roster/core";
import { expect, test } from "vitest";
import { findingsByPlace } from "./index.js";

const finding = (filePath: string | undefined, line: number | undefined, code: string): Diagnostic => ({
  severity: "warning",
  code,
  message: code,
  ...(filePath !== undefined ? { filePath } : {}),
  ...(line !== undefined ? { line } : {}),
});

test("findings by file, then by line, each once, in the order found; a finding about no file under ''", () => {
  const byPlace = findingsByPlace([
    finding("/p/a.md", 3, "x/one"),
    finding("/p/b.md", undefined, "x/two"),
    finding("/p/a.md", undefined, "x/three"),
    finding("/p/a.md", 3, "x/four"),
    finding(undefined, undefined, "x/five"),
  ]);
  expect(
    byPlace.map(({ filePath, places }) => ({
      filePath,
      places: places.map(({ line, lines }) => [line, ...lines.map((l) => l.diagnostic.code)]),
    })),
  ).toEqual([
    {
      filePath: "/p/a.md",
      places: [
        [3, "x/one", "x/four"],
        [0, "x/three"],
      ],
    },
    { filePath: "/p/b.md", places: [[0, "x/two"]] },
    { filePath: "", places: [[0, "x/five"]] },
  ]);
});

test("a finding many files share is one line, under the first file that has it", () => {
  const shared = ["/p/1.md", "/p/2.md", "/p/3.md", "/p/4.md"].map((f) => finding(f, undefined, "x/same"));
  const byPlace = findingsByPlace(shared);
  expect(byPlace.map((f) => f.filePath)).toEqual(["/p/1.md"]);
  expect(byPlace[0]!.places[0]!.lines[0]!.files).toHaveLength(4);
});
