// One line for what changed in a definition between two commits (`roster update`): the
// fields whose values differ, and the prompt's lines added and removed.
import { isMarkerKey } from "@roster/core";
import { parseFrontmatter } from "@roster/frontmatter";

/** Lines of `after` not in `before`, and of `before` not in `after`, counted as a multiset. */
function lineCounts(before: string, after: string): { added: number; removed: number } {
  const left = new Map<string, number>();
  for (const line of before.split("\n")) left.set(line, (left.get(line) ?? 0) + 1);
  let added = 0;
  for (const line of after.split("\n")) {
    const n = left.get(line) ?? 0;
    if (n > 0) left.set(line, n - 1);
    else added += 1;
  }
  let removed = 0;
  for (const n of left.values()) removed += n;
  return { added, removed };
}

/**
 * What changed between two texts of one definition as written: `description, tools; prompt
 * +3 −1 lines`, or `changed` when the texts are not markdown with frontmatter.
 *
 * @example describeChange("---\nname: a\ndescription: x\n---\nHi\n", "---\nname: a\ndescription: y\n---\nHi\nMore\n") // "description; prompt +1 −0 lines"
 */
export function describeChange(before: string, after: string): string {
  if (before === after) return "unchanged";
  if (!before.startsWith("---") || !after.startsWith("---")) return "changed";
  const a = parseFrontmatter(before);
  const b = parseFrontmatter(after);
  const keys = [...new Set([...Object.keys(a.frontmatter), ...Object.keys(b.frontmatter)])].filter(
    (key) => !isMarkerKey(key) && JSON.stringify(a.frontmatter[key]) !== JSON.stringify(b.frontmatter[key]),
  );
  const parts: string[] = [];
  if (keys.length > 0) parts.push(keys.join(", "));
  if (a.body !== b.body) {
    const { added, removed } = lineCounts(a.body, b.body);
    parts.push(`prompt +${added} −${removed} lines`);
  }
  return parts.join("; ") || "changed";
}
