import { draw } from "@roster/terminal";
import { describe, expect, test } from "vitest";
import { listingLines } from "./describe-listing.js";
import { selectListing } from "./select-listing.js";

const listing = {
  agents: [
    {
      name: "a",
      description: "first",
      source: "project",
      provider: "claude",
      filePath: "/p/.claude/agents/a.md",
    },
    {
      name: "b",
      description: "second",
      source: "user",
      provider: "codex",
      filePath: "/h/.codex/agents/b.toml",
      disabled: true,
    },
  ],
  shadowed: [{ name: "a" }, { name: "a" }],
  diagnostics: [{ severity: "warning" }, { severity: "info" }],
};

describe("listingLines", () => {
  test("the table, then the footer: the count, the shadowed names once, the problems reading files", () => {
    const selected = selectListing(listing, { filters: {}, configNotes: 0 });
    const lines = listingLines(selected, { screen: { cwd: "/p", home: "/h" } }).map((t) => draw(t, false));
    expect(lines).toEqual([
      [
        "NAME          SOURCE   PROVIDER  FILE                    DESCRIPTION",
        "a             project  claude    .claude/agents/a.md     first",
        "b (disabled)  user     codex     ~/.codex/agents/b.toml  second",
      ].join("\n"),
      "",
      "2 agents; shadowed: a (roster why NAME); 1 problem reading agent files (roster doctor)",
    ]);
  });

  test("a filter that finds some: `1 of 2 agents`; none found: no table", () => {
    const one = selectListing(listing, { filters: { provider: "codex" }, configNotes: 0 });
    expect(draw(listingLines(one, { screen: { cwd: "/p" } }).at(-1)!, false)).toMatch(/^1 of 2 agents;/);
    const none = selectListing(listing, { filters: { provider: "nobody" }, configNotes: 2 });
    expect(listingLines(none, { screen: { cwd: "/p" } }).map((t) => draw(t, false))).toEqual([
      "0 of 2 agents; shadowed: a (roster why NAME)",
    ]);
  });
});
