// What `doctor --fix` says for people: each file's diff and fixes, then one summary line.
import { count, line, type Screen, Styled, showPath, type Text } from "@roster/terminal";
import type { FileFix } from "./plan-fixes.js";

/** The style of one line of a unified diff: hunks cyan, file names bold, added green, removed red. */
function diffStyle(text: string): Styled["style"] | undefined {
  if (text.startsWith("@@")) return "cyan";
  if (text.startsWith("+++") || text.startsWith("---")) return "bold";
  if (text.startsWith("+")) return "green";
  if (text.startsWith("-")) return "red";
  return undefined;
}

/** One file: its diff (coloured on a terminal), then each fix at `path:line`, or why it was left, and a blank line. */
export function fixLines(r: FileFix, screen: Screen): Text[] {
  const lines: Text[] = [];
  for (const text of r.diff.replace(/\n$/, "").split("\n")) {
    const style = diffStyle(text);
    lines.push(style ? new Styled(style, text) : text);
  }
  const where = showPath(screen, r.filePath);
  for (const fix of r.fixes)
    lines.push(line`${where}:${String(fix.line)}  ${new Styled("dim", fix.code)}  ${fix.message}`);
  if (r.reason) lines.push(line`${new Styled("yellow", "left")} ${where}: ${r.reason}`);
  lines.push("");
  return lines;
}

/** `--fix` fails when a file with fixes was left as it is, or (`dryRun`) when any file would change. */
export function fixesFail(results: readonly FileFix[], dryRun: boolean): boolean {
  return results.some((r) => r.action === "left") || (dryRun && results.length > 0);
}

/**
 * The sentence `--fix` ends with: `fixed 2 files (3 fixes); 1 file with fixes left as it is;
 * roster doctor shows what is left`, or `nothing to fix`.
 */
export function fixSummary(results: readonly FileFix[], dryRun: boolean): string {
  if (results.length === 0) return "nothing to fix";
  const fixed = results.filter((r) => r.action !== "left");
  const left = results.length - fixed.length;
  const fixCount = fixed.reduce((n, r) => n + r.fixes.length, 0);
  const parts = [
    ...(fixed.length > 0
      ? [
          `${dryRun ? "would fix" : "fixed"} ${count(fixed.length, "file")} (${count(fixCount, "fix", "fixes")})`,
        ]
      : []),
    ...(left > 0 ? [`${count(left, "file")} with fixes left as it is`] : []),
  ];
  return `${parts.join("; ")}${dryRun ? " (dry run: nothing written)" : ""}; roster doctor shows what is left`;
}
