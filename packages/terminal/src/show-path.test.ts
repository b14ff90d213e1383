import { isAbsolute, relative, sep } from "node:path";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { showPath, showPaths } from "./index.js";

describe("paths", () => {
  test("relative under the cwd, ~/ under home, otherwise as is", () => {
    const o = { cwd: "/home/me/app", home: "/home/me" };
    expect(showPath(o, "/home/me/app/.claude/agents/a.md")).toBe(".claude/agents/a.md");
    expect(showPath(o, "/home/me/.claude/agents/a.md")).toBe("~/.claude/agents/a.md");
    expect(showPath(o, "/home/meow/a.md")).toBe("/home/meow/a.md");
    expect(showPath(o, "embedded:plan.md")).toBe("embedded:plan.md");
  });
});

describe("showPaths", () => {
  test("showPaths: paths inside a message take the form showPath gives a path", () => {
    const o = { cwd: "/home/me/app", home: "/home/me" };
    expect(showPaths(o, "this config is code and /home/me/app is not trusted")).toBe(
      "this config is code and ~/app is not trusted",
    );
    expect(showPaths(o, "/home/me/app/.claude/agents/a.md wins over /home/me/.claude/agents/a.md")).toBe(
      ".claude/agents/a.md wins over ~/.claude/agents/a.md",
    );
    expect(showPaths(o, "/home/meadow/x and /opt/y")).toBe("/home/meadow/x and /opt/y");
  });
});

describe("the fast path of showPath gives what the plain form gives", () => {
  // The plain forms, as they were written before the fast paths.
  const plainShowPath = (o: { cwd: string; home?: string }, path: string) => {
    if (!path) return "";
    if (!isAbsolute(path)) return path;
    const under = (dir: string) =>
      dir !== "" && (path === dir || path.startsWith(dir.endsWith(sep) ? dir : dir + sep));
    if (under(o.cwd)) return relative(o.cwd, path) || ".";
    if (o.home && under(o.home)) return `~${sep}${relative(o.home, path)}`;
    return path;
  };
  const segment = fc.constantFrom("a", "b.md", ".claude", ".", "..", "", "x y", "ü");
  const pathOf = fc.array(segment, { maxLength: 6 }).map((parts) => `/${parts.join("/")}`);

  test("showPath", () => {
    fc.assert(
      fc.property(pathOf, pathOf, fc.array(segment, { maxLength: 4 }), (cwd, home, rest) => {
        for (const base of [cwd, home, "/"]) {
          const path = `${base}/${rest.join("/")}`;
          expect(showPath({ cwd, home }, path)).toBe(plainShowPath({ cwd, home }, path));
        }
      }),
      { numRuns: 2000 },
    );
  });
});
