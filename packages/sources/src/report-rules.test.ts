import { expect, test } from "vitest";
import {
  describeTools,
  filesToShow,
  findingFate,
  notLoadedReasons,
  outdatedExitCode,
  reportExitCode,
} from "./report-rules.js";
import type { FileChange, Finding, SourceReport, ToolSummary } from "./types.js";

/** A source's report with `over` set. */
const source = (over: Partial<SourceReport>): SourceReport =>
  ({ url: "u", key: "k", findings: [], files: [], changes: [], held: [], ...over }) as SourceReport;
const file = (action: FileChange["action"], over: Partial<FileChange> = {}): FileChange => ({
  action,
  path: `/p/${action}`,
  tool: "alpha",
  kind: "agent",
  name: "rev",
  ...over,
});

test("a report exits 1 when a definition was held back or a file is in conflict, else 0", () => {
  expect(reportExitCode({ sources: [] })).toBe(0);
  expect(reportExitCode({ sources: [source({ files: [file("create"), file("kept"), file("skip")] })] })).toBe(
    0,
  );
  expect(reportExitCode({ sources: [source({}), source({ files: [file("conflict")] })] })).toBe(1);
  expect(reportExitCode({ sources: [source({ held: [{ kind: "agent", name: "rev", codes: [] }] })] })).toBe(
    1,
  );
});

test("outdated exits 1 when the newest commit of a source is not known", () => {
  expect(outdatedExitCode([{}, {}])).toBe(0);
  expect(outdatedExitCode([{}, { error: { code: "source/unreachable", message: "x" } }])).toBe(1);
});

test("a finding's fate: held back, written with --yes or as accepted before, not written, or nothing", () => {
  const raising = { level: "raising", kind: "agent", name: "rev" } as Finding;
  const held = [{ kind: "agent" as const, name: "rev", codes: [] }];
  expect(findingFate(raising, held, false)).toBe(" — held back (--yes writes it)");
  expect(findingFate(raising, [], true)).toBe(" — written (--yes)");
  expect(findingFate(raising, [], false)).toBe(" — written (accepted before)");
  expect(findingFate({ ...raising, level: "refused" }, held, true)).toBe(" — not written");
  expect(findingFate({ ...raising, level: "warning" }, held, true)).toBe("");
});

test("files: the ones that need a look in order, one refusal for several tools once, the rest counted", () => {
  const files = [
    file("create"),
    file("conflict"),
    file("skip", { tool: "alpha", message: "no tools" }),
    file("unchanged"),
    file("skip", { tool: "beta", message: "no tools" }),
    file("remove"),
    file("create"),
  ];
  const shown = filesToShow(files);
  expect(shown.each.map((f) => f.action)).toEqual(["conflict", "remove"]);
  expect(shown.skipped.map((s) => s.tools)).toEqual([["alpha", "beta"]]);
  expect(shown.counted).toEqual([
    { action: "create", count: 2 },
    { action: "unchanged", count: 1 },
  ]);
});

test("what each tool loads, three names at most; the reasons once for the tools they hold for", () => {
  const notLoaded = (names: string[]) =>
    names.map((name) => ({ name, reason: { code: "c", message: `why ${name}` } }));
  const tools = [
    { tool: "alpha", kind: "agent", loaded: 5, total: 5, notLoaded: [] },
    { tool: "beta", kind: "skill", loaded: 1, total: 5, notLoaded: notLoaded(["a", "b", "c", "d"]) },
    { tool: "gamma", kind: "agent", loaded: 4, total: 5, notLoaded: notLoaded(["a"]) },
  ] as unknown as ToolSummary[];
  expect(describeTools(tools)).toBe(
    "alpha: 5 of 5 · beta skills: 1 of 5 (a, b, c, 1 more) · gamma: 4 of 5 (a)",
  );
  expect(notLoadedReasons(tools).map((r) => [r.names, r.tools])).toEqual([
    [["a"], ["beta", "gamma"]],
    [["b"], ["beta"]],
    [["c"], ["beta"]],
    [["d"], ["beta"]],
  ]);
});

test("definitions a tool refuses for one reason are one reason, with every name", () => {
  const refused = (names: string[], message: string) =>
    names.map((name) => ({ name, reason: { code: "c", message } }));
  const names = Array.from({ length: 300 }, (_, i) => `agent-${i}`);
  const tools = [
    { tool: "gemini", kind: "agent", loaded: 0, total: 300, notLoaded: refused(names, "untrusted folder") },
    {
      tool: "opencode",
      kind: "agent",
      loaded: 299,
      total: 300,
      notLoaded: refused(["agent-7"], "untrusted folder"),
    },
    { tool: "codex", kind: "agent", loaded: 299, total: 300, notLoaded: refused(["agent-9"], "why agent-9") },
  ] as unknown as ToolSummary[];
  expect(notLoadedReasons(tools)).toEqual([
    { names: names.filter((n) => n !== "agent-7"), message: "untrusted folder", tools: ["gemini"] },
    { names: ["agent-7"], message: "untrusted folder", tools: ["gemini", "opencode"] },
    { names: ["agent-9"], message: "why agent-9", tools: ["codex"] },
  ]);
});
