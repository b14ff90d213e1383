import type { AgentDefinition, AgentDiscovery } from "@roster/core";
import { describe, expect, test } from "vitest";
import { buildListing, filterProblem, type Listing, selectListing, showsWhole, sortAgents } from "./index.js";

const row = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  description: `${name} does things`,
  source: "project",
  provider: "p1",
  ...extra,
});

const listing: Listing = {
  agents: [
    row("beta", { copies: ["/p/.other/beta.md", "/p/.more/beta.md"] }),
    row("Alpha", { source: "user", provider: "p2" }),
    row("gamma", { source: "bundled", provider: "bundled", description: "reviews code" }),
    row("delta", { source: "user", plugin: { name: "aplug" } }),
  ],
  shadowed: [{ name: "beta" }, { name: "beta" }, { name: "Alpha" }],
  diagnostics: [
    { severity: "warning", message: "the config's" },
    { severity: "warning", message: "a file's" },
    { severity: "info", message: "a README beside the agents" },
    { severity: "error", message: "another file's" },
  ],
};

describe("selectListing", () => {
  test("filters by provider, source and a word in the name or description; sorts as asked", () => {
    const names = (filters: object, word?: string) =>
      selectListing(listing, { filters, word, configNotes: 0 }).agents.map((a) => a.name);
    expect(names({})).toEqual(["beta", "Alpha", "gamma", "delta"]);
    expect(names({ provider: "p1" })).toEqual(["beta", "delta"]);
    expect(names({ source: "user" })).toEqual(["Alpha", "delta"]);
    expect(names({}, "REVIEW")).toEqual(["gamma"]);
    expect(names({ sort: "name" })).toEqual(["Alpha", "beta", "delta", "gamma"]);
    // project, user, plugins, bundled.
    expect(names({ sort: "source" })).toEqual(["beta", "Alpha", "delta", "gamma"]);
  });

  test("a word is looked for in the prompt only where the caller says it is there", () => {
    const found = selectListing(listing, {
      filters: {},
      word: "secret",
      configNotes: 0,
      inPrompt: (i, needle) => i === 3 && needle === "secret",
    });
    expect(found.agents.map((a) => a.name)).toEqual(["delta"]);
  });

  test("the footer's counts: shadowed names once each, copies of the agents shown, problems less the config's and notes", () => {
    const all = selectListing(listing, { filters: {}, configNotes: 1 });
    expect(all).toMatchObject({ total: 4, shadowed: ["beta", "Alpha"], copies: 2, problems: 2 });
    const some = selectListing(listing, { filters: { source: "user" }, configNotes: 0 });
    expect(some).toMatchObject({ total: 4, copies: 0, problems: 3 });
  });

  test("a filter value the listing does not have is a problem named with the values it has", () => {
    expect(filterProblem(["p1"], { provider: "p3" })).toEqual({
      kind: "provider",
      flag: "--provider",
      wanted: "p3",
      known: ["p1"],
    });
    expect(filterProblem(["p1"], { source: "plugin" })?.known).toEqual(["project", "user", "bundled"]);
    expect(filterProblem(["p1"], { sort: "size" })?.kind).toBe("sort key");
    expect(filterProblem(["p1"], { provider: "p1", source: "user", sort: "name" })).toBeUndefined();
  });

  test("sorting is stable: ties keep precedence order", () => {
    const rows = [row("x", { provider: "b" }), row("y", { provider: "a" }), row("z", { provider: "b" })];
    expect(sortAgents(rows, "provider").map((a) => a.name)).toEqual(["y", "x", "z"]);
    expect(sortAgents(rows, undefined)).not.toBe(rows);
  });
});

describe("buildListing", () => {
  const agent = (name: string, filePath: string): AgentDefinition =>
    ({
      name,
      description: `${name}.`,
      source: "project",
      provider: "p1",
      filePath,
      systemPrompt: "",
    }) as AgentDefinition;

  test("summaries with disabled, copies and orphaned copies; the config's diagnostics first", () => {
    const original = agent("a", "/p/.one/a.md");
    const copy = agent("a", "/p/.two/a.md");
    const orphan = agent("gone", "/p/.two/gone.md");
    const d = {
      agents: [original, orphan],
      shadowed: [{ agent: copy, shadowedBy: original.filePath }],
      diagnostics: [{ severity: "warning", code: "x/y", message: "discovery's" }],
      copies: [
        { agent: copy, copyOf: "/p/.one/a.md" },
        { agent: orphan, copyOf: undefined },
      ],
      projectAgentsDir: "/p/.one",
    } as unknown as AgentDiscovery;
    const built = buildListing(d, {
      disabled: ["gone"],
      configDiagnostics: [{ severity: "info", message: "config" }],
    });
    expect(built.agents).toEqual([
      expect.objectContaining({ name: "a", copies: ["/p/.two/a.md"] }),
      expect.objectContaining({ name: "gone", disabled: true, copy: true }),
    ]);
    expect(built.agents[0]).not.toHaveProperty("disabled");
    expect(built.shadowed).toEqual([
      { name: "a", source: "project", provider: "p1", filePath: "/p/.two/a.md", shadowedBy: "/p/.one/a.md" },
    ]);
    expect(built.diagnostics.map((x) => (x as { message: string }).message)).toEqual([
      "config",
      "discovery's",
    ]);
    expect(built.projectAgentsDir).toBe("/p/.one");
    expect(buildListing({ ...d, projectAgentsDir: null }).projectAgentsDir).toBeNull();
  });
});

describe("showsWhole", () => {
  test("only a list with no word, filter, order, names or files shows the listing whole", () => {
    expect(showsWhole({}, undefined)).toBe(true);
    expect(showsWhole({}, "review")).toBe(false);
    for (const filters of [
      { names: true },
      { files: true },
      { provider: "claude" },
      { source: "user" },
      { sort: "name" },
    ])
      expect(showsWhole(filters, undefined)).toBe(false);
  });
});
