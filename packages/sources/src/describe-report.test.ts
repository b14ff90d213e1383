import { draw, type Text } from "@roster/terminal";
import { describe, expect, it } from "vitest";
import {
  describeDrift,
  describeOutdated,
  describeRemoved,
  describeReport,
  describeSources,
  outdatedErrors,
  reportClosing,
  splitNames,
} from "./describe-report.js";
import type { OperationReport } from "./operations.js";

const view = { cwd: "/p", home: "/h" };
const plain = (texts: readonly Text[]) => texts.map((t) => draw(t, false));

function report(over: Partial<OperationReport> = {}): OperationReport {
  return {
    scope: "project",
    configFile: "/p/roster.config.json",
    lockFile: "/p/roster.lock",
    sources: [
      {
        url: "https://example.com/a.git",
        key: "a",
        ref: "main",
        commit: "0123456789abcdef",
        previousCommit: "fedcba9876543210",
        findings: [
          {
            code: "audit/pre-approves-tools",
            level: "raising",
            message: "allows Bash",
            kind: "agent",
            name: "x",
            file: "x.md",
          },
        ],
        held: [{ kind: "agent", name: "x", codes: ["audit/pre-approves-tools"] }],
        files: [
          { action: "create", path: "/p/.claude/agents/y.md", tool: "claude", kind: "agent", name: "y" },
          { action: "create", path: "/p/.claude/agents/z.md", tool: "claude", kind: "agent", name: "z" },
          {
            action: "conflict",
            path: "/p/.claude/agents/w.md",
            tool: "claude",
            kind: "agent",
            name: "w",
            message: "in /p/k",
          },
        ],
        changes: [{ change: "removed", kind: "agent", name: "v" }],
        fetched: true,
      },
    ],
    tools: [],
    notes: [],
    changed: true,
    ...over,
  };
}

describe("describeReport", () => {
  it("says each source's commits, findings with their fate, changes, files and the closing", () => {
    expect(plain(describeReport(view, report(), { yes: false, operation: "update" }))).toEqual([
      "https://example.com/a.git (main) fedcba987654 → 0123456789ab",
      "  raising audit/pre-approves-tools agent x (x.md): allows Bash — held back (--yes writes it)",
      "  removed agent v",
      "  conflict .claude/agents/w.md (claude agent w): in k",
      "  files: 2 created",
      "1 source moved; pinned in roster.lock",
    ]);
  });

  it("says a reason the tools refuse many definitions for once, with three of their names", () => {
    const refused = (names: string[]) =>
      names.map((name) => ({ name, reason: { code: "tool/untrusted", message: "/p is not trusted" } }));
    const tools: OperationReport["tools"] = [
      {
        tool: "gemini",
        displayName: "Gemini CLI",
        kind: "agent",
        total: 5,
        loaded: 0,
        notLoaded: refused(["a", "b", "c", "d", "e"]),
      },
      { tool: "claude", displayName: "Claude Code", kind: "agent", total: 5, loaded: 5, notLoaded: [] },
    ];
    const lines = plain(describeReport(view, report({ tools }), { yes: false, operation: "add" }));
    expect(lines.filter((l) => l.includes("not trusted"))).toEqual([
      "  a, b, c and 2 more (gemini): /p is not trusted",
    ]);
  });

  it("closes each operation with its own line", () => {
    expect(reportClosing(view, "add", report())).toBe(
      "declared in roster.config.json, pinned in roster.lock",
    );
    expect(reportClosing(view, "install", report({ changed: false }))).toBe(
      "nothing to do: the tools' folders match the lock",
    );
    expect(reportClosing(view, "update", report({ sources: [] }))).toBe(
      "every source is at the newest commit of its ref",
    );
  });
});

describe("describeOutdated", () => {
  it("tables the sources behind their ref, errors apart", () => {
    const sources = [
      { url: "u1", locked: "aaaaaaaaaaaaaaaa", latest: "bbbbbbbbbbbbbbbb", outdated: true },
      { url: "u2", outdated: false, error: { code: "source/unreachable", message: "u2 is unreachable" } },
    ];
    expect(plain(describeOutdated(view, sources))).toEqual([
      "SOURCE  REF               LOCKED        NEWEST\nu1      (default branch)  aaaaaaaaaaaa  bbbbbbbbbbbb",
      "roster update moves them",
    ]);
    expect(plain(outdatedErrors(sources))).toEqual(["roster: u2 is unreachable"]);
    // An error and nothing behind: no line on stdout (the error says it).
    expect(describeOutdated(view, [sources[1]!])).toEqual([]);
    expect(plain(describeOutdated(view, []))).toEqual(["every source is at the newest commit of its ref"]);
  });
});

describe("describeRemoved and describeSources", () => {
  it("says each removed and kept file, then where the source left", () => {
    const removed = report({
      sources: [
        {
          ...report().sources[0]!,
          files: [
            { action: "remove", path: "/p/a.md", tool: "claude", kind: "agent", name: "a" },
            { action: "kept", path: "/p/b.md", tool: "claude", kind: "agent", name: "b", message: "edited" },
          ],
        },
      ],
    });
    expect(plain(describeRemoved(view, removed))).toEqual([
      "  removed a.md",
      "  kept b.md: edited",
      "removed https://example.com/a.git from roster.config.json and roster.lock",
    ]);
  });

  it("tells how to add a source when none is declared, and counts those not as locked", () => {
    expect(plain(describeSources(view, { configFile: "/h/x.json", sources: [] }))).toEqual([
      "no source is declared in ~/x.json: roster add SOURCE brings agents in (owner/repo, a git URL, a path)",
    ]);
    const listed = plain(
      describeSources(view, {
        configFile: "/p/c.json",
        sources: [{ url: "u", to: ["claude"], files: 2, state: "changed", accepted: 0 }],
      }),
    );
    expect(listed[1]).toBe("1 source not as locked: roster install brings them in line");
  });
});

describe("splitNames", () => {
  it("splits repeated and comma-separated names, leaving empty ones out", () => {
    expect(splitNames(["a, b", "", "c,"])).toEqual(["a", "b", "c"]);
    expect(splitNames(undefined)).toBeUndefined();
  });
});

describe("describeDrift", () => {
  it("says every source matches the lock, or each drift with its code and file", () => {
    expect(plain(describeDrift(view, [], "/p/roster.lock"))).toEqual(["every source matches roster.lock"]);
    const drift = describeDrift(
      view,
      [
        {
          code: "drift/edited",
          url: "https://example.com/a.git",
          message: "differs",
          path: "/p/.claude/agents/a.md",
        },
        { code: "drift/not-locked", url: "https://example.com/b.git", message: "not pinned" },
      ],
      "/p/roster.lock",
    );
    expect(plain(drift)).toEqual([
      "drift/edited https://example.com/a.git .claude/agents/a.md: differs",
      "drift/not-locked https://example.com/b.git: not pinned",
    ]);
    expect(draw(drift[0]!, true)).toContain("\u001b[33mdrift/edited");
  });
});
