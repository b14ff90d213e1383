// doctor --fix's plan over real files in a temporary project: candidates, fixes found, and
// which may be written (git's answer given as data: git-files.test.ts asks a real git).
import { symlinkSync } from "node:fs";
import { join } from "node:path";
import type { FileRecord } from "@roster/core";
import type { ToolProfile } from "@roster/family";
import { createSandbox, type Sandbox } from "@roster/testkit";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { findFixes, fixCandidates, planFixes } from "./plan-fixes.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox("plan-fixes-");
});
afterEach(() => sb.cleanup());

const record = (path: string, extra: Partial<FileRecord> = {}) =>
  ({ path, provider: "demo", scope: "project", outcome: "loaded", diagnostics: [], ...extra }) as FileRecord;
/** A frontmatter value with `: ` in it, unquoted: the one fix every file here needs. */
const needsQuote = "---\nname: a\ndescription: Use it: when\n---\nBody.\n";

describe("fixCandidates", () => {
  test("the project's markdown files, each once with its tool's name rule; copies, other scopes and files that leave the project are not", () => {
    const nameProblem = (name: string) => (name.includes(" ") ? "spaces" : undefined);
    const profile = { displayName: "Demo", nameProblem } as unknown as ToolProfile;
    const candidates = fixCandidates(
      [
        record("/p/a.md"),
        record("/p/a.md", { provider: "other" }),
        record("/p/b.toml"),
        record("/h/c.md", { scope: "user" }),
        record("/p/d.md", { copy: true }),
        record("/p/e.md", { diagnostics: [{ severity: "error", code: "load/outside-root", message: "m" }] }),
        record("embedded:f.md"),
      ],
      (provider) => (provider === "demo" ? profile : undefined),
    );
    expect([...candidates.keys()]).toEqual(["/p/a.md"]);
    expect(candidates.get("/p/a.md")).toEqual({ nameProblem, toolName: "Demo" });
  });
});

describe("findFixes and planFixes", () => {
  test("a tracked file is written, an untracked or ignored one left with the reason; a link is never written through", () => {
    sb.write({
      "project/a.md": needsQuote,
      "project/b.md": needsQuote,
      "project/c.md": needsQuote,
      "project/ok.md": "---\nname: ok\ndescription: fine\n---\n",
    });
    const at = (n: string) => join(sb.project, n);
    symlinkSync(at("a.md"), at("link.md"));
    const found = findFixes(
      new Map(["a.md", "b.md", "c.md", "ok.md", "link.md", "gone.md"].map((n) => [at(n), {}])),
    );
    expect(found.map((f) => [f.filePath, f.fixes.map((x) => x.code), f.left])).toEqual([
      [at("a.md"), ["fix/quote-value"], undefined],
      [at("b.md"), ["fix/quote-value"], undefined],
      [at("c.md"), ["fix/quote-value"], undefined],
      [at("link.md"), ["fix/quote-value"], "a symbolic link; roster never writes through one"],
    ]);
    const git = {
      root: sb.project,
      tracked: new Set([at("a.md"), at("link.md")]),
      untracked: new Set([at("b.md")]),
    };
    const plan = planFixes(found, { git, cwd: sb.project, dryRun: false });
    expect(plan.map((p) => [p.fix.action, p.fix.reason?.split(":")[0], p.write !== undefined])).toEqual([
      ["fixed", undefined, true],
      ["left", "not tracked by git", false],
      ["left", "ignored by git, or outside the work tree", false],
      ["left", "a symbolic link; roster never writes through one", false],
    ]);
    expect(plan[0]!.write).toEqual({ root: sb.project, content: found[0]!.after });
    expect(plan[0]!.fix.diff).toMatch(/^--- a\/a\.md\n\+\+\+ b\/a\.md\n@@ /);
    // The keys in the order --json prints them.
    expect(Object.keys(plan[1]!.fix)).toEqual(["filePath", "fixes", "action", "reason", "diff"]);
  });

  test("--dry-run writes nothing (would-fix); outside a work tree every file is left", () => {
    sb.write({ "project/a.md": needsQuote });
    const found = findFixes(new Map([[join(sb.project, "a.md"), {}]]));
    const git = {
      root: sb.project,
      tracked: new Set([join(sb.project, "a.md")]),
      untracked: new Set<string>(),
    };
    expect(
      planFixes(found, { git, cwd: sb.project, dryRun: true }).map((p) => [p.fix.action, p.write]),
    ).toEqual([["would-fix", undefined]]);
    const outside = planFixes(found, { git: undefined, cwd: sb.project, dryRun: false });
    expect(outside[0]!.fix.reason).toMatch(/^not in a git work tree/);
  });
});
