import type { FileRecord } from "@roster/core";
import { loadedAgentRecord } from "@roster/testkit";
import { describe, expect, test } from "vitest";
import { listingJson } from "./listing-json.js";
import type { AgentRow, Listing } from "./select-listing.js";

const row = (name: string) => ({ name, source: "project", provider: "claude" }) as AgentRow;
const listing: Listing = {
  agents: [row("a"), row("b")],
  shadowed: [{ name: "a" }],
  diagnostics: [{ severity: "warning", message: "m" }],
};

describe("listingJson", () => {
  test("the agents shown, the whole listing's shadowed and diagnostics, no folder as null, in that key order", () => {
    const json = listingJson(listing, [row("b")]);
    expect(JSON.stringify(json)).toBe(
      JSON.stringify({
        agents: [row("b")],
        shadowed: [{ name: "a" }],
        diagnostics: [{ severity: "warning", message: "m" }],
        projectAgentsDir: null,
      }),
    );
  });
  test("the project's folder as it is; with files, each one's record by its folder", () => {
    const file = loadedAgentRecord("claude", "/p/.claude/agents/a.md") as unknown as FileRecord;
    const json = listingJson({ ...listing, projectAgentsDir: "/p/.claude/agents" }, [], [file]);
    expect(json.projectAgentsDir).toBe("/p/.claude/agents");
    expect(json.files).toEqual([
      {
        path: "/p/.claude/agents/a.md",
        kind: "agent",
        provider: "claude",
        scope: "project",
        location: "/p/.claude/agents",
        outcome: "loaded",
      },
    ]);
  });
});
