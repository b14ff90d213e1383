// SPEC §14: @roster/core reads and never writes. Every `node:fs` call in its sources is
// checked against the file system's write calls; an `open` asks for read-only flags.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";

const src = fileURLToPath(new URL(".", import.meta.url));

/** node:fs functions that change the file system (sync, callback and promise forms share a name). */
const WRITES =
  /^(write|writev|writeFile|appendFile|rename|rm|rmdir|unlink|mkdir|mkdtemp|copyFile|cp|symlink|link|chmod|fchmod|lchmod|chown|fchown|lchown|truncate|ftruncate|utimes|futimes|lutimes|fsync|fdatasync|createWriteStream)(Sync)?$/;
/** Open flags that write or create. */
const WRITE_FLAGS = /\bO_(WRONLY|RDWR|CREAT|TRUNC|APPEND|EXCL)\b|\b(open|openSync)\([^)]*,\s*["'`][wa+]/;

/** Every write a source makes through node:fs: named imports, and `ns.call` on a namespace import. */
export function fsWrites(source: string): string[] {
  const found: string[] = [];
  const imports = /import\s+(type\s+)?([^;]*?)\s+from\s+["'](?:node:)?fs(?:\/promises)?["']/g;
  for (const [, typeOnly, clause] of source.matchAll(imports)) {
    if (typeOnly) continue;
    const namespace = /\*\s+as\s+(\w+)/.exec(clause!)?.[1];
    if (namespace) {
      for (const [, call] of source.matchAll(new RegExp(`\\b${namespace}\\.(?:promises\\.)?(\\w+)`, "g")))
        if (WRITES.test(call!)) found.push(`${namespace}.${call}`);
    }
    const named = /\{([^}]*)\}/.exec(clause!)?.[1] ?? "";
    for (const part of named.split(",")) {
      const name = part
        .trim()
        .replace(/^type\s+/, "")
        .split(/\s+as\s+/)[0]!;
      if (!part.trim().startsWith("type ") && WRITES.test(name)) found.push(name);
    }
  }
  const flags = WRITE_FLAGS.exec(source);
  if (flags) found.push(flags[0]);
  return found;
}

describe("@roster/core never writes a file", () => {
  test("the check finds each form of write it looks for", () => {
    expect(fsWrites('import { readFileSync, writeFileSync as w } from "node:fs";')).toEqual([
      "writeFileSync",
    ]);
    expect(
      fsWrites('import * as nodeFs from "node:fs";\nnodeFs.renameSync(a, b); nodeFs.statSync(a);'),
    ).toEqual(["nodeFs.renameSync"]);
    expect(fsWrites('import { rm } from "node:fs/promises";')).toEqual(["rm"]);
    expect(fsWrites('import { openSync } from "fs";\nopenSync(p, constants.O_WRONLY);')).toEqual([
      "O_WRONLY",
    ]);
    expect(fsWrites('import type { Stats } from "node:fs";')).toEqual([]);
  });

  test("no source of core (tests aside) calls one", () => {
    const sources = readdirSync(src).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"));
    expect(sources.length).toBeGreaterThan(20);
    const writes = sources.flatMap((f) =>
      fsWrites(readFileSync(join(src, f), "utf8")).map((w) => `${f}: ${w}`),
    );
    expect(writes).toEqual([]);
  });
});

// Issue #28: core holds the provider contract, parsing, reading, the merge, lookup and the
// cache; what a family declares lives in @roster/family, what runs it in its own package.
// The budget keeps core a module a downstream package can take alone.
describe("@roster/core stays small", () => {
  test("its sources (tests aside) are at most 4,000 lines", () => {
    const sources = readdirSync(src).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"));
    const lines = sources.map((f) => [f, readFileSync(join(src, f), "utf8").split("\n").length - 1] as const);
    const total = lines.reduce((sum, [, n]) => sum + n, 0);
    const largest = [...lines].sort((a, b) => b[1] - a[1]).slice(0, 5);
    expect(
      total,
      `core is ${total} lines; the largest: ${largest.map(([f, n]) => `${f} ${n}`).join(", ")}`,
    ).toBeLessThanOrEqual(4000);
  });
});
