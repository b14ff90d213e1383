// A change to one file as `git diff` prints it.
import { relative, sep } from "node:path";
import { structuredPatch } from "diff";

/**
 * A unified diff of one file (`a/…`, `b/…` relative to `root`, three lines of context), as
 * `git diff` prints it, ending with a newline.
 *
 * @example unifiedDiff("/repo", "/repo/a.md", "x\n", "y\n") // "--- a/a.md\n+++ b/a.md\n@@ -1,1 +1,1 @@\n-x\n+y\n"
 */
export function unifiedDiff(root: string, filePath: string, before: string, after: string): string {
  const rel = relative(root, filePath).split(sep).join("/");
  const patch = structuredPatch(`a/${rel}`, `b/${rel}`, before, after, undefined, undefined, { context: 3 });
  const lines = [`--- a/${rel}`, `+++ b/${rel}`];
  for (const hunk of patch.hunks) {
    lines.push(`@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`, ...hunk.lines);
  }
  return `${lines.join("\n")}\n`;
}
