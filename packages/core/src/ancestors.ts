import { dirname, resolve } from "node:path";

/**
 * `dir` and each of its ancestors, nearest first, up to the file-system root: the one
 * walk up behind every "nearest project folder" search.
 *
 * @example ancestorsOf("/a/b") // ["/a/b", "/a", "/"]
 */
export function ancestorsOf(dir: string): string[] {
  const out: string[] = [];
  let current = resolve(dir);
  for (;;) {
    out.push(current);
    const parent = dirname(current);
    if (parent === current) return out;
    current = parent;
  }
}
