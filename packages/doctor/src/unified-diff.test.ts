import { describe, expect, test } from "vitest";
import { unifiedDiff } from "./unified-diff.js";

describe("unifiedDiff", () => {
  test("as git diff prints it: paths relative to the root, three lines of context", () => {
    const before = "1\n2\n3\n4\n5\n6\n7\n8\n";
    const after = "1\n2\n3\n4\nfive\n6\n7\n8\n";
    expect(unifiedDiff("/repo", "/repo/agents/a.md", before, after)).toBe(
      [
        "--- a/agents/a.md",
        "+++ b/agents/a.md",
        "@@ -2,7 +2,7 @@",
        " 2",
        " 3",
        " 4",
        "-5",
        "+five",
        " 6",
        " 7",
        " 8",
        "",
      ].join("\n"),
    );
  });
});
